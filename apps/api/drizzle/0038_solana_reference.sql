ALTER TABLE "payment_quotes" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_quotes_reference" ON "payment_quotes" USING btree ("reference");