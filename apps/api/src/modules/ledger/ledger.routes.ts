import type { FastifyPluginAsync } from 'fastify';
import { actor } from '../../plugins/actor.js';
import { sendCsv } from '../../plugins/csv-file.js';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import type { LedgerService } from './ledger.service.js';

/** The customer's ledger and statement; an admin's view of anyone's, and adjustments. */
export const ledgerRoutes: FastifyPluginAsync<{ ledger: LedgerService }> = async (
  app,
  { ledger },
) => {
  route(app, 'ledger.mine', (r) => ledger.mine(userId(r), r.query));
  route(app, 'ledger.statement', async (r, reply) => {
    const { filename, csv } = await ledger.statement(userId(r), r.query);
    return sendCsv(reply, filename, csv);
  });
  route(app, 'ledger.admin.forUser', (r) => ledger.ofUser(r.params.id, r.query));
  route(app, 'ledger.admin.adjust', (r) => ledger.adjust(r.params.id, r.body, actor(r)));
  route(app, 'ledger.admin.statement', async (r, reply) => {
    const { filename, csv } = await ledger.statement(
      r.params.id,
      r.query,
      `statement-${r.params.id.slice(0, 8)}`,
    );
    return sendCsv(reply, filename, csv);
  });
};
