import { trunkSettingsInputSchema, trunkSettingsSchema } from '@parley/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/admin-guard.js';
import type { SipTrunkService } from './sip-trunk.service.js';

/** The signed-in customer's own trunk preferences (the Configure Service dialog). */
export const sipTrunkRoutes: FastifyPluginAsyncZod<{ trunk: SipTrunkService }> = async (
  app,
  { trunk },
) => {
  app.addHook('onRequest', requireUser);
  app.get(
    '/api/sip-trunk/settings',
    { schema: { response: { 200: trunkSettingsSchema } } },
    async (request) => trunk.settings(request.user?.id ?? ''),
  );
  app.put(
    '/api/sip-trunk/settings',
    { schema: { body: trunkSettingsInputSchema, response: { 200: trunkSettingsSchema } } },
    async (request) => trunk.save(request.user?.id ?? '', request.body),
  );
};
