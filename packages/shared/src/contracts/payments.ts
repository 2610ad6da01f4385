import { z } from 'zod';
import {
  CRYPTO_CURRENCIES,
  networkOf,
  PAYMENT_NOTE_CODES,
  WALLET_TYPES,
} from '../domain/crypto.js';
import { DECIMAL_COLUMNS, RATE_MAX, RATE_MIN } from '../domain/money.js';
import { decimalInput } from './decimal.js';
import { singleLine } from './text.js';

/** A fiat amount of a quote or payment: numeric(20,2), a penny at least. */
const fiatAmount = decimalInput('Amount', { column: DECIMAL_COLUMNS.money, min: '0.01' });

export const FIAT_CURRENCIES = ['USD', 'GBP'] as const;

export const exchangeRateSchema = z.object({
  base: z.string(),
  quote: z.string(),
  rate: z.string(),
  source: z.string(),
  updatedAt: z.string(),
  /** Older than the configured maximum age: quotes using it are refused. */
  stale: z.boolean(),
  /** Seconds since it was set, by the server's clock. */
  ageSeconds: z.number().int(),
  /** How old it may get before it is refused (the stricter of its two currencies). */
  maxAgeSeconds: z.number().int(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const rateParamsSchema = z.object({
  base: z.string().regex(/^[A-Z]{3,5}$/, 'Invalid currency'),
  quote: z.string().regex(/^[A-Z]{3,5}$/, 'Invalid currency'),
});
/** numeric(38,18), between RATE_MIN and RATE_MAX. */
export const rateInputSchema = z.object({
  rate: decimalInput('Rate', { column: DECIMAL_COLUMNS.fine, min: RATE_MIN, max: RATE_MAX }),
});

const network = singleLine(
  z.string({ error: 'Network is required' }).trim().min(1, 'Network is required'),
  'Network',
).transform((name, ctx) => {
  const found = networkOf(name);
  if (!found) ctx.addIssue({ code: 'custom', message: `Unknown network: ${name}` });
  return found ?? 'bitcoin';
});

export const cryptoWalletSchema = z.object({
  id: z.string(),
  currency: z.string(),
  network: z.string(),
  address: z.string(),
  walletType: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type CryptoWallet = z.infer<typeof cryptoWalletSchema>;

export const cryptoWalletInputSchema = z.object({
  currency: z.enum(CRYPTO_CURRENCIES, 'Currency is required'),
  network,
  address: singleLine(
    z.string({ error: 'Address is required' }).trim().min(1, 'Address is required').max(120),
    'Address',
  ),
  walletType: z.enum(WALLET_TYPES).default('system'),
  description: singleLine(z.string().trim().max(500), 'Description').default(''),
  isActive: z.boolean().default(true),
});
export type CryptoWalletInput = z.infer<typeof cryptoWalletInputSchema>;

export const walletToggleSchema = z.object({
  isActive: z.boolean('isActive must be true or false'),
});

/** What a customer sees of a wallet: where to pay. */
export const paymentWalletSchema = cryptoWalletSchema.pick({
  id: true,
  currency: true,
  network: true,
  address: true,
});
export type PaymentWallet = z.infer<typeof paymentWalletSchema>;

export const quoteInputSchema = z.object({
  amount: fiatAmount,
  fiatCurrency: z.enum(FIAT_CURRENCIES).default('USD'),
  currency: z.enum(CRYPTO_CURRENCIES, 'Choose a supported cryptocurrency'),
  network: network.optional(),
});
export type QuoteInput = z.input<typeof quoteInputSchema>;

export const quoteSchema = z.object({
  id: z.string(),
  fiatAmount: z.string(),
  fiatCurrency: z.string(),
  currency: z.string(),
  network: z.string(),
  address: z.string(),
  cryptoAmount: z.string(),
  rate: z.string(),
  creditAmount: z.string(),
  expiresAt: z.string(),
  /** The payment URI for wallet apps and the QR code (BIP21, EIP-681, tron:, Solana Pay). */
  uri: z.string(),
  /**
   * Parley sees the payment on chain and credits it without a hash or an admin: the
   * address is this quote's own (derived from a watch key), or on Solana the payment
   * carries the quote's `reference`.
   */
  watched: z.boolean(),
  /** Confirmations a payment needs before it is credited (watched quotes; else null). */
  confirmationsRequired: z.number().int().nullable(),
  /**
   * Solana: the quote's Solana Pay `reference` key, in `uri`. A payment carrying it is
   * found and credited on chain; one from a wallet that cannot carry it pays the address
   * shown and is claimed with its hash. Null on other networks and unwatched Solana.
   */
  reference: z.string().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** A payment seen on chain to a watched quote's address, as its customer sees it. */
export const quoteDepositSchema = z.object({
  /** The deposit's own id: `deposit.updated` events name it. */
  id: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(['seen', 'credited', 'dropped']),
  confirmations: z.number().int(),
  required: z.number().int(),
  /** Credited at the rate of the day it confirmed: it came after the quote expired. */
  late: z.boolean(),
  /** What the balance gained (billing currency), once credited. */
  creditAmount: z.string().nullable(),
  seenAt: z.string(),
  creditedAt: z.string().nullable(),
  /** Credited, then its block was replaced: an admin looks into it. */
  flagged: z.boolean(),
});
export type QuoteDeposit = z.infer<typeof quoteDepositSchema>;

/** GET /api/payments/quotes/:id: a customer's quote and the payments seen to its address. */
export const quoteStatusSchema = z.object({
  quote: quoteSchema,
  expired: z.boolean(),
  deposits: z.array(quoteDepositSchema),
});
export type QuoteStatus = z.infer<typeof quoteStatusSchema>;

/** POST /api/transactions/create, plus the quote it pays. */
export const createTransactionSchema = z.object({
  amount: fiatAmount,
  /** BTC, ETH…, or USDT-TRC20 / USDT-ERC20. */
  currency: z
    .string({ error: 'Currency is required' })
    .trim()
    .regex(/^[A-Z]{3,5}(-(TRC20|ERC20))?$/, 'Invalid currency'),
  walletAddress: singleLine(
    z.string({ error: 'Wallet address is required' }).trim().min(1).max(120),
    'Wallet address',
  ),
  serviceName: singleLine(
    z.string({ error: 'Service name is required' }).trim().min(1).max(200),
    'Service name',
  ),
  servicePrice: singleLine(z.string().trim().max(50), 'Service price').optional(),
  /**
   * Required for a fixed address (every customer pays it, so the hash ties the payment
   * to this submission); optional for a watched quote, whose own address does.
   */
  txHash: singleLine(
    z
      .string({ error: 'Transaction hash is required' })
      .trim()
      .min(1, 'Transaction hash is required')
      .max(120),
    'Transaction hash',
  ).optional(),
  quoteId: z.uuid('Invalid quote').optional(),
  /**
   * The crypto amount the customer says they sent, as their wallet shows it. Left out
   * with a quote, they claim the quote's amount; the admin's row says plainly when the
   * claim differs from the quote (or there is neither).
   */
  cryptoAmount: decimalInput('Crypto amount', {
    column: DECIMAL_COLUMNS.fine,
    min: '0.000000000000000001',
  }).optional(),
  /** What a purchase buys (a package, SIP domain or number); absent for "Add Funds". */
  itemId: z.uuid('Invalid item').optional(),
});
export type CreateTransactionInput = z.input<typeof createTransactionSchema>;

export const TRANSACTION_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const transactionSchema = z.object({
  id: z.string(),
  /** A top-up ("Add Funds", worded by the browser in the reader's language) or a purchase. */
  kind: z.enum(['topup', 'purchase']),
  serviceName: z.string(),
  servicePrice: z.string().nullable(),
  amount: z.string(),
  amountCurrency: z.string(),
  currency: z.string(),
  network: z.string(),
  walletAddress: z.string(),
  cryptoAmount: z.string(),
  txHash: z.string().nullable(),
  creditAmount: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  /** What the admin typed, as typed; null when they typed nothing. */
  adminNotes: z.string().nullable(),
  /** The server's own notes as codes (PAYMENT_NOTE_CODES), worded by the browser. */
  noteCodes: z.array(z.enum(PAYMENT_NOTE_CODES)),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const adminPaymentSchema = transactionSchema.extend({
  user: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
  approvedBy: z.string().nullable(),
  /** The deciding admin's email (null while pending, or when that account is gone). */
  approverEmail: z.string().nullable(),
  /** The hash on the network's block explorer (EXPLORER_URL_<NETWORK>), when there is a hash. */
  explorerUrl: z.string().nullable(),
  /**
   * What the customer says they sent (the amount they gave, else that of the quote they
   * named); null when they said neither: their quote was written with the payment.
   */
  claimedCryptoAmount: z.string().nullable(),
  /**
   * The claim is missing or differs from `cryptoAmount`, the quote's exact amount: the
   * payment may not be theirs (anyone can copy a hash from the chain); compare the
   * amount on chain before approving.
   */
  amountDiffers: z.boolean(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/** Optional: a bare POST (no body, which arrives as null) takes the default notes. */
export const decisionInputSchema = z.preprocess(
  (body) => body ?? {},
  z.object({ adminNotes: z.string().trim().max(1000).optional() }),
);

/** GET /api/admin/payments: newest first, optionally one status, a page at a time. */
export const adminPaymentsQuerySchema = z.object({
  status: z.enum(TRANSACTION_STATUSES, 'Unknown status').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuerySchema>;

export const ledgerCheckSchema = z.object({
  users: z.number().int(),
  mismatches: z.array(z.object({ userId: z.string(), balance: z.string(), ledgerSum: z.string() })),
  /**
   * Hashes that more than one pending or approved payment carries, on one network or
   * several (compared canonical, without EVM's 0x): rows migrations marked (0019: equal
   * once canonical; 0034: one hash on two networks). Each group is one on-chain payment;
   * at most one of its rows may be credited. `txHash` is its oldest row's.
   */
  hashCollisions: z.array(
    z.object({
      txHash: z.string(),
      networks: z.array(z.string()),
      transactions: z.array(
        z.object({ id: z.string(), status: z.string(), userId: z.string(), network: z.string() }),
      ),
    }),
  ),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;
