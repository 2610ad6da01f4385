import { type Access, keyMayCall, scopeOf, type User } from '@parley/shared';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../lib/app-error.js';

const SIGN_IN = 'Please sign in first.';

/** The signed-in user, or 401 with `message`. */
export function signedInUser(request: { user: User | null }, message = SIGN_IN): User {
  if (!request.user) throw new AppError('UNAUTHORIZED', message);
  return request.user;
}

/** The signed-in user's id, or 401. */
export const userId = (request: { user: User | null }): string => signedInUser(request).id;

/** Admin routes: 401 for visitors, 403 for customers. */
function checkAdmin(request: FastifyRequest): void {
  if (!signedInUser(request).isAdmin)
    throw new AppError('FORBIDDEN', "You don't have permission to access the admin panel.");
}

/** The one guard of every /api/admin/* route: 401 for visitors, 403 for customers. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  checkAdmin(request);
}

/**
 * What a request with an API key may reach (decision 0062): never a route keys may not
 * call (admin, account security, the keys themselves), and elsewhere only with the
 * route's scope. Checked before the role, so an admin's key is no way into admin routes.
 */
export function checkKey(request: FastifyRequest, name: string, access: Access): void {
  const key = request.apiKey;
  if (!key) return;
  if (!keyMayCall(name, access))
    throw new AppError('API_KEY_NOT_ALLOWED', 'This route is not available to API keys.');
  const scope = scopeOf(name);
  if (scope && !key.scopes.includes(scope))
    throw new AppError('API_KEY_SCOPE', `This API key lacks the scope "${scope}".`, undefined, {
      params: { scope },
    });
}

/**
 * The guard of the endpoint `name`: the API key's reach, then the role its access level
 * asks for; a custom 401 text where one is promised. The edge's routes bring their own.
 * A callback hook: every check is synchronous, so no request makes a promise here.
 */
export function guardFor(
  name: string,
  access: Access,
  signInMessage?: string,
): onRequestHookHandler | null {
  if (access === 'edge') return null;
  const role =
    access === 'admin'
      ? checkAdmin
      : access === 'user'
        ? (request: FastifyRequest) => void signedInUser(request, signInMessage)
        : null;
  return (request, _reply, done) => {
    try {
      checkKey(request, name, access);
      role?.(request);
    } catch (err) {
      return done(err as Error);
    }
    done();
  };
}
