CREATE TABLE "sip_trunk_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sip_trunk_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"trunk_id" uuid NOT NULL,
	"network" "cidr" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sip_trunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"package_channels" integer,
	"channels" integer,
	"auth_method" text DEFAULT 'credentials' NOT NULL,
	"codec" text DEFAULT 'g711' NOT NULL,
	"username" text,
	"domain" text,
	"ha1" text,
	"ha1b" text,
	"password_box" text,
	"caller_id" text,
	"inbound_host" text,
	"failover_host" text,
	"failover_order_id" uuid,
	"analytics_order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sip_trunks_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "sip_trunks_username_unique" UNIQUE("username"),
	CONSTRAINT "sip_trunks_auth_method" CHECK ("sip_trunks"."auth_method" in ('credentials', 'ip', 'tls')),
	CONSTRAINT "sip_trunks_codec" CHECK ("sip_trunks"."codec" in ('g711', 'g722', 'g729', 'opus')),
	CONSTRAINT "sip_trunks_package_channels" CHECK ("sip_trunks"."package_channels" between 1 and 100000),
	CONSTRAINT "sip_trunks_channels" CHECK ("sip_trunks"."channels" between 1 and 100000),
	CONSTRAINT "sip_trunks_username" CHECK ("sip_trunks"."username" ~ '^t[0-9]{9}$')
);
--> statement-breakpoint
ALTER TABLE "trunk_settings" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "trunk_settings" CASCADE;--> statement-breakpoint
ALTER TABLE "did_numbers" ADD COLUMN "trunk_id" uuid;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "trunk_id" uuid;--> statement-breakpoint
ALTER TABLE "sip_trunk_addresses" ADD CONSTRAINT "sip_trunk_addresses_trunk_id_sip_trunks_id_fk" FOREIGN KEY ("trunk_id") REFERENCES "public"."sip_trunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_trunks" ADD CONSTRAINT "sip_trunks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_trunks" ADD CONSTRAINT "sip_trunks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_trunks" ADD CONSTRAINT "sip_trunks_failover_order_id_orders_id_fk" FOREIGN KEY ("failover_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_trunks" ADD CONSTRAINT "sip_trunks_analytics_order_id_orders_id_fk" FOREIGN KEY ("analytics_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sip_trunk_addresses_network_idx" ON "sip_trunk_addresses" USING btree ("network");--> statement-breakpoint
CREATE INDEX "sip_trunks_user_idx" ON "sip_trunks" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "did_numbers" ADD CONSTRAINT "did_numbers_trunk_id_sip_trunks_id_fk" FOREIGN KEY ("trunk_id") REFERENCES "public"."sip_trunks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_trunk_id_sip_trunks_id_fk" FOREIGN KEY ("trunk_id") REFERENCES "public"."sip_trunks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_trunk_idx" ON "calls" USING btree ("trunk_id","created_at");--> statement-breakpoint
-- No two trunks' addresses overlap (an address is one customer's at a time).
ALTER TABLE "sip_trunk_addresses" ADD CONSTRAINT "sip_trunk_addresses_no_overlap" EXCLUDE USING gist ("network" inet_ops WITH &&);--> statement-breakpoint
CREATE INDEX "did_numbers_trunk_idx" ON "did_numbers" ("trunk_id") WHERE "trunk_id" IS NOT NULL;--> statement-breakpoint
-- What the SIP edge (auth_db) reads: the digest hashes of each SIP account and of each
-- trunk with credentials, whose owner is not suspended. A trunk suspended for an unpaid
-- renewal still authenticates, so Parley can answer why it refuses (403).
CREATE OR REPLACE VIEW "sip_subscribers" AS
  SELECT a.username, a.domain, a.ha1, a.ha1b
  FROM "sip_accounts" a
  JOIN "users" u ON u.id = a.user_id
  WHERE u.disabled_at IS NULL
  UNION ALL
  SELECT t.username, t.domain, t.ha1, t.ha1b
  FROM "sip_trunks" t
  JOIN "users" u ON u.id = t.user_id
  JOIN "orders" o ON o.id = t.order_id
  WHERE u.disabled_at IS NULL AND o.status <> 'cancelled'
    AND t.auth_method IN ('credentials', 'tls') AND t.ha1 IS NOT NULL;--> statement-breakpoint
-- What the edge's `permissions` module reads (its `address` table's columns): the
-- sources of trunks with IP authentication; `tag` is the trunk's id.
CREATE VIEW "sip_trunk_sources" AS
  SELECT s.id, 1 AS grp, host(s.network) AS ip_addr, masklen(s.network) AS mask,
    0 AS port, t.id::text AS tag
  FROM "sip_trunk_addresses" s
  JOIN "sip_trunks" t ON t.id = s.trunk_id
  JOIN "users" u ON u.id = t.user_id
  JOIN "orders" o ON o.id = t.order_id
  WHERE u.disabled_at IS NULL AND o.status <> 'cancelled' AND t.auth_method = 'ip';--> statement-breakpoint
-- Kamailio checks the version of each table a module reads (its `version_table`).
CREATE VIEW "sip_edge_versions" AS
  SELECT 'sip_trunk_sources'::varchar(32) AS table_name, 6 AS table_version
  UNION ALL
  SELECT 'sip_subscribers'::varchar(32), 7;
