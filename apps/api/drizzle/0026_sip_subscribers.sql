-- What the SIP edge (Kamailio auth_db) reads: the digest hashes of each SIP account
-- whose owner is not suspended. A suspended customer's phones stop registering at once.
CREATE VIEW "sip_subscribers" AS
  SELECT a.username, a.domain, a.ha1, a.ha1b
  FROM "sip_accounts" a
  JOIN "users" u ON u.id = a.user_id
  WHERE u.disabled_at IS NULL;
