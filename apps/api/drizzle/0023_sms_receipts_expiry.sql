CREATE TABLE "sms_inbound" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"destination" text NOT NULL,
	"message" text NOT NULL,
	"esm_class" integer NOT NULL,
	"data_coding" integer NOT NULL,
	"kind" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_inbound_kind" CHECK ("sms_inbound"."kind" in ('message', 'receipt-mismatch'))
);
--> statement-breakpoint
ALTER TABLE "sms_messages" DROP CONSTRAINT "sms_messages_status";--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "handed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sms_inbound_received_idx" ON "sms_inbound" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "sms_messages_sent_idx" ON "sms_messages" USING btree ("sent_at") WHERE "sms_messages"."status" = 'sent';--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_status" CHECK ("sms_messages"."status" in ('queued', 'sending', 'sent', 'delivered', 'failed', 'expired'));