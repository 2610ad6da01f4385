import type { Config } from '../../config/config.js';
import type { Db } from '../../db/client.js';
import type { VoiceGateway } from '../../integrations/voice/port.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createSecretBox } from '../auth/secret-box.js';
import { createSipTrunkRepo } from './sip-trunk.repo.js';
import { sipTrunkAdminRoutes, sipTrunkRoutes } from './sip-trunk.routes.js';
import { createSipTrunkService } from './sip-trunk.service.js';

/** Customers' SIP trunks (decision 0068): their settings, numbers and figures. */
export function setUpSipTrunk(opts: {
  db: Db;
  config: Pick<Config, 'sipTrunks' | 'voice'>;
  /** The same key material as the softphones' passwords (VOICE_ENCRYPTION_KEY). */
  keyMaterial: string;
  /** The edge is told to read the trunks' sources again after a change. */
  gateway: Pick<VoiceGateway, 'reloadTrunkSources'>;
  now?: () => Date;
}): ModuleSetup {
  const { gateway } = opts;
  const trunks = createSipTrunkService({
    repo: createSipTrunkRepo(opts.db),
    box: createSecretBox(opts.keyMaterial, 'sip-password-encryption'),
    config: opts.config.sipTrunks,
    voice: opts.config.voice,
    reloadSources: async () => (await gateway.reloadTrunkSources?.()) ?? false,
    now: opts.now,
  });
  return {
    routes: [routesOf(sipTrunkRoutes, { trunks }), routesOf(sipTrunkAdminRoutes, { trunks })],
  };
}
