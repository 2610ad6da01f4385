/**
 * What a migration must not do to a large database: rewrite or scan a big table while it
 * holds a lock that stops customers' requests (docs/operations/migrations.md). Drizzle
 * runs the migrations in one transaction at start, so a lock taken early is held until
 * the last statement is done.
 *
 * Every table is big except the catalogue's and the settings' (SMALL_TABLES: rows an
 * admin adds by hand) and a table the same migration creates (it is empty). A statement
 * preceded by `-- migration-safety: <why>` is accepted with its reason written there.
 */
export const SMALL_TABLES = new Set([
  'app_meta',
  'services',
  'packages',
  'country_pricing',
  'crypto_wallets',
  'exchange_rates',
  'chain_cursors',
  'sip_domains',
  'chat_canned_replies',
]);

/** The first migration this check reads; earlier ones were written before it (decision 0070). */
export const FIRST_CHECKED = 48;

const VOLATILE =
  /\b(gen_random_uuid|uuid_generate_v\d|random|clock_timestamp|timeofday|nextval)\s*\(/i;

/** A pattern a statement must not match, unless it also matches `unless`. */
interface Rule {
  test: (statement: string) => boolean;
  why: string;
}
const rule = (test: RegExp, why: string, unless?: RegExp): Rule => ({
  test: (s) => test.test(s) && !unless?.test(s),
  why,
});

const RULES: Rule[] = [
  {
    test: (s) => /\badd column\b[^;]*\bdefault\b/i.test(s) && VOLATILE.test(s),
    why: 'a volatile DEFAULT rewrites the table under an exclusive lock',
  },
  rule(
    /\badd column\b[^;]*\bgenerated always as\b[^;]*\bstored\b/i,
    'a stored generated column rewrites the table under an exclusive lock',
  ),
  rule(
    /\badd column\b[^;]*\bnot null\b/i,
    'a NOT NULL column without a DEFAULT fails on a table with rows',
    /\bdefault\b/i,
  ),
  rule(
    /\badd column\b[^;]*\b(unique|primary key|references|check)\b/i,
    'a constraint written with the new column is built or checked under the lock (add the column, then the constraint the safe way)',
  ),
  rule(
    /\balter column\s+"?\w+"?\s+(set data\s+)?type\b/i,
    'changing a column type rewrites the table under an exclusive lock',
  ),
  rule(
    /\bset not null\b/i,
    'SET NOT NULL scans the table under an exclusive lock (add a CHECK … NOT VALID, validate it, then set it)',
  ),
  rule(
    /\badd constraint\b[^;]*\b(foreign key|check)\b/i,
    'a FOREIGN KEY or CHECK without NOT VALID scans the table under a lock (add it NOT VALID, then VALIDATE CONSTRAINT in a later release)',
    /\bnot valid\b/i,
  ),
  rule(
    /\badd (constraint\b[^;]*\b)?(primary key|unique)\b/i,
    'a PRIMARY KEY or UNIQUE constraint builds its index under an exclusive lock (build the index concurrently first, then ADD … USING INDEX)',
    /\busing index\b/i,
  ),
  rule(
    /\bcreate (unique )?index\b/i,
    'an index on a big table blocks its writes while it builds: write IF NOT EXISTS and list it in docs/operations/migrations.md to build concurrently first',
    /\bif not exists\b/i,
  ),
  rule(
    /^\s*(with\b[\s\S]*?\)\s*)?(update|delete\s+from|insert\s+into)\b/i,
    'a backfill in the migration holds its row locks until every migration is done (do it in a job, in batches)',
  ),
];

/** Flagged whatever the table: they lock a table whole, or hide what they do. */
const ANY_TABLE: Rule[] = [
  rule(/^\s*(vacuum\s+full|cluster|lock|reindex)\b/i, 'takes an exclusive lock on a whole table'),
  rule(
    /^\s*do\b/i,
    'procedural code in a migration: write why it is safe (-- migration-safety: …)',
  ),
];

