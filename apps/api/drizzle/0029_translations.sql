ALTER TABLE "packages" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "note_codes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- The notes the server wrote in English become codes, so old payments read in the
-- reader's language too; what an admin typed stays as typed. First the note added when
-- an approved purchase's item had gone, then the default decision notes.
UPDATE "transactions" SET
  "note_codes" = "note_codes" || '["ITEM_UNAVAILABLE_CREDITED"]'::jsonb,
  "admin_notes" = nullif(rtrim(left("admin_notes", length("admin_notes") - length('(The item was no longer available: the payment was credited to the balance instead.)'))), '')
WHERE right("admin_notes", length('(The item was no longer available: the payment was credited to the balance instead.)')) = '(The item was no longer available: the payment was credited to the balance instead.)';--> statement-breakpoint
UPDATE "transactions" SET "note_codes" = '["APPROVED_BY_ADMIN"]'::jsonb || "note_codes", "admin_notes" = NULL
WHERE "admin_notes" = 'Payment approved by admin';--> statement-breakpoint
UPDATE "transactions" SET "note_codes" = '["REJECTED_BY_ADMIN"]'::jsonb || "note_codes", "admin_notes" = NULL
WHERE "admin_notes" = 'Payment rejected by admin';
