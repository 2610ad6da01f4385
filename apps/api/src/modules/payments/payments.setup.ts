import type { Network } from '@parley/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ChainsConfig } from '../../config/chains-config.js';
import type { RatesConfig } from '../../config/rates-config.js';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../lib/event-bus.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createPayableCoins } from './payable-coins.js';
import { createPaymentsRepo } from './payments.repo.js';
import { paymentsRoutes } from './payments.routes.js';
import { createPaymentsService } from './payments.service.js';
import { paymentsAdminRoutes } from './payments-admin.routes.js';
import { createQuoteAddresses } from './quote-address.js';
import { createQuoteAddressRepo } from './quote-address.repo.js';
import { createQuoteStatusRepo } from './quote-status.repo.js';
import { createRatesRepo } from './rates.repo.js';
import { createRatesService } from './rates.service.js';
import { createRatesFeed } from './rates-feed.js';
import { createWalletsRepo } from './wallets.repo.js';
import { createWalletsService } from './wallets.service.js';

/**
 * Exchange rates and crypto wallets, made before the modules that price in GBP (orders,
 * SMS, calls): the rates service, its feed (started with the app unless turned off; tests
 * run it by hand) and the coins a customer can pay with now.
 */
export function setUpRates(opts: {
  db: Db;
  config: RatesConfig;
  /** Drops the instance's price caches after every change (catalogue/pricing-cache.ts). */
  onChange: () => void;
  log: FastifyBaseLogger;
}) {
  const walletsRepo = createWalletsRepo(opts.db);
  const wallets = createWalletsService({ repo: walletsRepo });
  const rates = createRatesService({
    repo: createRatesRepo(opts.db),
    maxAge: opts.config.maxAge,
    onChange: opts.onChange,
  });
  const feed = opts.config.feed;
  const ratesFeed = feed ? createRatesFeed({ rates, feed, log: opts.log }) : null;
  const module: ModuleSetup = {
    jobs: ratesFeed ? [ratesFeed] : [],
    decorations: { ratesFeed },
  };
  return { ...module, rates, ratesFeed, wallets, walletsRepo };
}

/** Quotes, payments and their approval (customer and admin routes). */
export function setUpPayments(opts: {
  db: Db;
  rates: ReturnType<typeof setUpRates>;
  /** The orders module's items and their GBP price (a purchase paid in crypto). */
  orders: Parameters<typeof createPaymentsService>[0]['orders'];
  events: EventBus;
  config: {
    /** Per customer: open quotes and payments awaiting approval (MAX_OPEN_QUOTES…). */
    paymentLimits: { openQuotes: number; pendingPayments: number };
    explorers: Record<Network, string>;
    /** The watchers' settings: a watched network with a watch key quotes its own addresses. */
    chains?: Pick<ChainsConfig, 'networks'>;
  };
  log?: FastifyBaseLogger;
}) {
  const { rates, wallets, walletsRepo } = opts.rates;
  const repo = createPaymentsRepo(opts.db);
  const addresses = createQuoteAddresses({
    networks: opts.config.chains?.networks ?? {},
    repo: createQuoteAddressRepo(opts.db),
    onUnusableKey: (keyId, code) =>
      opts.log?.warn({ keyId, code }, 'payments: a watch key cannot be read; fixed wallets pay'),
  });
  // The coins offered include the watched networks, which need no fixed wallet.
  const coins = createPayableCoins({ wallets: walletsRepo, rates, watched: addresses });
  const payments = createPaymentsService({
    addresses,
    deposits: createQuoteStatusRepo(opts.db),
    repo,
    orders: opts.orders,
    wallets: walletsRepo,
    rates,
    events: opts.events,
    limits: opts.config.paymentLimits,
    explorers: opts.config.explorers,
  });
  const module: ModuleSetup = {
    routes: [
      routesOf(paymentsRoutes, { payments, coins }),
      routesOf(paymentsAdminRoutes, { payments, wallets, rates }),
    ],
  };
  /** Expired quotes, for the retention job (never one a payment refers to). */
  return { ...module, payments, coins, pruneQuotes: repo.pruneQuotes };
}
