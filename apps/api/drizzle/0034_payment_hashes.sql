DROP INDEX "transactions_network_tx_hash";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "claimed_crypto_amount" numeric(38, 18);--> statement-breakpoint
-- ---- BEGIN hand-written data step (keep when regenerating: decision 0036) ----
-- Rows from before claims existed: one that named a quote made before it (the browser's,
-- locked while the customer paid) claims its amount. A submission without a quote had
-- one written for it in the same moment: it claimed nothing, and stays NULL so the admin
-- sees it was paid without a quote (the squatting case).
UPDATE "transactions" AS t SET "claimed_crypto_amount" = t."crypto_amount"
FROM "payment_quotes" AS q
WHERE q."id" = t."quote_id" AND t."claimed_crypto_amount" IS NULL
  AND q."created_at" < t."created_at" - interval '1 second';--> statement-breakpoint
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