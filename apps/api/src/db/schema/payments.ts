import type { PaymentNoteCode } from '@parley/shared';
import { type SQLWrapper, sql } from 'drizzle-orm';
import {
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
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { chainWatchKeys } from './watch-keys.js';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Fiat money: the balance, prices, credits. */
const money = (name: string) => numeric(name, { precision: 20, scale: 2 });
/** The balance and its ledger: four decimals, as per-message charges need. */
const balanceMoney = (name: string) => numeric(name, { precision: 20, scale: 4 });
/** Crypto amounts and exchange rates need far more places than fiat. */
const fine = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * What makes two payments' hashes one on-chain transaction, whatever their network: the
 * canonical hash (canonicalTxHash) without EVM's 0x. Bitcoin, Litecoin and TRON write
 * 32 bytes as 64 hex digits, EVM chains as 0x and the same digits, Solana in base58
 * (which has no 0); one value on two networks is one payment claimed twice.
 */
export const txHashKey = (hash: SQLWrapper) => sql`regexp_replace(${hash}, '^0x', '')`;

/** 1 `base` = `rate` `quote`, as set by `source` at `updated_at`. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    rate: fine('rate').notNull(),
    source: text('source').notNull(),
    updatedAt: updated(),
  },
  (t) => [
    primaryKey({ columns: [t.base, t.quote] }),
    check('exchange_rates_positive', sql`${t.rate} > 0`),
  ],
);

/** Where customers send crypto; admins manage them, the client never hard-codes one. */
export const cryptoWallets = pgTable(
  'crypto_wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    walletType: text('wallet_type').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [unique('crypto_wallets_currency_address').on(t.currency, t.network, t.address)],
);

/**
 * Every change of a balance, written in the same transaction as users.crypto_balance.
 * (kind, reference) is unique: the same payment can never be credited twice, nor the
 * same message charged or refunded twice.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: balanceMoney('amount').notNull(),
    currency: text('currency').notNull(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    balanceAfter: balanceMoney('balance_after').notNull(),
    /** The exchange rate applied, when the money arrived in another currency. */
    rate: fine('rate'),
    note: text('note').notNull().default(''),
    createdAt: created(),
  },
  (t) => [
    check(
      'ledger_entries_kind',
      sql`${t.kind} in ('deposit', 'purchase', 'charge', 'refund', 'adjustment', 'renewal')`,
    ),
    check('ledger_entries_balance_after', sql`${t.balanceAfter} >= 0`),
    check('ledger_entries_amount_not_zero', sql`${t.amount} <> 0`),
    unique('ledger_entries_kind_reference').on(t.kind, t.reference),
    index('ledger_entries_user_idx').on(t.userId, t.createdAt),
  ],
);

/** A crypto amount locked for a short time: what the customer is asked to send. */
export const paymentQuotes = pgTable(
  'payment_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fiatAmount: money('fiat_amount').notNull(),
    fiatCurrency: text('fiat_currency').notNull(),
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    /** The fixed address's wallet; null when the address was derived from a watch key. */
    walletId: uuid('wallet_id').references(() => cryptoWallets.id, { onDelete: 'restrict' }),
    address: text('address').notNull(),
    /** The watch key and receive index the address came from (never handed out twice). */
    watchKeyId: uuid('watch_key_id').references(() => chainWatchKeys.id, {
      onDelete: 'restrict',
    }),
    derivationIndex: integer('derivation_index'),
    /**
     * Solana: the quote's Solana Pay `reference` key (base58), which the payment carries as
     * a read-only account and the watcher finds it by; the address is the fixed wallet's.
     */
    reference: text('reference'),
    cryptoAmount: fine('crypto_amount').notNull(),
    /** 1 crypto = `rate` fiat. */
    rate: fine('rate').notNull(),
    /** What the payment is worth in the billing currency, and the rate that made it. */
    creditAmount: money('credit_amount').notNull(),
    creditRate: fine('credit_rate').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: created(),
  },
  (t) => [
    check('payment_quotes_positive', sql`${t.cryptoAmount} > 0 and ${t.fiatAmount} > 0`),
    // The amounts held on one address (unique among its open quotes), and a customer's
    // open quotes (bounded); the retention job finds expired ones through both.
    index('payment_quotes_address_idx').on(t.network, t.address, t.expiresAt),
    index('payment_quotes_user_idx').on(t.userId, t.expiresAt),
    // Retention's way to the quotes that expired since its last pass (unwatched only).
    index('payment_quotes_expiry_idx').on(t.expiresAt).where(sql`${t.watchKeyId} is null`),
    uniqueIndex('payment_quotes_derivation').on(t.watchKeyId, t.derivationIndex),
    uniqueIndex('payment_quotes_reference').on(t.reference),
    check(
      'payment_quotes_address_source',
      sql`(${t.walletId} is null) <> (${t.watchKeyId} is null) and (${t.watchKeyId} is null) = (${t.derivationIndex} is null)`,
    ),
  ],
);

