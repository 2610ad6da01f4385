import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * An admin's watch-only (extended public) key for one key family: `bitcoin`,
 * `litecoin`, `evm` (Ethereum, BNB Smart Chain and Polygon share one account key) or
 * `tron`. Quotes on its networks are paid to its receive addresses, one index each.
 * A replaced key stays (inactive) with its counter, so setting it again never hands
 * out an index twice.
 */
export const chainWatchKeys = pgTable(
  'chain_watch_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    family: text('family').notNull(),
    /** The key as the admin gave it, trimmed (public: it cannot spend). */
    extendedKey: text('extended_key').notNull(),
    /** mainnet, testnet or regtest: the chain it was read for. */
    chain: text('chain').notNull(),
    /** The next receive index to hand out; every index below it has been used. */
    nextIndex: integer('next_index').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    check('chain_watch_keys_family', sql`${t.family} in ('bitcoin', 'litecoin', 'evm', 'tron')`),
    check('chain_watch_keys_next_index', sql`${t.nextIndex} >= 0`),
    uniqueIndex('chain_watch_keys_key').on(t.family, t.extendedKey),
    uniqueIndex('chain_watch_keys_active').on(t.family).where(sql`${t.isActive}`),
  ],
);
