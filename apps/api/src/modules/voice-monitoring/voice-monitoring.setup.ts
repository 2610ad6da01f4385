import type { Db } from '../../db/client.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createVoiceMonitoringRepo } from './voice-monitoring.repo.js';
import { voiceMonitoringRoutes } from './voice-monitoring.routes.js';
import { createVoiceMonitoringService } from './voice-monitoring.service.js';

/** SIP monitoring: the customer's own call records. */
export function setUpVoiceMonitoring(opts: { db: Db }): ModuleSetup {
  const monitoring = createVoiceMonitoringService({ repo: createVoiceMonitoringRepo(opts.db) });
  return { routes: [routesOf(voiceMonitoringRoutes, { monitoring })] };
}
