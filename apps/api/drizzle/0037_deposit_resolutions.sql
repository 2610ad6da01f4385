ALTER TABLE "chain_deposits" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_resolution" CHECK (("chain_deposits"."resolution" is null and "chain_deposits"."resolved_at" is null) or ("chain_deposits"."resolution" in ('keep', 'reverse')
        and "chain_deposits"."resolved_at" is not null and "chain_deposits"."resolution_note" is not null and "chain_deposits"."flagged_at" is not null));