// Drives AskBar's crons (scheduled questions) with the official JS SDK (@langchain/langgraph-sdk):
// create, createForThread, search, count, delete; prints what it got as one JSON object
// (tests/server/test_crons_sdk.py checks it). usage: node crons.mjs URL TOKEN
import { Client } from "@langchain/langgraph-sdk";

const [url, token] = process.argv.slice(2);
const client = new Client({ apiUrl: url, apiKey: token || null });
const out = {};

const cron = await client.crons.create("askbar", {
  schedule: "0 17 * * 5", input: { question: "NQ stats for November 2023" }, metadata: { sdk: "js" },
});
const thread = await client.threads.create();
const tcron = await client.crons.createForThread(thread.thread_id, "askbar", {
  schedule: "30 9 * * 1-5", input: { messages: [{ type: "human", content: "SPY stats for March 2024" }] },
  timezone: "Europe/Madrid",
});
out.cron = cron;
out.thread_cron = tcron;
out.thread_id = thread.thread_id;
out.found = (await client.crons.search({ metadata: { sdk: "js" } })).map((c) => c.cron_id);
out.on_thread = (await client.crons.search({ threadId: thread.thread_id })).map((c) => c.cron_id);
out.count = await client.crons.count();
await client.crons.delete(cron.cron_id);
out.after_delete = (await client.crons.search()).map((c) => c.cron_id);
try {
  await client.crons.create("askbar", { schedule: "61 * * * *", input: { question: "x" } });
  out.bad_schedule = "accepted";
} catch (e) {
  out.bad_schedule = String(e.status ?? e.message);
}
process.stdout.write(JSON.stringify(out) + "\n");
