ALTER TABLE "calls" ADD COLUMN "late_report_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "uncharged" numeric(20, 4);