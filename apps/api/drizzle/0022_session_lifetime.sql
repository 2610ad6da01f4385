ALTER TABLE "sessions" ADD COLUMN "absolute_expires_at" timestamp with time zone;--> statement-breakpoint
-- Sessions already open get the new lifetimes from their sign-in: customers 30 days,
-- admins 12 hours; admins' idle time drops to 30 minutes.
UPDATE "sessions" SET "absolute_expires_at" = "sessions"."created_at" + CASE WHEN "users"."is_admin" THEN interval '12 hours' ELSE interval '30 days' END, "idle_seconds" = CASE WHEN "users"."is_admin" THEN 1800 ELSE "sessions"."idle_seconds" END FROM "users" WHERE "users"."id" = "sessions"."user_id";--> statement-breakpoint
UPDATE "sessions" SET "expires_at" = least("expires_at", "last_seen_at" + make_interval(secs => "idle_seconds"), "absolute_expires_at");--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "absolute_expires_at" SET NOT NULL;
