ALTER TABLE "transactions" DROP CONSTRAINT "transactions_tx_hash_unique";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "hash_conflict" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hashes in their canonical form: hex lower-case (EVM keeps its 0x), Solana's base58 as it is.
UPDATE "transactions" SET "tx_hash" = lower("tx_hash") WHERE "network" <> 'solana' AND "tx_hash" <> lower("tx_hash");--> statement-breakpoint
-- Rows that now share (network, hash) are all kept; the one that holds the hash is an
-- approved one if any, else the oldest; the others are marked, refused approval, and
-- listed by the ledger check (GET /api/admin/ledger/check).
UPDATE "transactions" AS t SET "hash_conflict" = true FROM (
  SELECT "id", row_number() OVER (
    PARTITION BY "network", "tx_hash"
    ORDER BY ("status" = 'approved') DESC, "created_at", "id"
  ) AS n FROM "transactions" WHERE "tx_hash" IS NOT NULL
) AS r WHERE t."id" = r."id" AND r.n > 1;--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_quotes_address_idx" ON "payment_quotes" USING btree ("network","address","expires_at");--> statement-breakpoint
CREATE INDEX "payment_quotes_user_idx" ON "payment_quotes" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_network_tx_hash" ON "transactions" USING btree ("network","tx_hash") WHERE "transactions"."tx_hash" is not null and not "transactions"."hash_conflict";--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_tx_hash_canonical" CHECK ("transactions"."network" = 'solana' or "transactions"."tx_hash" = lower("transactions"."tx_hash"));
