// npm run bench:seed-large [-- --scale 0.5 --password '…']
// Fills the database Parley would use (DATABASE_URL, or the embedded one in DATA_DIR) with
// a large history for measuring how its reads and jobs grow (db/large-seed.ts). The
// database is migrated and its catalogue seeded first. --scale multiplies every count
// (default 1 on PostgreSQL, 0.1 embedded); the seeded customers sign in with --password.
// It refuses a database with customers of its own (unless --force). On a database it
// seeded before, it only brings that history up to now (db/large-seed.ts).
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config/env.js';
import { openDatabase } from '../db/client.js';
import {
  largeSeedCounts,
  refreshLargeSeed,
  SEED_DOMAIN,
  SEED_MARK,
  writeLargeSeed,
} from '../db/large-seed.js';
import { DataDirLockedError } from '../db/lock.js';
import { rowsOf } from '../db/raw.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { seedCatalogueOnce } from '../modules/catalogue/catalogue-seed.repo.js';

const USAGE =
  'Usage: npm run bench:seed-large [-- --scale 0.5 --password "twelve or more" --force]';
const options = z.object({
  scale: z.coerce.number().positive().max(10).optional(),
  password: z.string().min(12).max(200).default('seed customer password'),
  force: z.boolean().default(false),
});
const print = (line: string) => process.stdout.write(`${line}\n`);

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function run(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      scale: { type: 'string' },
      password: { type: 'string' },
      force: { type: 'boolean' },
    },
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
  const database = await openDatabase(
    url ? { kind: 'postgres', url, max: 1 } : { kind: 'pglite', dataDir: config.dataDir },
  );
  const run = (statement: string) => database.db.execute(sql.raw(statement));
  try {
    await seedCatalogueOnce(database.db);
    const [facts] = rowsOf<{ seededAt: string | null; others: number }>(
      await database.db.execute(sql`
        select (select value from app_meta where key = ${SEED_MARK}) as "seededAt",
          (select count(*)::int from users
           where not is_admin and email not like ${`%@${SEED_DOMAIN}`}) as others`),
    );
    if (facts?.seededAt) {
      const t = Date.now();
      await refreshLargeSeed(database.db);
      await run('vacuum analyze sessions, orders, events');
      print(
        `bench:seed-large: seeded at ${facts.seededAt}; its sessions, renewals and events ` +
          `brought up to now in ${seconds(t)}`,
      );
      return 0;
    }
    if (facts && facts.others > 0 && !args.data.force) {
      console.error(
        `bench:seed-large: this database has ${facts.others} customers of its own; ` +
          'seed a database of its own (or pass --force)',
      );
      return 2;
    }
    print(`bench:seed-large: scale ${scale}: ${JSON.stringify(largeSeedCounts(scale))}`);
    const started = Date.now();
    const hash = await hashPassword(args.data.password);
    // All or nothing: a seed cut short leaves no half history (and no mark).
    let t = Date.now();
    await writeLargeSeed(database.db, scale, hash, (name) => {
      print(`${name.padEnd(24)} ${seconds(t)}`);
      t = Date.now();
    });
    t = Date.now();
    // As autovacuum would have by then: the balances' update left a dead row per customer.
    await run('vacuum analyze');
    print(`${'vacuum analyze'.padEnd(24)} ${seconds(t)}`);
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
