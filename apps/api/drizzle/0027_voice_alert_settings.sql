CREATE TABLE "voice_alert_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"min_balance" numeric(20, 4),
	"runway_hours" integer,
	"failure_percent" integer,
	"failure_window" integer NOT NULL,
	"notify_cutoffs" boolean NOT NULL,
	"notify_concurrency" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_alert_settings_ranges" CHECK (("voice_alert_settings"."min_balance" is null or "voice_alert_settings"."min_balance" >= 0)
        and ("voice_alert_settings"."runway_hours" is null or "voice_alert_settings"."runway_hours" between 1 and 720)
        and ("voice_alert_settings"."failure_percent" is null or "voice_alert_settings"."failure_percent" between 1 and 100)
        and "voice_alert_settings"."failure_window" between 5 and 500)
);
--> statement-breakpoint
ALTER TABLE "voice_alert_settings" ADD CONSTRAINT "voice_alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;