import type { Db } from '../../db/client.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createSipTrunkRepo } from './sip-trunk.repo.js';
import { sipTrunkRoutes } from './sip-trunk.routes.js';
import { createSipTrunkService } from './sip-trunk.service.js';

/** A customer's SIP trunk settings. */
export function setUpSipTrunk(opts: { db: Db }): ModuleSetup {
  const trunk = createSipTrunkService({ repo: createSipTrunkRepo(opts.db) });
  return { routes: [routesOf(sipTrunkRoutes, { trunk })] };
}
