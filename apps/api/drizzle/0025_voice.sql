CREATE TABLE "caller_ids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"number" text NOT NULL,
	"verified_at" timestamp with time zone,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sandbox_code" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"caller_id" text NOT NULL,
	"destination" text NOT NULL,
	"country" text NOT NULL,
	"price" numeric(12, 4) NOT NULL,
	"price_currency" text NOT NULL,
	"rate" numeric(38, 18),
	"rate_per_minute" numeric(12, 4) NOT NULL,
	"increments" text NOT NULL,
	"max_seconds" integer NOT NULL,
	"hold" numeric(20, 4) NOT NULL,
	"included_held" integer,
	"status" text DEFAULT 'dialing' NOT NULL,
	"gateway" text NOT NULL,
	"token" text,
	"edge_call_id" text,
	"owner" text,
	"alive_at" timestamp with time zone,
	"deadline_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ringing_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration" integer,
	"billable_seconds" integer,
	"included_seconds" integer,
	"cost" numeric(20, 4),
	"hangup_cause" text,
	"hangup_by" text,
	"pdd_ms" integer,
	"jitter_ms" numeric(10, 2),
	"loss_percent" numeric(6, 3),
	"mos" numeric(3, 2),
	CONSTRAINT "calls_token_unique" UNIQUE("token"),
	CONSTRAINT "calls_edge_call_id_unique" UNIQUE("edge_call_id"),
	CONSTRAINT "calls_status" CHECK ("calls"."status" in ('dialing', 'ringing', 'answered', 'ended', 'busy', 'no_answer', 'failed', 'cancelled')),
	CONSTRAINT "calls_gateway" CHECK ("calls"."gateway" in ('sandbox', 'sip')),
	CONSTRAINT "calls_amounts" CHECK ("calls"."hold" >= 0 and ("calls"."cost" is null or "calls"."cost" >= 0)),
	CONSTRAINT "calls_cost_covered" CHECK ("calls"."cost" is null or "calls"."cost" <= "calls"."hold")
);
--> statement-breakpoint
CREATE TABLE "sip_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"domain" text NOT NULL,
	"ha1" text NOT NULL,
	"ha1b" text NOT NULL,
	"password_box" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sip_accounts_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "held" numeric(20, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "caller_ids" ADD CONSTRAINT "caller_ids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_accounts" ADD CONSTRAINT "sip_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "caller_ids_user_number" ON "caller_ids" USING btree ("user_id","number");--> statement-breakpoint
CREATE INDEX "calls_user_idx" ON "calls" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "calls_open_idx" ON "calls" USING btree ("deadline_at") WHERE "calls"."status" in ('dialing', 'ringing', 'answered');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_held_covered" CHECK ("users"."held" >= 0 and "users"."crypto_balance" >= "users"."held");