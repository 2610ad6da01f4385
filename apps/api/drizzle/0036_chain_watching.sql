CREATE TABLE "chain_blocks" (
	"network" text NOT NULL,
	"height" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "chain_blocks_network_height_pk" PRIMARY KEY("network","height")
);
--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"network" text PRIMARY KEY NOT NULL,
	"height" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"node_height" bigint,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"network" text NOT NULL,
	"txid" text NOT NULL,
	"output" text NOT NULL,
	"address" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"quote_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'seen' NOT NULL,
	"block_height" bigint,
	"block_hash" text,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"credit_amount" numeric(20, 4),
	"credit_rate" numeric(38, 18),
	"credited_at" timestamp with time zone,
	"flagged_at" timestamp with time zone,
	"flag_evidence" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_deposits_reference_unique" UNIQUE("reference"),
	CONSTRAINT "chain_deposits_status" CHECK ("chain_deposits"."status" in ('seen', 'credited', 'dropped')),
	CONSTRAINT "chain_deposits_amount" CHECK ("chain_deposits"."amount" > 0),
	CONSTRAINT "chain_deposits_credited" CHECK (("chain_deposits"."status" = 'credited') = ("chain_deposits"."credited_at" is not null and "chain_deposits"."credit_amount" is not null))
);
--> statement-breakpoint
CREATE TABLE "chain_watch_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family" text NOT NULL,
	"extended_key" text NOT NULL,
	"chain" text NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_watch_keys_family" CHECK ("chain_watch_keys"."family" in ('bitcoin', 'litecoin', 'evm', 'tron')),
	CONSTRAINT "chain_watch_keys_next_index" CHECK ("chain_watch_keys"."next_index" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_quotes" ALTER COLUMN "wallet_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "wallet_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_quotes" ADD COLUMN "watch_key_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_quotes" ADD COLUMN "derivation_index" integer;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_quote_id_payment_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."payment_quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_watch_keys" ADD CONSTRAINT "chain_watch_keys_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_deposits_open_idx" ON "chain_deposits" USING btree ("network","status");--> statement-breakpoint
CREATE INDEX "chain_deposits_quote_idx" ON "chain_deposits" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "chain_deposits_user_idx" ON "chain_deposits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_watch_keys_key" ON "chain_watch_keys" USING btree ("family","extended_key");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_watch_keys_active" ON "chain_watch_keys" USING btree ("family") WHERE "chain_watch_keys"."is_active";--> statement-breakpoint
ALTER TABLE "payment_quotes" ADD CONSTRAINT "payment_quotes_watch_key_id_chain_watch_keys_id_fk" FOREIGN KEY ("watch_key_id") REFERENCES "public"."chain_watch_keys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_quotes_derivation" ON "payment_quotes" USING btree ("watch_key_id","derivation_index");--> statement-breakpoint
ALTER TABLE "payment_quotes" ADD CONSTRAINT "payment_quotes_address_source" CHECK (("payment_quotes"."wallet_id" is null) <> ("payment_quotes"."watch_key_id" is null) and ("payment_quotes"."watch_key_id" is null) = ("payment_quotes"."derivation_index" is null));