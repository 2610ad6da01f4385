CREATE TABLE "dashboard_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"prefs" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price" numeric(20, 2) NOT NULL,
	"price_currency" text NOT NULL,
	"charged" numeric(20, 2) NOT NULL,
	"charged_rate" numeric(38, 18),
	"paid_with" text NOT NULL,
	"transaction_id" uuid,
	"billing_period" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"renews_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "orders_item_kind" CHECK ("orders"."item_kind" in ('package', 'sip_domain', 'number')),
	CONSTRAINT "orders_paid_with" CHECK ("orders"."paid_with" in ('balance', 'crypto')),
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('active', 'cancelled')),
	CONSTRAINT "orders_amounts" CHECK ("orders"."price" >= 0 and "orders"."charged" >= 0)
);
--> statement-breakpoint
ALTER TABLE "dashboard_preferences" ADD CONSTRAINT "dashboard_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_exclusive_item" ON "orders" USING btree ("item_kind","item_id") WHERE "orders"."item_kind" in ('sip_domain', 'number') and "orders"."status" = 'active';--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");