-- Idempotent confirmed actions (issue 14): the graph checkpoints only when a run stops, so a
-- process that dies after placing a confirmed order or alert leaves the thread waiting at the same
-- confirmation, and a second "yes" runs the same action again. The action's id (made by code when
-- the action was proposed, never by a model) is stored with the row it created; a repeat with the
-- same key finds that row instead of writing another. NULL for rows made without a key (direct
-- tool calls, rows placed before this migration): NULLs never collide in a unique index.
-- Cancellations and deletions only change an existing row (status = 'pending'/'active' guarded),
-- so running one twice writes nothing twice and needs no key.

ALTER TABLE paper_orders ADD COLUMN IF NOT EXISTS client_key VARCHAR;
ALTER TABLE price_alerts ADD COLUMN IF NOT EXISTS client_key VARCHAR;

CREATE UNIQUE INDEX IF NOT EXISTS paper_orders_client_key ON paper_orders (tenant_id, user_id, client_key);
CREATE UNIQUE INDEX IF NOT EXISTS price_alerts_client_key ON price_alerts (tenant_id, user_id, client_key);
