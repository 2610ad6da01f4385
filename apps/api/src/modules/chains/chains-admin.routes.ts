import type { FastifyPluginAsync } from 'fastify';
import { actor, auditBy } from '../../plugins/actor.js';
import { route } from '../../plugins/endpoints.js';
import type { ChainDepositsService } from './chain-deposits.service.js';
import type { WatchKeysService } from './watch-keys.service.js';

/** Watch-only keys and the watchers' status, for admins. */
export const chainsAdminRoutes: FastifyPluginAsync<{
  watchKeys: WatchKeysService;
  deposits: ChainDepositsService;
}> = async (app, { watchKeys, deposits }) => {
  route(app, 'chains.admin.watchKeys', () => watchKeys.list());
  route(app, 'chains.admin.previewWatchKey', (r) => watchKeys.preview(r.body));
  route(app, 'chains.admin.setWatchKey', (r) =>
    watchKeys.set(r.params.family, r.body.key, auditBy(r)),
  );
  route(app, 'chains.admin.removeWatchKey', async (r) => {
    await watchKeys.remove(r.params.family, auditBy(r));
  });
  route(app, 'chains.admin.status', () => watchKeys.status());
  route(app, 'chains.admin.deposits', ({ query: { page, pageSize, ...q } }) =>
    deposits.list({ ...q, flagged: q.flagged === 'true' }, page, pageSize),
  );
  route(app, 'chains.admin.resolveDeposit', (r) => deposits.resolve(r.params.id, r.body, actor(r)));
};
