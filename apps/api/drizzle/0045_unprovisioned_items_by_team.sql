-- Items nothing in Parley provisions yet are set up by the team, so none is sold and
-- forgotten (decision 0068): SMS credit bundles, the analytics service and the SMTP
-- packages (until the SMTP relay makes them automatic).
UPDATE "packages" SET "fulfilment" = 'team'
WHERE NOT "is_addon"
  AND "service_id" IN (SELECT "id" FROM "services" WHERE "slug" IN ('sms', 'analytics', 'smtp'));
