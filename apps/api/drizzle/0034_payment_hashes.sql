DROP INDEX "transactions_network_tx_hash";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "claimed_crypto_amount" numeric(38, 18);--> statement-breakpoint
-- ---- BEGIN hand-written data step (keep when regenerating: decision 0036) ----
-- Rows from before claims existed: the browser always named its quote, so they claim
-- its amount.
UPDATE "transactions" SET "claimed_crypto_amount" = "crypto_amount" WHERE "claimed_crypto_amount" IS NULL;--> statement-breakpoint
-- One hash on two networks (or twice on one) among pending and approved payments: the
-- row that keeps it is an approved one if any, else the oldest; the others are marked,
-- refused approval, and listed by the ledger check. Rejected rows hold no hash any more.
UPDATE "transactions" AS t SET "hash_conflict" = true FROM (
  SELECT "id", row_number() OVER (
    PARTITION BY regexp_replace("tx_hash", '^0x', '')
    ORDER BY ("status" = 'approved') DESC, "created_at", "id"
  ) AS n FROM "transactions"
  WHERE "tx_hash" IS NOT NULL AND "status" IN ('pending', 'approved') AND NOT "hash_conflict"
) AS r WHERE t."id" = r."id" AND r.n > 1;--> statement-breakpoint
-- ---- END hand-written data step ----
CREATE UNIQUE INDEX "transactions_tx_hash_live" ON "transactions" USING btree (regexp_replace("tx_hash", '^0x', '')) WHERE "transactions"."tx_hash" is not null and "transactions"."status" in ('pending', 'approved') and not "transactions"."hash_conflict";