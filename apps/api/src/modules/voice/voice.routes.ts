import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import type { CallerIdsService } from './caller-ids.service.js';
import type { CallsService } from './calls.service.js';
import type { SipAccountsService } from './sip-accounts.service.js';

/** A customer's calls, SIP account and caller IDs. */
export const voiceRoutes: FastifyPluginAsync<{
  calls: CallsService;
  accounts: SipAccountsService;
  callerIds: CallerIdsService;
}> = async (app, { calls, accounts, callerIds }) => {
  route(app, 'sip.call', (r) => calls.place(userId(r), r.body));
  route(app, 'sip.hangup', (r) => calls.hangup(userId(r), r.params.id));
  route(app, 'sip.history', (r) => calls.history(userId(r), r.query.page, r.query.pageSize));
  route(app, 'sip.quote', (r) => calls.quote(userId(r), r.query.destination));
  route(app, 'sip.status', (r) => calls.status(userId(r)));
  route(app, 'sip.account', (r) => accounts.account(userId(r)));
  route(app, 'sip.regeneratePassword', (r) => accounts.regenerate(userId(r)));
  route(app, 'sip.callerIds', (r) => callerIds.list(userId(r)));
  route(app, 'sip.verifyStart', (r) => callerIds.start(userId(r), r.body.number));
  route(app, 'sip.verifyConfirm', (r) => callerIds.confirm(userId(r), r.body.number, r.body.code));
};

/** For admins: every call, a user's calls, force hang-up, the gateway's state, sandbox codes. */
export const voiceAdminRoutes: FastifyPluginAsync<{
  calls: CallsService;
  callerIds: CallerIdsService;
}> = async (app, { calls, callerIds }) => {
  route(app, 'voiceAdmin.calls', (r) =>
    calls.adminCalls(r.query.page, r.query.pageSize, r.query.active === 'true'),
  );
  route(app, 'admin.userCalls', (r) => calls.history(r.params.id, r.query.page, r.query.pageSize));
  route(app, 'voiceAdmin.hangup', (r) => calls.adminHangup(r.params.id));
  route(app, 'voiceAdmin.status', () => calls.status());
  route(app, 'voiceAdmin.verifications', () => callerIds.sandboxCodes());
};
