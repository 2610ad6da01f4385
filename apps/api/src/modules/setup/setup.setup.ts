import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import type { setUpRates } from '../payments/payments.setup.js';
import { createSetupRepo } from './setup.repo.js';
import { setupRoutes } from './setup.routes.js';
import { createSetupService } from './setup.service.js';

/** The admin's set-up checklist, read from the other modules' state (never stored). */
export function setUpSetup(opts: {
  db: Db;
  config: Pick<Config, 'sms' | 'voice' | 'mail'>;
  /** The payments module's rates, feed and payable coins. */
  rates: Pick<ReturnType<typeof setUpRates>, 'rates' | 'ratesFeed' | 'coins'>;
}): ModuleSetup {
  const { config, rates } = opts;
  const setup = createSetupService({
    repo: createSetupRepo(opts.db),
    coins: rates.coins.states,
    rates: rates.rates.list,
    feed: () => rates.ratesFeed?.status() ?? null,
    gateways: { sms: config.sms.gateway, voice: config.voice.gateway },
    mailConfigured: config.mail.smtp !== null,
  });
  return { routes: [routesOf(setupRoutes, { setup })] };
}
