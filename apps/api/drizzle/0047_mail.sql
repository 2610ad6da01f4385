CREATE TABLE "mail_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"hourly_limit" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "mail_credentials_username_unique" UNIQUE("username"),
	CONSTRAINT "mail_credentials_username" CHECK ("mail_credentials"."username" ~ '^smtp-[a-z0-9]{10}$'),
	CONSTRAINT "mail_credentials_hourly_limit" CHECK ("mail_credentials"."hourly_limit" between 1 and 100000)
);
--> statement-breakpoint
CREATE TABLE "mail_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"dkim_public_key" text NOT NULL,
	"dkim_private_box" text NOT NULL,
	"record_status" jsonb,
	"verified_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"credential_id" uuid,
	"client_key" text,
	"from_address" text NOT NULL,
	"subject" text NOT NULL,
	"size" integer NOT NULL,
	"recipient_count" integer NOT NULL,
	"cost" numeric(20, 2) DEFAULT '0' NOT NULL,
	"keep_until" timestamp with time zone NOT NULL,
	"queued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_recipients" (
	"message_id" uuid NOT NULL,
	"address" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_recipients_message_id_address_pk" PRIMARY KEY("message_id","address"),
	CONSTRAINT "mail_recipients_state" CHECK ("mail_recipients"."state" in ('queued', 'delivered', 'deferred', 'bounced', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "mail_suppressions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"reason" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_suppressions_reason" CHECK ("mail_suppressions"."reason" in ('bounce', 'complaint', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "mail_usage" (
	"user_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"blocks_billed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mail_usage_user_id_period_start_pk" PRIMARY KEY("user_id","period_start")
);
--> statement-breakpoint
ALTER TABLE "mail_credentials" ADD CONSTRAINT "mail_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_domains" ADD CONSTRAINT "mail_domains_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_credential_id_mail_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."mail_credentials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_recipients" ADD CONSTRAINT "mail_recipients_message_id_mail_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_suppressions" ADD CONSTRAINT "mail_suppressions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_usage" ADD CONSTRAINT "mail_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_credentials_user_idx" ON "mail_credentials" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_domains_user_domain_idx" ON "mail_domains" USING btree ("user_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_domains_verified_idx" ON "mail_domains" USING btree ("domain") WHERE "mail_domains"."verified_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_messages_client_key_idx" ON "mail_messages" USING btree ("user_id","client_key");--> statement-breakpoint
CREATE INDEX "mail_messages_user_created_idx" ON "mail_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_messages_credential_created_idx" ON "mail_messages" USING btree ("credential_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_messages_keep_until_idx" ON "mail_messages" USING btree ("keep_until");--> statement-breakpoint
CREATE INDEX "mail_recipients_open_idx" ON "mail_recipients" USING btree ("updated_at") WHERE "mail_recipients"."state" in ('queued', 'deferred');--> statement-breakpoint
CREATE UNIQUE INDEX "mail_suppressions_user_address_idx" ON "mail_suppressions" USING btree ("user_id","address");--> statement-breakpoint
-- The SMTP packages now provision a relay by themselves (decision 0069): those whose
-- features state their monthly emails, unless they promise a dedicated IP address (the
-- team still sets that up; the relay works meanwhile). Each gets an overage price per
-- started 1,000 if it has none.
UPDATE "packages" SET "fulfilment" = 'automatic'
WHERE NOT "is_addon"
  AND "service_id" IN (SELECT "id" FROM "services" WHERE "slug" = 'smtp')
  AND EXISTS (SELECT 1 FROM jsonb_array_elements_text("features") f
    WHERE f ~* '^\s*([0-9][0-9,]*|unlimited)\s+emails\s+(per|a)\s+month\s*$')
  AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements_text("features") f
    WHERE f ILIKE '%dedicated ip%');--> statement-breakpoint
UPDATE "packages" SET "features" = "features" || '["£0.80 per 1,000 extra emails"]'::jsonb
WHERE NOT "is_addon"
  AND "service_id" IN (SELECT "id" FROM "services" WHERE "slug" = 'smtp')
  AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements_text("features") f WHERE f ILIKE '%extra emails');
