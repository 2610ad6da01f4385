import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { paymentQuotes } from './payments.js';
import { users } from './users.js';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const fine = (name: string) => numeric(name, { precision: 38, scale: 18 });
const height = (name: string) => bigint(name, { mode: 'number' });

/**
 * Where a network's watcher has got to: the last block scanned (height and hash), the
 * lease that lets one instance scan at a time, and what admins see of the node.
 */
export const chainCursors = pgTable('chain_cursors', {
  network: text('network').primaryKey(),
  height: height('height').notNull(),
  blockHash: text('block_hash').notNull(),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  /** The node's best height when last asked; null until it answered once. */
  nodeHeight: height('node_height'),
  /** The last failure as a code (CHAIN_UNREACHABLE…), cleared by a pass that works. */
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  updatedAt: updated(),
});

/**
 * The hashes of the recent blocks a watcher scanned, so a reorganisation is found by
 * comparing them with the node's and walked back to where the chains agree.
 */
export const chainBlocks = pgTable(
  'chain_blocks',
  {
    network: text('network').notNull(),
    height: height('height').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.height] })],
);

/**
 * A payment seen on chain to an address Parley handed out: one row per output
 * (`reference`: `<network>:<txid>:<output>`, unique), credited once, in the same
 * transaction as its ledger row (kind `deposit`, the same reference).
 */
export const chainDeposits = pgTable(
  'chain_deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    network: text('network').notNull(),
    txid: text('txid').notNull(),
    /** The output's place: a vout (`0`), a token log (`log5`) or a native EVM value (`tx`). */
    output: text('output').notNull(),
    address: text('address').notNull(),
    currency: text('currency').notNull(),
    amount: fine('amount').notNull(),
    /** The quote whose address it paid (watched quotes are never pruned). */
    quoteId: uuid('quote_id')
      .notNull()
      .references((): AnyPgColumn => paymentQuotes.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** seen (mempool or a block, waiting for confirmations), credited, or dropped. */
    status: text('status').notNull().default('seen'),
    blockHeight: height('block_height'),
    blockHash: text('block_hash'),
    confirmations: integer('confirmations').notNull().default(0),
    /** When Parley first saw it (mempool or block): decides the locked or the day's rate. */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Credited at the rate of the day it confirmed, since it came after the quote expired. */
    late: boolean('late').notNull().default(false),
    creditAmount: numeric('credit_amount', { precision: 20, scale: 4 }),
    creditRate: fine('credit_rate'),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    /** A credited deposit whose block was later replaced: set with the evidence, never debited. */
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    flagEvidence: jsonb('flag_evidence').$type<Record<string, unknown>>(),
    /** An admin's decision on a flagged deposit: keep the credit, or reverse it (a ledger debit). */
    resolution: text('resolution'),
    resolutionNote: text('resolution_note'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'restrict' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    check('chain_deposits_status', sql`${t.status} in ('seen', 'credited', 'dropped')`),
    check('chain_deposits_amount', sql`${t.amount} > 0`),
    check(
      'chain_deposits_credited',
      sql`(${t.status} = 'credited') = (${t.creditedAt} is not null and ${t.creditAmount} is not null)`,
    ),
    check(
      'chain_deposits_resolution',
      sql`(${t.resolution} is null and ${t.resolvedAt} is null) or (${t.resolution} in ('keep', 'reverse')
        and ${t.resolvedAt} is not null and ${t.resolutionNote} is not null and ${t.flaggedAt} is not null)`,
    ),
    index('chain_deposits_open_idx').on(t.network, t.status),
    index('chain_deposits_quote_idx').on(t.quoteId),
    index('chain_deposits_user_idx').on(t.userId, t.createdAt),
  ],
);
