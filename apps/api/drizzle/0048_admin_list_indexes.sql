-- On a large database, build it concurrently before upgrading (docs/operations/migrations.md).
CREATE INDEX IF NOT EXISTS "users_created_idx" ON "users" USING btree ("created_at","id");
