-- Runs looked up by id (LangGraph API GET /threads/{thread_id}/runs/{run_id} after the run's
-- buffered events expired, issue 28).
CREATE INDEX IF NOT EXISTS chat_logs_run ON chat_logs (run_id);
