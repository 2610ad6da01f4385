CREATE TABLE "fulfilment_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"item_name" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fulfilment_tasks_status" CHECK ("fulfilment_tasks"."status" in ('open', 'done')),
	CONSTRAINT "fulfilment_tasks_done" CHECK (("fulfilment_tasks"."status" = 'done') = ("fulfilment_tasks"."done_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "fulfilment" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "fulfilment_tasks" ADD CONSTRAINT "fulfilment_tasks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilment_tasks" ADD CONSTRAINT "fulfilment_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilment_tasks" ADD CONSTRAINT "fulfilment_tasks_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fulfilment_tasks_order_key" ON "fulfilment_tasks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "fulfilment_tasks_open_idx" ON "fulfilment_tasks" USING btree ("due_at") WHERE "fulfilment_tasks"."status" = 'open';--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_fulfilment" CHECK ("packages"."fulfilment" in ('automatic', 'team'));--> statement-breakpoint
-- Items Parley cannot run itself are set up by the team on existing installs too (decision 0067).
UPDATE "packages" SET "fulfilment" = 'team'
WHERE "service_id" IN (SELECT "id" FROM "services" WHERE "slug" IN ('pbx', 'call-center', 'data'))
   OR ("is_addon" AND "name" IN ('IVR Add-on', 'PBX Add-on', 'IVR', 'PBX')
       AND "service_id" IN (SELECT "id" FROM "services" WHERE "slug" IN ('sip', 'sip-trunk')));
