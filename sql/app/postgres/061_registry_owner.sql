-- Registered tools belong to a user (issue 25): shared = 1 is a tenant tool, seen and run by
-- every user of the tenant and changed only by its owner or a tenant admin, and shared = 0 is its
-- owner's alone. Tools registered before this were seen by the whole tenant: they stay shared.
ALTER TABLE registry_tools ADD COLUMN shared INTEGER NOT NULL DEFAULT 1
