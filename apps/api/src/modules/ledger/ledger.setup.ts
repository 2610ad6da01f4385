import type { Db } from '../../db/client.js';
import type { EventBus } from '../../lib/event-bus.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createLedgerRepo } from './ledger.repo.js';
import { ledgerRoutes } from './ledger.routes.js';
import { createLedgerService } from './ledger.service.js';

/** Ledger pages, statements and the admin's manual credit or debit. */
export function setUpLedger(opts: { db: Db; events: EventBus }): ModuleSetup {
  const ledger = createLedgerService({ repo: createLedgerRepo(opts.db), events: opts.events });
  return { routes: [routesOf(ledgerRoutes, { ledger })] };
}
