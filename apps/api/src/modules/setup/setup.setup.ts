import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import type { PayableCoins } from '../payments/payable-coins.js';
import type { setUpRates } from '../payments/payments.setup.js';
import { createSetupRepo } from './setup.repo.js';
import { setupRoutes } from './setup.routes.js';
import { createSetupService } from './setup.service.js';

/** The admin's set-up checklist, read from the other modules' state (never stored). */
export function setUpSetup(opts: {
  db: Db;
  config: Pick<Config, 'sms' | 'voice' | 'mail'>;
  /** The payments module's rates and feed. */
  rates: Pick<ReturnType<typeof setUpRates>, 'rates' | 'ratesFeed'>;
  /** The coins customers can pay in: fixed wallets and watched networks (payments' own). */
  coins: Pick<PayableCoins, 'states'>;
}): ModuleSetup {
  const { config, rates } = opts;
  const setup = createSetupService({
    repo: createSetupRepo(opts.db),
    coins: opts.coins.states,
    rates: rates.rates.list,
    feed: () => rates.ratesFeed?.status() ?? null,
    gateways: { sms: config.sms.gateway, voice: config.voice.gateway },
    mailConfigured: config.mail.smtp !== null,
  });
  return { routes: [routesOf(setupRoutes, { setup })] };
}
