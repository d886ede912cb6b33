-- Tenant admins (issue 25): their API tokens carry the admin scope (tenant tools).
ALTER TABLE users ADD COLUMN admin INTEGER NOT NULL DEFAULT 0
