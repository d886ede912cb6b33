-- Seed 004 (logging): every error in a trace carries its severity: low | medium | high | critical
-- (agent/llm/errors.py severity_of). A step's own error, else the worst of its failed LLM calls.
ALTER TABLE request_traces ADD COLUMN IF NOT EXISTS error_severity TEXT;