/** The table a statement changes or indexes, as written (quotes removed). */
function tableOf(statement: string): string | null {
  const m =
    /\b(?:alter table|update|delete from|insert into)\s+(?:only\s+)?(?:if exists\s+)?"?(?:\w+"?\.)?"?(\w+)"?/i.exec(
      statement,
    ) ?? /\bindex\b[^;]*?\bon\s+(?:only\s+)?"?(?:\w+"?\.)?"?(\w+)"?/i.exec(statement);
  return m?.[1]?.toLowerCase() ?? null;
}

/** Splits SQL at each `;` that ends a line outside a dollar-quoted body (a function's). */
function splitSql(text: string): string[] {
  const parts: string[] = [];
  let quote: string | null = null;
  let from = 0;
  const tokens = /\$\w*\$|;[ \t]*(\n|$)/g;
  for (let m = tokens.exec(text); m; m = tokens.exec(text)) {
    if (m[0].startsWith('$')) quote = quote === null ? m[0] : quote === m[0] ? null : quote;
    else if (quote === null) {
      parts.push(text.slice(from, m.index));
      from = m.index + m[0].length;
    }
  }
  parts.push(text.slice(from));
  return parts;
}

/** The statements of a migration file, each with the comment lines just before it. */
export function statementsOf(text: string): { statement: string; notes: string }[] {
  return text
    .split('--> statement-breakpoint')
    .flatMap(splitSql)
    .map((chunk) => {
      const lines = chunk.trim().split('\n');
      const notes = lines.filter((l) => l.trim().startsWith('--')).join('\n');
      const statement = lines
        .filter((l) => !l.trim().startsWith('--'))
        .join('\n')
        .trim();
      return { statement, notes };
    })
    .filter((s) => s.statement.length > 0);
}

/** The tables a migration creates: empty, so nothing it does to them locks anyone out. */
function createdTables(statements: { statement: string }[]): Set<string> {
  return new Set(
    statements.flatMap(({ statement }) => {
      const m = /\bcreate table\s+(?:if not exists\s+)?"?(?:\w+"?\.)?"?(\w+)"?/i.exec(statement);
      return m?.[1] ? [m[1].toLowerCase()] : [];
    }),
  );
}

/** The big table a statement changes (not the catalogue's, not one just created), if any. */
function bigTableOf(statement: string, created: Set<string>): string | null {
  const table = tableOf(statement);
  return table && !SMALL_TABLES.has(table) && !created.has(table) ? table : null;
}

/** The indexes a migration builds on big tables (IF NOT EXISTS), by name: to build first. */
export function indexesToBuildFirst(text: string): string[] {
  const statements = statementsOf(text);
  const created = createdTables(statements);
  return statements.flatMap(({ statement }) => {
    const m = /\bcreate (?:unique )?index\s+(?:concurrently\s+)?if not exists\s+"?(\w+)"?/i.exec(
      statement,
    );
    return m?.[1] && bigTableOf(statement, created) ? [m[1]] : [];
  });
}

/** What in one migration would lock or rewrite a big table, as readable lines. */
export function unsafeStatements(text: string): string[] {
  const statements = statementsOf(text);
  const created = createdTables(statements);
  const problems: string[] = [];
  const added = new Set<string>();
  const flag = (table: string, why: string, statement: string) =>
    problems.push(`${table}: ${why}: ${statement.replace(/\s+/g, ' ').slice(0, 160)}`);
  for (const { statement, notes } of statements) {
    const constraint = /\badd constraint\s+"?(\w+)"?/i.exec(statement)?.[1];
    if (constraint) added.add(constraint.toLowerCase());
    if (/--\s*migration-safety:\s*\S/.test(notes)) continue;
    for (const { test, why } of ANY_TABLE) if (test(statement)) flag('(any)', why, statement);
    const table = bigTableOf(statement, created);
    if (!table) continue;
    const validated = /\bvalidate constraint\s+"?(\w+)"?/i.exec(statement)?.[1];
    if (validated && added.has(validated.toLowerCase()))
      flag(
        table,
        'validating a constraint added by the same release scans the table while the lock taken to add it is held (validate it in a later release)',
        statement,
      );
    for (const { test, why } of RULES) if (test(statement)) flag(table, why, statement);
  }
  return problems;
}
