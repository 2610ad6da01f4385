CREATE TABLE "sender_ids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"sender_id" text NOT NULL,
	"sender_key" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"admin_note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sender_ids_status" CHECK ("sender_ids"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "sender_ids_kind" CHECK ("sender_ids"."kind" in ('alphanumeric', 'numeric'))
);
--> statement-breakpoint
ALTER TABLE "sender_ids" ADD CONSTRAINT "sender_ids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_ids" ADD CONSTRAINT "sender_ids_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sender_ids_open_key" ON "sender_ids" USING btree ("user_id","sender_key") WHERE "sender_ids"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "sender_ids_user_idx" ON "sender_ids" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sender_ids_status_idx" ON "sender_ids" USING btree ("status","created_at");