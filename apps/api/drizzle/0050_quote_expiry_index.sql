-- On a large database, build this concurrently before upgrading (docs/operations/migrations.md).
CREATE INDEX IF NOT EXISTS "payment_quotes_expiry_idx" ON "payment_quotes" USING btree ("expires_at") WHERE "payment_quotes"."watch_key_id" is null;
