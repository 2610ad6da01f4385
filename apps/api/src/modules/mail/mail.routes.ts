import type { FastifyPluginAsync } from 'fastify';
import { edgeGuard } from '../../plugins/edge-guard.js';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import type { MailService } from './mail.service.js';
import type { MailDomainsService } from './mail-domains.service.js';
import type { MailEdgeService } from './mail-edge.service.js';

/** The customer's SMTP relay; API keys with mail:read / mail:write reach it (scopes.ts). */
export const mailRoutes: FastifyPluginAsync<{
  mail: MailService;
  domains: MailDomainsService;
}> = async (app, { mail, domains }) => {
  route(app, 'mail.overview', (r) => mail.overview(userId(r)));
  route(app, 'mail.credentials', (r) => mail.credentials(userId(r)));
  route(app, 'mail.createCredential', (r) => mail.createCredential(userId(r), r.body));
  route(app, 'mail.removeCredential', (r) => mail.removeCredential(userId(r), r.params.id));
  route(app, 'mail.domains', (r) => domains.domains(userId(r)));
  route(app, 'mail.addDomain', (r) => domains.addDomain(userId(r), r.body.domain));
  route(app, 'mail.verifyDomain', (r) => domains.verifyDomain(userId(r), r.params.id));
  route(app, 'mail.removeDomain', (r) => domains.removeDomain(userId(r), r.params.id));
  route(app, 'mail.suppressions', (r) => mail.suppressions(userId(r), r.query));
  route(app, 'mail.removeSuppression', (r) => mail.removeSuppression(userId(r), r.params.id));
  route(app, 'mail.messages', (r) => mail.messages(userId(r), r.query));
};

/** The mail edge's questions, by MAIL_EDGE_SECRET (never a session or an API key). */
export const mailEdgeRoutes: FastifyPluginAsync<{
  edge: MailEdgeService;
  secret: string | null;
}> = async (app, { edge, secret }) => {
  const onRequest = edgeGuard(secret);
  route(app, 'mail.edge.auth', (r) => edge.auth(r.body), { onRequest });
  route(app, 'mail.edge.sender', (r) => edge.sender(r.body), { onRequest });
  route(app, 'mail.edge.recipient', (r) => edge.recipient(r.body), { onRequest });
  route(app, 'mail.edge.accept', (r) => edge.accept(r.body), { onRequest });
  route(app, 'mail.edge.event', (r) => edge.event(r.body), { onRequest });
};
