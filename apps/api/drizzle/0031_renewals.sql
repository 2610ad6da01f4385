CREATE TABLE "account_guardrails" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"daily_spend_cap" numeric(20, 4),
	"sms_countries" text[],
	"voice_countries" text[],
	"max_sms_price" numeric(20, 4),
	"max_minute_price" numeric(20, 4),
	"low_balance_alert" numeric(20, 4),
	"low_balance_notified" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_guardrails_amounts" CHECK (coalesce("account_guardrails"."daily_spend_cap", 0) >= 0 and coalesce("account_guardrails"."max_sms_price", 0) >= 0
        and coalesce("account_guardrails"."max_minute_price", 0) >= 0 and coalesce("account_guardrails"."low_balance_alert", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"key" text NOT NULL,
	"read_at" timestamp with time zone,
	"email_due" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"email_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_user_key" UNIQUE("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind";--> statement-breakpoint
DROP INDEX "orders_exclusive_item";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "renewal_charge" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_through" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "auto_renew" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "grace_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "account_guardrails" ADD CONSTRAINT "account_guardrails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_email_idx" ON "notifications" USING btree ("email_due") WHERE "notifications"."email_due" is not null and "notifications"."emailed_at" is null;--> statement-breakpoint
CREATE INDEX "orders_due_idx" ON "orders" USING btree ("status","renews_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_exclusive_item" ON "orders" USING btree ("item_kind","item_id") WHERE "orders"."item_kind" in ('sip_domain', 'number') and "orders"."status" <> 'cancelled';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_through" CHECK ("orders"."paid_through" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_grace" CHECK (("orders"."status" = 'grace') = ("orders"."grace_until" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status" CHECK ("orders"."status" in ('active', 'grace', 'suspended', 'cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts" CHECK ("orders"."price" >= 0 and "orders"."charged" >= 0 and coalesce("orders"."renewal_charge", 0) >= 0);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind" CHECK ("ledger_entries"."kind" in ('deposit', 'purchase', 'charge', 'refund', 'adjustment', 'renewal'));--> statement-breakpoint
-- What each renewal of an existing order charges, GBP: a plan its whole charge, a number
-- the monthly share of its charge (its setup fee is not renewed).
UPDATE "orders" SET "renewal_charge" = "charged" WHERE "item_kind" = 'package' AND "billing_period" = 'monthly';--> statement-breakpoint
UPDATE "orders" SET "renewal_charge" = CASE WHEN "orders"."price" > 0
    THEN round("orders"."charged" * least("did_numbers"."monthly_price", "orders"."price") / "orders"."price", 2)
    ELSE 0 END
  FROM "did_numbers" WHERE "orders"."item_kind" = 'number' AND "did_numbers"."id" = "orders"."item_id";--> statement-breakpoint
-- Orders bought before renewals were charged are taken as paid up to the period running
-- now: nothing is charged for the past, the next anniversary renews them.
UPDATE "orders" AS o SET "paid_through" = p.n,
    "renews_at" = ((o."created_at" AT TIME ZONE 'UTC') + make_interval(months => p.n + 1)) AT TIME ZONE 'UTC'
  FROM (
    SELECT id, GREATEST(0, CASE
        WHEN ((created_at AT TIME ZONE 'UTC') + make_interval(months => m)) AT TIME ZONE 'UTC' > now() THEN m - 1
        ELSE m END) AS n
    FROM (
      SELECT id, created_at, GREATEST(0, ((extract(year FROM now() AT TIME ZONE 'UTC') - extract(year FROM created_at AT TIME ZONE 'UTC')) * 12
        + extract(month FROM now() AT TIME ZONE 'UTC') - extract(month FROM created_at AT TIME ZONE 'UTC'))::int) AS m
      FROM "orders" WHERE "status" = 'active' AND "renewal_charge" IS NOT NULL
    ) AS a
  ) AS p
  WHERE o.id = p.id;
