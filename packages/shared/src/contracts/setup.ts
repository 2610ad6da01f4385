import { z } from 'zod';
import { CRYPTO_CURRENCIES, NETWORKS } from '../domain/crypto.js';

/** A coin a customer can pay in now: an active wallet on this network and a fresh rate. */
export const payableCoinSchema = z.object({
  currency: z.enum(CRYPTO_CURRENCIES),
  network: z.enum(NETWORKS),
});
export type PayableCoin = z.infer<typeof payableCoinSchema>;

export const FEED_SOURCES = ['coingecko', 'coinbase', 'kraken'] as const;

/** What the exchange-rate feed's last read found (this server instance's view). */
export const feedStatusSchema = z.object({
  /** False when RATES_FEED_SOURCES=off: rates are kept by hand. */
  enabled: z.boolean(),
  sources: z.array(z.enum(FEED_SOURCES)),
  lastRunAt: z.string().nullable(),
  /** When at least one source last gave a usable price. */
  lastAnsweredAt: z.string().nullable(),
  answered: z.array(z.enum(FEED_SOURCES)),
  failed: z.array(z.object({ source: z.enum(FEED_SOURCES), reason: z.string() })),
});
export type FeedStatus = z.infer<typeof feedStatusSchema>;

/**
 * The admin's set-up checklist: what a fresh install still needs before it takes
 * payments and sends messages for real. Each item is done or not; the web links each
 * to where it is fixed.
 */
export const setupChecklistSchema = z.object({
  /** Every item done: the checklist is no longer shown. */
  complete: z.boolean(),
  wallets: z.object({
    /** At least one coin has an active wallet. */
    done: z.boolean(),
    coins: z.array(
      z.object({
        currency: z.enum(CRYPTO_CURRENCIES),
        wallet: z.boolean(),
        rateFresh: z.boolean(),
        payable: z.boolean(),
      }),
    ),
  }),
  rates: z.object({
    /** Every rate a coin with a wallet needs (and USD/GBP) is fresh. */
    done: z.boolean(),
    stale: z.array(z.string()),
    feed: feedStatusSchema,
  }),
  /** Done when real: the sandbox only simulates (shown, not hidden). */
  sms: z.object({ done: z.boolean(), mode: z.enum(['sandbox', 'smpp']) }),
  voice: z.object({ done: z.boolean(), mode: z.enum(['sandbox', 'sip']) }),
  mail: z.object({ done: z.boolean() }),
  /** Every admin has a confirmed second factor. */
  secondFactor: z.object({ done: z.boolean(), adminsWithout: z.number().int() }),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;
