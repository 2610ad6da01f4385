CREATE TABLE "smpp_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"system_id" text NOT NULL,
	"password_hash" text NOT NULL,
	"label" text NOT NULL,
	"allowed_ips" text[] DEFAULT '{}'::text[] NOT NULL,
	"max_per_second" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_bind_at" timestamp with time zone,
	"last_bind_ip" text,
	CONSTRAINT "smpp_accounts_system_id_unique" UNIQUE("system_id"),
	CONSTRAINT "smpp_accounts_rate" CHECK ("smpp_accounts"."max_per_second" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "smpp_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"instance_id" text NOT NULL,
	"remote_ip" text NOT NULL,
	"bind_type" text NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted" integer DEFAULT 0 NOT NULL,
	"per_second" integer DEFAULT 0 NOT NULL,
	"end_requested_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "smpp_sessions_bind_type" CHECK ("smpp_sessions"."bind_type" in ('transmitter', 'receiver', 'transceiver'))
);
--> statement-breakpoint
CREATE TABLE "smpp_submits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"message_id" uuid,
	"registered_delivery" integer NOT NULL,
	"source" text NOT NULL,
	"destination" text NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"part_key" text,
	"part_seq" integer,
	"part_total" integer,
	"part_text" text,
	"data_coding" integer NOT NULL,
	"assembled_at" timestamp with time zone,
	"refused" text,
	"receipt_claimed_until" timestamp with time zone,
	"receipt_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smpp_submits_delivery" CHECK ("smpp_submits"."registered_delivery" between 0 and 2)
);
--> statement-breakpoint
ALTER TABLE "smpp_accounts" ADD CONSTRAINT "smpp_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smpp_sessions" ADD CONSTRAINT "smpp_sessions_account_id_smpp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."smpp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smpp_submits" ADD CONSTRAINT "smpp_submits_account_id_smpp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."smpp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smpp_accounts_user_idx" ON "smpp_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "smpp_sessions_account_idx" ON "smpp_sessions" USING btree ("account_id") WHERE "smpp_sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "smpp_submits_receipts_idx" ON "smpp_submits" USING btree ("account_id","created_at") WHERE "smpp_submits"."receipt_sent_at" is null and "smpp_submits"."registered_delivery" > 0;--> statement-breakpoint
CREATE INDEX "smpp_submits_part_key_idx" ON "smpp_submits" USING btree ("account_id","part_key","part_seq") WHERE "smpp_submits"."part_key" is not null;--> statement-breakpoint
CREATE INDEX "smpp_submits_valid_idx" ON "smpp_submits" USING btree ("valid_until");--> statement-breakpoint
CREATE UNIQUE INDEX "smpp_submits_parts_idx" ON "smpp_submits" USING btree ("account_id","part_key","part_seq") WHERE "smpp_submits"."part_key" is not null and "smpp_submits"."assembled_at" is null;