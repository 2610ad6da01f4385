// npm run bench:seed-large [-- --scale 0.5 --password '…']
// Fills the database Parley would use (DATABASE_URL, or the embedded one in DATA_DIR) with
// a large history for measuring how its reads and jobs grow (db/large-seed.ts). The
// database is migrated and its catalogue seeded first. --scale multiplies every count
// (default 1 on PostgreSQL, 0.1 embedded); the seeded customers sign in with --password.
// A database already seeded is left as it is.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config/env.js';
import { openDatabase } from '../db/client.js';
import { largeSeedCounts, largeSeedSteps, SEED_DOMAIN } from '../db/large-seed.js';
import { DataDirLockedError } from '../db/lock.js';
import { rowsOf } from '../db/raw.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { seedCatalogueOnce } from '../modules/catalogue/catalogue-seed.repo.js';

const USAGE = 'Usage: npm run bench:seed-large [-- --scale 0.5 --password "twelve or more"]';
const options = z.object({
  scale: z.coerce.number().positive().max(10).optional(),
  password: z.string().min(12).max(200).default('seed customer password'),
});
const print = (line: string) => process.stdout.write(`${line}\n`);

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function run(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { scale: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  const args = options.safeParse(values);
  if (!args.success) {
    const problems = args.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`);
    console.error(`bench:seed-large: ${problems.join('; ')}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const url = config.databaseUrl;
  const scale = args.data.scale ?? (url ? 1 : 0.1);
  // One connection: the steps share temporary tables.
  const database = await openDatabase(
    url ? { kind: 'postgres', url, max: 1 } : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await seedCatalogueOnce(database.db);
    const [seeded] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from users where email like ${`%@${SEED_DOMAIN}`}`,
      ),
    );
    if (seeded && seeded.n > 0) {
      print(`bench:seed-large: already seeded (${seeded.n} customers); nothing to do`);
      return 0;
    }
    print(`bench:seed-large: scale ${scale}: ${JSON.stringify(largeSeedCounts(scale))}`);
    const started = Date.now();
    const hash = await hashPassword(args.data.password);
    for (const step of largeSeedSteps(scale, hash)) {
      const t = Date.now();
      for (const statement of step.statements) await database.db.execute(sql.raw(statement));
      print(`${step.name.padEnd(24)} ${seconds(t)}`);
    }
    const t = Date.now();
    await database.db.execute(sql`analyze`);
    print(`${'analyze'.padEnd(24)} ${seconds(t)}`);
    print(`bench:seed-large: done in ${seconds(started)}`);
    return 0;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (err) => {
    // An unknown or malformed option (node:util parseArgs).
    const badArgs = String((err as { code?: string }).code).startsWith('ERR_PARSE_ARGS');
    if (err instanceof ConfigError || err instanceof DataDirLockedError || badArgs) {
      console.error(`bench:seed-large: ${err.message}${badArgs ? `\n${USAGE}` : ''}`);
      process.exit(2);
    }
    console.error('bench:seed-large failed:', err);
    process.exit(1);
  },
);
