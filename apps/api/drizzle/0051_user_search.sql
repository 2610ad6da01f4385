-- Trigram indexes for the admin's search of users (ships with PostgreSQL's contrib, a
-- trusted extension since PostgreSQL 13: the database's owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- On a large database, build this concurrently before upgrading (docs/operations/migrations.md).
CREATE INDEX IF NOT EXISTS "users_search_idx" ON "users" USING gin ("email" gin_trgm_ops,(coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops);
