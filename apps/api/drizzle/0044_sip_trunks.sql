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
-- Customers who already hold a trunk package get its trunk, as a sale makes it now
-- (trunkRoleOf): channels from the last "N concurrent calls" feature (unlimited: NULL,
-- none: 10), failover / analytics included when the package's name or features say so.
-- Auth method and codec come from the customer's old trunk_settings; its allowed_ips are
-- not copied (they may fail today's rules: public unicast, no overlap with another
-- customer's), so an IP trunk waits for its owner to enter them again. Credentials are
-- made on the trunk's first read.
INSERT INTO "sip_trunks" ("user_id", "order_id", "package_channels", "auth_method", "codec",
    "failover_order_id", "analytics_order_id", "created_at", "updated_at")
  SELECT o.user_id, o.id,
    CASE
      WHEN ch.feature IS NULL THEN 10
      WHEN ch.feature ~* '^unlimited' THEN NULL
      WHEN replace(substring(ch.feature from '^[0-9,]+'), ',', '')::numeric > 100000 THEN NULL
      WHEN replace(substring(ch.feature from '^[0-9,]+'), ',', '')::numeric < 1 THEN 10
      ELSE replace(substring(ch.feature from '^[0-9,]+'), ',', '')::integer
    END,
    CASE
      WHEN ts.auth_method = 'ip' AND cardinality(ts.allowed_ips) = 0 THEN 'credentials'
      ELSE coalesce(ts.auth_method, 'credentials')
    END,
    coalesce(ts.codec, 'g711'),
    CASE WHEN txt.all_text ~* 'failover' THEN o.id END,
    CASE WHEN txt.all_text ~* 'analytics' THEN o.id END,
    o.created_at, now()
  FROM "orders" o
  JOIN "packages" p ON p.id = o.item_id
  JOIN "services" s ON s.id = p.service_id
  LEFT JOIN "trunk_settings" ts ON ts.user_id = o.user_id
  CROSS JOIN LATERAL (
    SELECT p.name || E'\n' || coalesce(
      (SELECT string_agg(f, E'\n') FROM jsonb_array_elements_text(p.features) f), '') AS all_text
  ) txt
  LEFT JOIN LATERAL (
    SELECT regexp_replace(e.f, '^\s+|\s+$', '', 'g') AS feature
    FROM jsonb_array_elements_text(p.features) WITH ORDINALITY e(f, n)
    WHERE regexp_replace(e.f, '^\s+|\s+$', '', 'g') ~* '^([0-9][0-9,]*|unlimited)\s+concurrent\s+calls$'
    ORDER BY e.n DESC LIMIT 1
  ) ch ON true
  WHERE o.item_kind = 'package' AND o.status IN ('active', 'grace', 'suspended')
    AND NOT p.is_addon AND s.slug IN ('sip-trunk', 'sip-trunk-advanced');--> statement-breakpoint
-- Each customer's newest failover / analytics add-on still held attaches to their oldest
-- trunk that lacks one (an add-on naming both is the failover one, as trunkRoleOf reads it).
CREATE TEMPORARY TABLE "sip_trunk_addon_backfill" AS
  SELECT DISTINCT ON (o.user_id, k.kind) o.user_id, o.id AS order_id, k.kind
  FROM "orders" o
  JOIN "packages" p ON p.id = o.item_id
  JOIN "services" s ON s.id = p.service_id
  CROSS JOIN LATERAL (
    SELECT CASE
      WHEN t.all_text ~* 'failover' THEN 'failover'
      WHEN t.all_text ~* 'analytics' THEN 'analytics'
    END AS kind
    FROM (SELECT p.name || E'\n' || coalesce(
      (SELECT string_agg(f, E'\n') FROM jsonb_array_elements_text(p.features) f), '') AS all_text) t
  ) k
  WHERE o.item_kind = 'package' AND o.status IN ('active', 'grace', 'suspended')
    AND p.is_addon AND s.slug IN ('sip-trunk', 'sip-trunk-advanced') AND k.kind IS NOT NULL
  ORDER BY o.user_id, k.kind, o.created_at DESC, o.id DESC;--> statement-breakpoint
UPDATE "sip_trunks" t SET "failover_order_id" = a.order_id
  FROM "sip_trunk_addon_backfill" a
  WHERE a.kind = 'failover' AND t.id = (
    SELECT t2.id FROM "sip_trunks" t2
    WHERE t2.user_id = a.user_id AND t2.failover_order_id IS NULL
    ORDER BY t2.created_at, t2.id LIMIT 1);--> statement-breakpoint
UPDATE "sip_trunks" t SET "analytics_order_id" = a.order_id
  FROM "sip_trunk_addon_backfill" a
  WHERE a.kind = 'analytics' AND t.id = (
    SELECT t2.id FROM "sip_trunks" t2
    WHERE t2.user_id = a.user_id AND t2.analytics_order_id IS NULL
    ORDER BY t2.created_at, t2.id LIMIT 1);--> statement-breakpoint
DROP TABLE "sip_trunk_addon_backfill";--> statement-breakpoint
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
  SELECT 'sip_subscribers'::varchar(32), 7;--> statement-breakpoint
-- An upgraded edge keeps reading its views (a fresh install grants them with edge-role.ts).
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'parley_edge') THEN
    GRANT SELECT ON "sip_subscribers", "sip_trunk_sources", "sip_edge_versions" TO parley_edge;
  END IF;
END
$$;--> statement-breakpoint
-- A cancelled trunk gives its addresses back (the no-overlap constraint would keep them
-- claimed, and its owner can no longer open it), and its add-ons stop renewing: they
-- would be paid for a trunk that is gone.
CREATE FUNCTION "sip_trunk_order_cancelled"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "sip_trunk_addresses" a USING "sip_trunks" t
    WHERE a.trunk_id = t.id AND t.order_id = NEW.id;
  UPDATE "orders" SET "auto_renew" = false
    WHERE "auto_renew" AND "id" <> NEW.id AND "id" IN (
      SELECT t.failover_order_id FROM "sip_trunks" t WHERE t.order_id = NEW.id
      UNION SELECT t.analytics_order_id FROM "sip_trunks" t WHERE t.order_id = NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_sip_trunk_cancelled" AFTER UPDATE OF "status" ON "orders"
  FOR EACH ROW WHEN (NEW.status = 'cancelled' AND OLD.status IS DISTINCT FROM 'cancelled')
  EXECUTE FUNCTION "sip_trunk_order_cancelled"();--> statement-breakpoint
-- A number released (or taken back) stops ringing the trunk it pointed at, so whoever
-- gets it next does not reach the former owner's PBX.
CREATE FUNCTION "did_number_released"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.trunk_id := NULL;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "did_numbers_trunk_released" BEFORE UPDATE ON "did_numbers"
  FOR EACH ROW WHEN (NEW.status <> 'assigned' AND NEW.trunk_id IS NOT NULL)
  EXECUTE FUNCTION "did_number_released"();
