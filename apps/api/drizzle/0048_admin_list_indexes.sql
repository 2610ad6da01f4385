-- On a large database, build these concurrently before upgrading (docs/operations/migrations.md).
CREATE INDEX IF NOT EXISTS "transactions_created_idx" ON "transactions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_admins_idx" ON "users" USING btree ("id") WHERE "users"."is_admin";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "calls_created_idx" ON "calls" USING btree ("created_at","id");
