CREATE TABLE "sms_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"total" integer NOT NULL,
	"cost" numeric(20, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"batch_id" uuid,
	"sender_id" text NOT NULL,
	"recipient" text NOT NULL,
	"message" text NOT NULL,
	"encoding" text NOT NULL,
	"segments" integer NOT NULL,
	"country_code" text NOT NULL,
	"unit_price" numeric(12, 4) NOT NULL,
	"price_currency" text NOT NULL,
	"cost" numeric(20, 4) NOT NULL,
	"rate" numeric(38, 18),
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"reference" integer NOT NULL,
	"accepted_parts" text[] DEFAULT '{}'::text[] NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	CONSTRAINT "sms_messages_status" CHECK ("sms_messages"."status" in ('queued', 'sending', 'sent', 'delivered', 'failed')),
	CONSTRAINT "sms_messages_reference" CHECK ("sms_messages"."reference" between 0 and 255),
	CONSTRAINT "sms_messages_cost" CHECK ("sms_messages"."cost" >= 0 and "sms_messages"."segments" >= 1)
);
--> statement-breakpoint
CREATE TABLE "sms_parts" (
	"upstream_id" text PRIMARY KEY NOT NULL,
	"message_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	CONSTRAINT "sms_parts_status" CHECK ("sms_parts"."status" in ('sent', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "amount" SET DATA TYPE numeric(20, 4);--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "balance_after" SET DATA TYPE numeric(20, 4);--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "crypto_balance" SET DATA TYPE numeric(20, 4);--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "crypto_balance" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "sms_batches" ADD CONSTRAINT "sms_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_batch_id_sms_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."sms_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_parts" ADD CONSTRAINT "sms_parts_message_id_sms_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."sms_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_user_idx" ON "sms_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_batch_idx" ON "sms_messages" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "sms_messages_outbox_idx" ON "sms_messages" USING btree ("next_attempt_at") WHERE "sms_messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "sms_messages_sending_idx" ON "sms_messages" USING btree ("claimed_until") WHERE "sms_messages"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "sms_parts_message_idx" ON "sms_parts" USING btree ("message_id");