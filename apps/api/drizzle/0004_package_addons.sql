ALTER TABLE "packages" ADD COLUMN "is_addon" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "packages" SET "is_addon" = true FROM "services" WHERE "packages"."service_id" = "services"."id" AND (("services"."slug" = 'sip' AND "packages"."name" IN ('IVR Add-on', 'PBX Add-on')) OR ("services"."slug" = 'sip-trunk' AND "packages"."name" IN ('IVR', 'PBX', 'Analytics', 'Failover')));
