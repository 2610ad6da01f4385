import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import type { GuardrailsService } from './guardrails.service.js';

/** The signed-in customer's own spending limits. */
export const guardrailsRoutes: FastifyPluginAsync<{ guardrails: GuardrailsService }> = async (
  app,
  { guardrails },
) => {
  route(app, 'guardrails.get', (request) => guardrails.get(userId(request)));
  route(app, 'guardrails.save', (request) => guardrails.save(userId(request), request.body));
};
