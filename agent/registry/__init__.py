"""The Tool Registry Service (seed 003, DESIGN.md "Tool Registry Service").

AskBar's graph plays the seed's Agent Orchestrator. Tasks travel as seed envelopes on the seed's
queues (`tool_execution:{tenant_id}`, ...): Redis Streams with consumer groups in production (workers
started with `askbar registry worker` scale out), an in-process emulation of the same stream
semantics for the embedded default, so both run the same worker code.
"""
