// Drives AskBar's LangGraph Server API with the official JS SDK (@langchain/langgraph-sdk) and
// prints what it got as one JSON object; tests/server/test_langgraph_js_sdk.py checks it.
// usage: node check.mjs URL [TOKEN] [JOIN_THREAD JOIN_RUN]
import { Client } from "@langchain/langgraph-sdk";

const [url, token, joinThread, joinRun] = process.argv.slice(2);
const client = new Client({ apiUrl: url, apiKey: token || null });
const QUESTION = "NQ stats for November 2023";
const out = {};

async function collect(gen) {
  const parts = [];
  for await (const part of gen) parts.push(part);
  return parts;
}

if (joinRun) {
  // a run another server started: its stream (replayed from the start), then its outcome
  const parts = await collect(client.runs.joinStream(joinThread, joinRun));
  out.joined_events = parts.map((p) => p.event);
  out.joined = await client.runs.join(joinThread, joinRun);
  out.joined_run = await client.runs.get(joinThread, joinRun);
} else {
  out.assistants = (await client.assistants.search()).map((a) => a.assistant_id);
  const thread = await client.threads.create({ metadata: { sdk: "js" } });
  const parts = await collect(client.runs.stream(thread.thread_id, "askbar", {
    input: { messages: [{ type: "human", content: QUESTION, id: "js-msg-1" }] },
    streamMode: ["values", "updates", "messages-tuple", "custom"],
  }));
  out.events = [...new Set(parts.map((p) => p.event))];
  out.streamed_text = parts.filter((p) => p.event === "messages").map((p) => p.data[0].content).join("");
  out.state = (await client.threads.getState(thread.thread_id)).values;

  const asked = await client.threads.create();
  const waiting = await client.runs.wait(asked.thread_id, "askbar", { input: { question: "Покажи статистику" } });
  out.interrupt = waiting.__interrupt__[0].value;
  out.interrupted_status = (await client.threads.get(asked.thread_id)).status;
  const resumed = await collect(client.runs.stream(asked.thread_id, "askbar", {
    command: { resume: "NQ за ноябрь 2023" }, streamMode: "values",
  }));
  out.resumed = resumed[resumed.length - 1].data;
  out.resumed_state = (await client.threads.getState(asked.thread_id)).values;

  const run = await client.runs.create(thread.thread_id, "askbar", { input: { question: "SPY stats for March 2024" } });
  out.background = await client.runs.join(thread.thread_id, run.run_id);
  out.background_run = await client.runs.get(thread.thread_id, run.run_id);
  out.runs = (await client.runs.list(thread.thread_id)).map((r) => r.status);
  out.stateless = await client.runs.wait(null, "askbar", { input: { question: QUESTION } });
  out.found = (await client.threads.search({ metadata: { sdk: "js" } })).map((t) => t.thread_id);
  out.thread_id = thread.thread_id;
}
process.stdout.write(JSON.stringify(out) + "\n");
