-- Kamailio's db_postgres reads text columns as blobs, and the permissions module refuses
-- a source whose ip_addr (or tag) is not a string: the view gives them as varchar. A
-- view's column types cannot be changed in place; the edge's role is given it again
-- (with the versions table Kamailio checks beside it).
DROP VIEW "sip_trunk_sources";--> statement-breakpoint
CREATE VIEW "sip_trunk_sources" AS
  SELECT s.id, 1 AS grp, host(s.network)::varchar(50) AS ip_addr, masklen(s.network) AS mask,
    0 AS port, t.id::varchar(64) AS tag
  FROM "sip_trunk_addresses" s
  JOIN "sip_trunks" t ON t.id = s.trunk_id
  JOIN "users" u ON u.id = t.user_id
  JOIN "orders" o ON o.id = t.order_id
  WHERE u.disabled_at IS NULL AND o.status <> 'cancelled' AND t.auth_method = 'ip';--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'parley_edge') THEN
    GRANT SELECT ON "sip_trunk_sources", "sip_edge_versions" TO parley_edge;
  END IF;
END
$$;
