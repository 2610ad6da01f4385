CREATE TABLE "trunk_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"auth_method" text NOT NULL,
	"concurrent_calls" integer NOT NULL,
	"codec" text NOT NULL,
	"allowed_ips" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trunk_settings_auth_method" CHECK ("trunk_settings"."auth_method" in ('credentials', 'ip', 'tls')),
	CONSTRAINT "trunk_settings_codec" CHECK ("trunk_settings"."codec" in ('g711', 'g722', 'g729', 'opus')),
	CONSTRAINT "trunk_settings_channels" CHECK ("trunk_settings"."concurrent_calls" between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "trunk_settings" ADD CONSTRAINT "trunk_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;