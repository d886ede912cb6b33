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
  // a Stop pressed just after the run ended: LangGraph's server answers 404 (no matching run)
  try {
    await client.runs.cancel(thread.thread_id, run.run_id);
    out.cancel_finished = { ok: true };
  } catch (e) {
    out.cancel_finished = { status: e.status ?? e.response?.status ?? null, message: String(e.message || e) };
  }
  // stream_mode "messages": messages/metadata, messages/partial (accumulated), messages/complete
  const chat = await client.threads.create();
  const messages = await collect(client.runs.stream(chat.thread_id, "askbar", {
    input: { question: QUESTION }, streamMode: "messages",
  }));
  out.messages_events = messages.map((p) => p.event);
  out.messages_partials = messages.filter((p) => p.event === "messages/partial").map((p) => p.data[0].content);
  out.messages_complete = messages.filter((p) => p.event === "messages/complete").map((p) => p.data[0]);
  out.messages_metadata = messages.filter((p) => p.event === "messages/metadata").map((p) => p.data);
  out.messages_state = (await client.threads.getState(chat.thread_id)).values;
  out.stateless = await client.runs.wait(null, "askbar", { input: { question: QUESTION } });
  out.found = (await client.threads.search({ metadata: { sdk: "js" } })).map((t) => t.thread_id);
  out.thread_id = thread.thread_id;
}
process.stdout.write(JSON.stringify(out) + "\n");
