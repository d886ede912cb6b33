-- Traces (seed 004 "Хранение данных"): chat_logs = one row per request (its final result),
-- request_traces = one row per agent step of a request. Idempotent: agent/traces.py applies it too.

CREATE TABLE IF NOT EXISTS chat_logs (
    request_id        TEXT PRIMARY KEY,
    thread_id         TEXT NOT NULL,
    run_id            TEXT,
    kind              TEXT NOT NULL,              -- ask | resume
    question          TEXT,
    user_response     TEXT,                       -- the answer given to an interrupt (resume)
    parent_request_id TEXT,                       -- the interrupted request a resume continues
    input             JSONB,                      -- graph input: question, chat_history, now
    status            TEXT,                       -- answered | clarification | no_data | confirm_plan | error
    response          TEXT,
    result            JSONB,                      -- the --json result object
    provider          TEXT,
    duration_ms       DOUBLE PRECISION,
    error             TEXT,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS chat_logs_thread ON chat_logs (thread_id, created_at);

CREATE TABLE IF NOT EXISTS request_traces (
    id              BIGSERIAL PRIMARY KEY,
    request_id      TEXT NOT NULL,
    thread_id       TEXT NOT NULL,
    seq             INTEGER NOT NULL,             -- order of the step within the request
    agent           TEXT NOT NULL,
    input           JSONB,
    output          JSONB,
    duration_ms     DOUBLE PRECISION,
    llm             JSONB,                        -- LLM calls: method, request, response, tokens, ms
    input_tokens    INTEGER NOT NULL DEFAULT 0,
    output_tokens   INTEGER NOT NULL DEFAULT 0,
    cost_usd        DOUBLE PRECISION NOT NULL DEFAULT 0,
    intent          JSONB,
    plan            JSONB,
    was_interrupted BOOLEAN NOT NULL DEFAULT FALSE,
    interrupt_type  TEXT,
    user_response   TEXT,
    error           TEXT,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS request_traces_request ON request_traces (request_id, seq);

-- Threads known to the server (LangGraph-compatible API: created_at, metadata); their state lives
-- in the checkpointer.
CREATE TABLE IF NOT EXISTS api_threads (
    thread_id  TEXT PRIMARY KEY,
    metadata   JSONB NOT NULL DEFAULT '{}'::jsonb,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