/** A customer's payment, pending until an admin approves or rejects it. */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    serviceName: text('service_name').notNull(),
    servicePrice: text('service_price'),
    amount: money('amount').notNull(),
    amountCurrency: text('amount_currency').notNull(),
    /** As the customer chose it: BTC, USDT-TRC20… */
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    /** Null when the quote's address was derived from a watch key. */
    walletId: uuid('wallet_id').references(() => cryptoWallets.id, { onDelete: 'restrict' }),
    walletAddress: text('wallet_address').notNull(),
    /** The quote's own exact amount: what the admin compares with the chain. */
    cryptoAmount: fine('crypto_amount').notNull(),
    /**
     * What the customer says they sent: the amount they gave, else the amount of the
     * quote they named; null when they named neither (a quote written with the payment).
     */
    claimedCryptoAmount: fine('claimed_crypto_amount'),
    quoteId: uuid('quote_id')
      .notNull()
      .unique()
      .references(() => paymentQuotes.id, { onDelete: 'restrict' }),
    /** In its canonical form (canonicalTxHash): hex lower-case, base58 as it is. */
    txHash: text('tx_hash'),
    /**
     * Set by migrations on a row whose hash equals a row's that holds it (0019: once
     * canonical; 0034: on another network): both are kept (and shown by the ledger
     * check), the row is never approved, and only the other holds the hash. New rows
     * are never marked.
     */
    hashConflict: boolean('hash_conflict').notNull().default(false),
    /** What a purchase buys: a package, a SIP domain or a number (null for a top-up). */
    itemKind: text('item_kind'),
    itemId: uuid('item_id'),
    creditAmount: money('credit_amount').notNull(),
    creditRate: fine('credit_rate').notNull(),
    /** A purchase's item price in GBP, fixed when it was submitted; the rest stays on the balance. */
    chargeAmount: money('charge_amount'),
    status: text('status').notNull().default('pending'),
    /** What the admin typed, as typed; null when they typed nothing. */
    adminNotes: text('admin_notes'),
    /** The server's own notes as codes (PAYMENT_NOTE_CODES); migration 0029 moved old English ones here. */
    noteCodes: jsonb('note_codes').$type<PaymentNoteCode[]>().notNull().default([]),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    check('transactions_kind', sql`${t.kind} in ('topup', 'purchase')`),
    check('transactions_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('transactions_amount_positive', sql`${t.amount} > 0 and ${t.creditAmount} > 0`),
    check(
      'transactions_item',
      sql`(${t.kind} = 'topup') = (${t.itemKind} is null) and (${t.itemKind} is null) = (${t.itemId} is null)`,
    ),
    check(
      'transactions_tx_hash_canonical',
      sql`${t.network} = 'solana' or ${t.txHash} = lower(${t.txHash})`,
    ),
    // One on-chain payment is held by one payment at a time, across networks: a pending
    // or approved one. A rejected payment frees its hash, so a bystander who submitted
    // someone else's hash first cannot keep it from them.
    uniqueIndex('transactions_tx_hash_live')
      .on(txHashKey(t.txHash))
      .where(
        sql`${t.txHash} is not null and ${t.status} in ('pending', 'approved') and not ${t.hashConflict}`,
      ),
    index('transactions_user_idx').on(t.userId, t.createdAt),
    index('transactions_status_idx').on(t.status, t.createdAt),
    // The admin's list of every payment, newest first (decision 0071).
    index('transactions_created_idx').on(t.createdAt, t.id),
  ],
);
