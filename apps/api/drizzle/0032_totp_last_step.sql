ALTER TABLE "admin_second_factors" ADD COLUMN "last_totp_step" bigint;--> statement-breakpoint
-- HAND-WRITTEN BACKFILL (sec-f, decision 0040): must run after the ADD COLUMN above and
-- before the DROP TABLE below. Each admin's last used step is the latest one the old
-- table holds, so a code used just before the upgrade is not accepted again after it.
UPDATE "admin_second_factors" f SET "last_totp_step" = u."step"
FROM (SELECT "user_id", max("step") AS "step" FROM "admin_used_totp_steps" GROUP BY "user_id") u
WHERE u."user_id" = f."user_id";--> statement-breakpoint
-- END OF HAND-WRITTEN BACKFILL
DROP TABLE "admin_used_totp_steps" CASCADE;
