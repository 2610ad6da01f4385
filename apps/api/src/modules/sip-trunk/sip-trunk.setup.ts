import type { Db } from '../../db/client.js';
import type { ModuleSetup } from '../../plugins/module-setup.js';

/** Customers' SIP trunks (decision 0068). */
export function setUpSipTrunk(_opts: { db: Db }): ModuleSetup {
  return { routes: [] };
}
