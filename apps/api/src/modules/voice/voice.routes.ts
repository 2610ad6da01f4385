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
  route(app, 'voice.call', (r) => calls.place(userId(r), r.body));
  route(app, 'voice.hangup', (r) => calls.hangup(userId(r), r.params.id));
  route(app, 'voice.history', (r) => calls.history(userId(r), r.query.page, r.query.pageSize));
  route(app, 'voice.quote', (r) => calls.quote(userId(r), r.query.destination));
  route(app, 'voice.status', (r) => calls.status(userId(r)));
  route(app, 'voice.account', (r) => accounts.account(userId(r)));
  route(app, 'voice.regeneratePassword', (r) => accounts.regenerate(userId(r)));
  route(app, 'voice.callerIds', (r) => callerIds.list(userId(r)));
  route(app, 'voice.verifyStart', (r) => callerIds.start(userId(r), r.body.number));
  route(app, 'voice.verifyConfirm', (r) =>
    callerIds.confirm(userId(r), r.body.number, r.body.code),
  );
};

/** For admins: every call, a user's calls, force hang-up, the gateway's state, sandbox codes. */
export const voiceAdminRoutes: FastifyPluginAsync<{
  calls: CallsService;
  callerIds: CallerIdsService;
}> = async (app, { calls, callerIds }) => {
  route(app, 'voice.admin.calls', (r) =>
    calls.adminCalls(r.query.page, r.query.pageSize, r.query.active === 'true'),
  );
  route(app, 'voice.admin.forUser', (r) =>
    calls.history(r.params.id, r.query.page, r.query.pageSize),
  );
  route(app, 'voice.admin.hangup', (r) => calls.adminHangup(r.params.id));
  route(app, 'voice.admin.status', () => calls.status());
  route(app, 'voice.admin.verifications', () => callerIds.sandboxCodes());
};
