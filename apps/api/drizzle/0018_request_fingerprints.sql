ALTER TABLE "orders" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "request_hash" text;