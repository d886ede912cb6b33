"""Identity: tenants, users with plans, tokens (DESIGN.md "Identity, tenants and plans")."""
