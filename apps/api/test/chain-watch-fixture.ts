import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { packages, services } from '../src/db/schema/index.js';
import { createEventBus, type DomainEvent } from '../src/lib/event-bus.js';
import { createChainCursorRepo } from '../src/modules/chains/chain-cursor.repo.js';
import {
  type ChainWatchDeps,
  createChainWatch,
} from '../src/modules/chains/chain-watch.service.js';
import {
  createDepositSettleRepo,
  type SettleFaults,
} from '../src/modules/chains/deposit-settle.repo.js';
import { createDepositsRepo, type DepositFaults } from '../src/modules/chains/deposits.repo.js';
import { createWatchedAddressesRepo } from '../src/modules/chains/watched-addresses.repo.js';
import type { FakeChain } from './fake-chain.js';
import { queryRows } from './helpers.js';

export const CONFIRMATIONS = 3;
export const LATE_WINDOW_MS = 7 * 86_400_000;
export const POLL_MS = 10_000;

/** A test clock: every watcher of a test reads it, and the test moves it. */
export function testClock(start = Date.parse('2026-05-01T10:00:00Z')) {
  let at = start;
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms;
    },
  };
}

/** The watcher on the real database, its repos overridable (to throw where a crash is tested). */
export function watchOn(
  database: Database,
  chain: Pick<FakeChain, 'watcher'>,
  opts: {
    clock: ReturnType<typeof testClock>;
    instanceId?: string;
    faults?: DepositFaults & SettleFaults;
    wrap?: (repos: Pick<ChainWatchDeps, 'deposits' | 'settle'>) => void;
    rates?: Record<string, string>;
    maxBlocksPerPass?: number;
  },
) {
  const events: DomainEvent[] = [];
  const bus = createEventBus();
  bus.subscribe((e) => events.push(e));
  const repos = {
    deposits: createDepositsRepo(database.db, opts.faults),
    settle: createDepositSettleRepo(database.db, opts.faults),
  };
  opts.wrap?.(repos);
  const rates = opts.rates ?? { BTC: '70000', USDT: '0.8' };
  const watch = createChainWatch({
    watcher: chain.watcher,
    confirmations: CONFIRMATIONS,
    lateWindowMs: LATE_WINDOW_MS,
    pollMs: POLL_MS,
    instanceId: opts.instanceId ?? 'instance-a',
    cursors: createChainCursorRepo(database.db),
    addresses: createWatchedAddressesRepo(database.db),
    ...repos,
    rates: {
      async rate(from) {
        const rate = rates[from];
        if (!rate) throw new Error(`no rate for ${from}`);
        return rate;
      },
    },
    events: bus,
    now: opts.clock.now,
    log: { warn() {} },
    maxBlocksPerPass: opts.maxBlocksPerPass,
  });
  return { ...watch, events };
}

let serial = 0;

export async function addUser(database: Database, balance = '0') {
  const [row] = await queryRows<{ id: string }>(
    database,
    sql`insert into users (email, password_hash, crypto_balance)
        values (${`chain-${++serial}-${randomBytes(4).toString('hex')}@example.com`}, 'x', ${balance}::numeric)
        returning id`,
  );
  if (!row) throw new Error('addUser: no row');
  return row.id;
}

export async function addWatchKey(database: Database) {
  const [row] = await queryRows<{ id: string }>(
    database,
    sql`insert into chain_watch_keys (family, extended_key, chain)
        values ('bitcoin', ${`vpub-test-${randomBytes(8).toString('hex')}`}, 'regtest') returning id`,
  );
  if (!row) throw new Error('addWatchKey: no row');
  return row.id;
}

/** A watched quote: 0.0015 BTC for 100.00 GBP at its own (fresh) address, expiring at `expiresAt`. */
export async function addQuote(
  database: Database,
  q: {
    userId: string;
    watchKeyId: string;
    expiresAt: Date;
    cryptoAmount?: string;
    /** When it was handed out (default: the database's now). */
    createdAt?: Date;
    /** Its address (default: a made-up one no one can pay). */
    address?: string;
  },
) {
  const address = q.address ?? `bcrt1q${randomBytes(16).toString('hex')}`;
  const [row] = await queryRows<{ id: string }>(
    database,
    sql`insert into payment_quotes (user_id, fiat_amount, fiat_currency, currency, network, address,
          watch_key_id, derivation_index, crypto_amount, rate, credit_amount, credit_rate, expires_at,
          created_at)
        values (${q.userId}, '100.00', 'GBP', 'BTC', 'bitcoin', ${address}, ${q.watchKeyId}, ${++serial},
          ${q.cryptoAmount ?? '0.0015'}::numeric, '66666.67', '100.00', '66666.67',
          ${q.expiresAt.toISOString()}::timestamptz,
          coalesce(${q.createdAt?.toISOString() ?? null}::timestamptz, now()))
        returning id`,
  );
  if (!row) throw new Error('addQuote: no row');
  return { id: row.id, address };
}

/** A pending payment of the quote: a top-up, or a purchase of `itemId` priced `charge`. */
export async function addPending(
  database: Database,
  p: { userId: string; quoteId: string; address: string; itemId?: string; charge?: string },
) {
  const kind = p.itemId ? 'purchase' : 'topup';
  const [row] = await queryRows<{ id: string }>(
    database,
    sql`insert into transactions (user_id, kind, service_name, amount, amount_currency, currency,
          network, wallet_address, crypto_amount, quote_id, item_kind, item_id, credit_amount,
          credit_rate, charge_amount)
        values (${p.userId}, ${kind}, 'Plan', '100.00', 'GBP', 'BTC', 'bitcoin', ${p.address},
          '0.0015', ${p.quoteId}, ${p.itemId ? 'package' : null}, ${p.itemId ?? null}, '100.00',
          '66666.67', ${p.charge ?? null}::numeric)
        returning id`,
  );
  if (!row) throw new Error('addPending: no row');
  return row.id;
}

/** A package on sale at `price` GBP. */
export async function addPackage(database: Database, price: string) {
  const [service] = await database.db
    .insert(services)
    .values({ name: 'VoIP', slug: `voip-chain-${++serial}`, icon: 'phone' })
    .returning();
  if (!service) throw new Error('addPackage: no service');
  const [pkg] = await database.db
    .insert(packages)
    .values({ serviceId: service.id, name: 'Chain plan', price })
    .returning();
  if (!pkg) throw new Error('addPackage: no package');
  return pkg.id;
}

export async function depositsOf(database: Database, quoteId: string) {
  return queryRows<{
    status: string;
    confirmations: number;
    block_height: string | null;
    credit_amount: string | null;
    late: boolean;
    flagged_at: Date | null;
    flag_evidence: Record<string, unknown> | null;
  }>(
    database,
    sql`select * from chain_deposits where quote_id = ${quoteId} order by created_at, reference`,
  );
}

export async function ledgerOf(database: Database, userId: string) {
  return queryRows<{ kind: string; amount: string; reference: string }>(
    database,
    sql`select kind, amount::text, reference from ledger_entries where user_id = ${userId} order by created_at`,
  );
}

export async function cursorOf(database: Database, network = 'bitcoin') {
  const [row] = await queryRows<{
    height: number;
    lease_owner: string | null;
    last_error: string | null;
    node_height: number | null;
  }>(
    database,
    sql`select height::int, lease_owner, last_error, node_height::int
        from chain_cursors where network = ${network}`,
  );
  return row;
}
