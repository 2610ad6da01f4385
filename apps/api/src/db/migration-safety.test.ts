import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './client.js';
import { FIRST_CHECKED, indexesToBuildFirst, unsafeStatements } from './migration-safety.js';

const big = 'sms_messages';
const files = fs.readdirSync(MIGRATIONS).filter((f) => /^\d{4}_.*\.sql$/.test(f));

describe('migrations on a large database', () => {
  it('reads the migrations folder', () => {
    // Guards against a check that passes because it reads nothing.
    const newest = Math.max(...files.map((f) => Number(f.slice(0, 4))));
    expect(newest).toBeGreaterThanOrEqual(FIRST_CHECKED - 1);
  });

  const checked = files.filter((f) => Number(f.slice(0, 4)) >= FIRST_CHECKED);
  const read = (file: string) => fs.readFileSync(path.join(MIGRATIONS, file), 'utf8');
  it.each(checked)('%s neither rewrites nor scans a big table under a lock', (file) => {
    expect(unsafeStatements(read(file))).toEqual([]);
  });

  it('lists every index on a big table in the procedure that builds it first', () => {
    const doc = fs.readFileSync(
      path.join(MIGRATIONS, '../../../docs/operations/migrations.md'),
      'utf8',
    );
    expect(doc).toContain('Indexes to build concurrently before upgrading');
    for (const file of checked)
      for (const index of indexesToBuildFirst(read(file)))
        expect(doc, `${file}: ${index}`).toContain(`| ${file.slice(0, 4)} | \`${index}\``);
    expect(indexesToBuildFirst(`CREATE INDEX IF NOT EXISTS "i" ON "${big}" ("status")`)).toEqual([
      'i',
    ]);
    expect(indexesToBuildFirst('CREATE INDEX IF NOT EXISTS "i" ON "packages" ("name")')).toEqual(
      [],
    );
  });

  it.each([
    [
      `ALTER TABLE "${big}" ADD COLUMN "k" uuid DEFAULT gen_random_uuid() NOT NULL`,
      'volatile DEFAULT',
    ],
    [`ALTER TABLE "${big}" ADD COLUMN "k" text NOT NULL`, 'without a DEFAULT'],
    [`ALTER TABLE "${big}" ALTER COLUMN "cost" SET DATA TYPE numeric(30, 4)`, 'column type'],
    [`ALTER TABLE "${big}" ALTER COLUMN "error" SET NOT NULL`, 'SET NOT NULL'],
    [
      `ALTER TABLE "${big}" ADD CONSTRAINT "f" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id")`,
      'NOT VALID',
    ],
    [`ALTER TABLE "${big}" ADD CONSTRAINT "c" CHECK ("segments" < 100)`, 'NOT VALID'],
    [`ALTER TABLE "${big}" ADD CONSTRAINT "u" UNIQUE("reference")`, 'USING INDEX'],
    [`CREATE INDEX "i" ON "${big}" USING btree ("status")`, 'IF NOT EXISTS'],
    [`CREATE UNIQUE INDEX "i" ON "public"."${big}" ("request_hash")`, 'IF NOT EXISTS'],
    [`UPDATE "${big}" SET "error" = 'x'`, 'backfill'],
    [`DELETE FROM "${big}" WHERE "status" = 'failed'`, 'backfill'],
    [
      `ALTER TABLE "${big}" ADD COLUMN "k" text GENERATED ALWAYS AS (lower("recipient")) STORED`,
      'stored generated',
    ],
    [`ALTER TABLE "${big}" ADD COLUMN "k" text UNIQUE`, 'constraint written with the new column'],
    [`ALTER TABLE "${big}" ALTER COLUMN "cost" TYPE numeric(30, 4)`, 'column type'],
    [`WITH t AS (SELECT 1) UPDATE "${big}" SET "error" = 'x'`, 'backfill'],
    [`INSERT INTO "${big}" SELECT * FROM "${big}"`, 'backfill'],
  ])('flags %s', (statement, why) => {
    const problems = unsafeStatements(`${statement};--> statement-breakpoint\nSELECT 1;`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(big);
    expect(problems[0]).toContain(why);
  });

  it.each([
    [`ALTER TABLE "${big}" ADD COLUMN "k" text DEFAULT 'x' NOT NULL`, 'a constant default'],
    [
      `ALTER TABLE "${big}" ADD COLUMN "k" timestamp with time zone DEFAULT now()`,
      'now() is stable',
    ],
    [`ALTER TABLE "${big}" ADD COLUMN "k" text`, 'a nullable column'],
    [`ALTER TABLE "${big}" ADD CONSTRAINT "c" CHECK ("segments" < 100) NOT VALID`, 'NOT VALID'],
    [`ALTER TABLE "${big}" VALIDATE CONSTRAINT "c"`, 'validating takes no exclusive lock'],
    [
      `CREATE INDEX IF NOT EXISTS "i" ON "${big}" USING btree ("status")`,
      'built concurrently first',
    ],
    [`ALTER TABLE "${big}" ADD CONSTRAINT "u" UNIQUE USING INDEX "i"`, 'an index built first'],
    [`CREATE INDEX "i" ON "packages" USING btree ("name")`, 'a small table'],
    [`UPDATE "country_pricing" SET "sms_price" = 1`, 'a small table'],
    [`ALTER TABLE "${big}" DROP COLUMN "error"`, 'dropping is instant'],
    [`ALTER TABLE "${big}" ALTER COLUMN "type" SET DEFAULT 'x'`, 'a column named type'],
    [`INSERT INTO "app_meta" ("key", "value") VALUES ('k', 'v')`, 'a small table'],
  ])('accepts %s (%s)', (statement) => {
    expect(unsafeStatements(statement)).toEqual([]);
  });

  it.each([
    [`LOCK TABLE "${big}"`],
    [`LOCK "${big}" IN ACCESS EXCLUSIVE MODE`],
    [`REINDEX TABLE "${big}"`],
    ['CLUSTER "packages" USING "packages_pkey"'],
    [`DO $$ BEGIN UPDATE "${big}" SET "error" = NULL; END $$`],
  ])('flags %s whatever the table', (statement) => {
    expect(unsafeStatements(statement)).toEqual([expect.stringContaining('(any)')]);
  });

  it('flags validating a constraint in the release that adds it', () => {
    const migration = [
      `ALTER TABLE "${big}" ADD CONSTRAINT "c" CHECK ("segments" < 100) NOT VALID;`,
      '--> statement-breakpoint',
      `ALTER TABLE "${big}" VALIDATE CONSTRAINT "c";`,
    ].join('\n');
    expect(unsafeStatements(migration)).toEqual([expect.stringContaining('later release')]);
  });

  it('accepts anything on a table the same migration creates', () => {
    const migration = [
      'CREATE TABLE "fresh" ("id" uuid PRIMARY KEY NOT NULL, "user_id" uuid NOT NULL);',
      '--> statement-breakpoint',
      'ALTER TABLE "fresh" ADD CONSTRAINT "fresh_user" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id");',
      '--> statement-breakpoint',
      'CREATE INDEX "fresh_user_idx" ON "fresh" USING btree ("user_id");',
    ].join('\n');
    expect(unsafeStatements(migration)).toEqual([]);
  });

  it('accepts a statement whose reason is written above it, and only that one', () => {
    const migration = [
      '-- migration-safety: the column is empty in every deployment (new in 0047)',
      `UPDATE "${big}" SET "error" = NULL;`,
      '--> statement-breakpoint',
      `UPDATE "${big}" SET "error" = 'x';`,
    ].join('\n');
    expect(unsafeStatements(migration)).toEqual([
      expect.stringContaining(`UPDATE "${big}" SET "error" = 'x'`),
    ]);
  });
});

describe('reading a migration', () => {
  it('keeps a function body whole, with the statements inside it', () => {
    const migration = [
      'CREATE FUNCTION "f"() RETURNS trigger AS $$',
      'BEGIN',
      `  UPDATE "orders" SET "auto_renew" = false WHERE "id" = NEW.id;`,
      '  RETURN NEW;',
      'END $$ LANGUAGE plpgsql;',
      `UPDATE "orders" SET "auto_renew" = true;`,
    ].join('\n');
    expect(unsafeStatements(migration)).toEqual([
      expect.stringContaining('UPDATE "orders" SET "auto_renew" = true'),
    ]);
  });
});
