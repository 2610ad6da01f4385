CREATE TABLE "country_pricing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country_name" text NOT NULL,
	"country_code" text,
	"region" text NOT NULL,
	"sms_price" numeric(12, 4) NOT NULL,
	"voip_price" numeric(12, 4) NOT NULL,
	"did_price" numeric(12, 2) NOT NULL,
	"sip_trunk_price" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "country_pricing_country_name_unique" UNIQUE("country_name"),
	CONSTRAINT "country_pricing_country_code_unique" UNIQUE("country_code"),
	CONSTRAINT "country_pricing_prices_not_negative" CHECK ("country_pricing"."sms_price" >= 0 and "country_pricing"."voip_price" >= 0 and "country_pricing"."did_price" >= 0 and "country_pricing"."sip_trunk_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "did_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"country_code" text NOT NULL,
	"city" text,
	"type" text NOT NULL,
	"monthly_price" numeric(12, 2) NOT NULL,
	"setup_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "did_numbers_number_unique" UNIQUE("number"),
	CONSTRAINT "did_numbers_type" CHECK ("did_numbers"."type" in ('local', 'tollfree', 'mobile')),
	CONSTRAINT "did_numbers_status" CHECK ("did_numbers"."status" in ('available', 'reserved', 'assigned')),
	CONSTRAINT "did_numbers_prices_not_negative" CHECK ("did_numbers"."monthly_price" >= 0 and "did_numbers"."setup_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"billing_period" text DEFAULT 'monthly' NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_popular" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_price_not_negative" CHECK ("packages"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "sip_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sip_domains_domain_unique" UNIQUE("domain"),
	CONSTRAINT "sip_domains_price_not_negative" CHECK ("sip_domains"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "did_numbers_search_idx" ON "did_numbers" USING btree ("status","country_code","type");--> statement-breakpoint
CREATE INDEX "packages_service_idx" ON "packages" USING btree ("service_id");