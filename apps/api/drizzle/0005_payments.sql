CREATE TABLE "crypto_wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"currency" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"wallet_type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crypto_wallets_currency_address" UNIQUE("currency","network","address")
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_base_quote_pk" PRIMARY KEY("base","quote"),
	CONSTRAINT "exchange_rates_positive" CHECK ("exchange_rates"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"balance_after" numeric(20, 2) NOT NULL,
	"rate" numeric(38, 18),
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_reference" UNIQUE("kind","reference"),
	CONSTRAINT "ledger_entries_kind" CHECK ("ledger_entries"."kind" in ('deposit', 'purchase', 'charge', 'refund', 'adjustment')),
	CONSTRAINT "ledger_entries_balance_after" CHECK ("ledger_entries"."balance_after" >= 0),
	CONSTRAINT "ledger_entries_amount_not_zero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "payment_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"fiat_amount" numeric(20, 2) NOT NULL,
	"fiat_currency" text NOT NULL,
	"currency" text NOT NULL,
	"network" text NOT NULL,
	"wallet_id" uuid NOT NULL,
	"address" text NOT NULL,
	"crypto_amount" numeric(38, 18) NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"credit_amount" numeric(20, 2) NOT NULL,
	"credit_rate" numeric(38, 18) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_quotes_positive" CHECK ("payment_quotes"."crypto_amount" > 0 and "payment_quotes"."fiat_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"service_name" text NOT NULL,
	"service_price" text,
	"amount" numeric(20, 2) NOT NULL,
	"amount_currency" text NOT NULL,
	"currency" text NOT NULL,
	"network" text NOT NULL,
	"wallet_id" uuid NOT NULL,
	"wallet_address" text NOT NULL,
	"crypto_amount" numeric(38, 18) NOT NULL,
	"quote_id" uuid NOT NULL,
	"tx_hash" text,
	"item_kind" text,
	"item_id" uuid,
	"credit_amount" numeric(20, 2) NOT NULL,
	"credit_rate" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"admin_notes" text,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_quote_id_unique" UNIQUE("quote_id"),
	CONSTRAINT "transactions_tx_hash_unique" UNIQUE("tx_hash"),
	CONSTRAINT "transactions_kind" CHECK ("transactions"."kind" in ('topup', 'purchase')),
	CONSTRAINT "transactions_status" CHECK ("transactions"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "transactions_amount_positive" CHECK ("transactions"."amount" > 0 and "transactions"."credit_amount" > 0),
	CONSTRAINT "transactions_item" CHECK (("transactions"."kind" = 'topup') = ("transactions"."item_kind" is null) and ("transactions"."item_kind" is null) = ("transactions"."item_id" is null))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_quotes" ADD CONSTRAINT "payment_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_quotes" ADD CONSTRAINT "payment_quotes_wallet_id_crypto_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."crypto_wallets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_wallet_id_crypto_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."crypto_wallets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_quote_id_payment_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."payment_quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_user_idx" ON "transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_status_idx" ON "transactions" USING btree ("status","created_at");--> statement-breakpoint
INSERT INTO "exchange_rates" ("base", "quote", "rate", "source") VALUES
  ('USD', 'GBP', '0.79', 'seed'),
  ('BTC', 'USD', '95000', 'seed'),
  ('ETH', 'USD', '3200', 'seed'),
  ('USDT', 'USD', '1', 'seed'),
  ('USDC', 'USD', '1', 'seed'),
  ('LTC', 'USD', '85', 'seed'),
  ('SOL', 'USD', '180', 'seed'),
  ('BNB', 'USD', '600', 'seed'),
  ('TRX', 'USD', '0.25', 'seed'),
  ('MATIC', 'USD', '0.45', 'seed');
