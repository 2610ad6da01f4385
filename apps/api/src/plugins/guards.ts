import type { Access, User } from '@parley/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

const SIGN_IN = 'Please sign in first.';

/** The signed-in user, or 401 with `message`. */
export function signedInUser(request: { user: User | null }, message = SIGN_IN): User {
  if (!request.user) throw new AppError('UNAUTHORIZED', message);
  return request.user;
}

/** The signed-in user's id, or 401. */
export const userId = (request: { user: User | null }): string => signedInUser(request).id;

/** Customer routes: 401 for visitors. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  signedInUser(request);
}

/** The one guard of every /api/admin/* route: 401 for visitors, 403 for customers. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!signedInUser(request).isAdmin)
    throw new AppError('FORBIDDEN', "You don't have permission to access the admin panel.");
}

/** The guard an endpoint's access level asks for; a custom 401 text where one is promised. */
export function guardFor(access: Access, signInMessage?: string) {
  if (access === 'admin') return requireAdmin;
  if (access === 'user')
    return signInMessage
      ? async (request: FastifyRequest) => void signedInUser(request, signInMessage)
      : requireUser;
  return null;
}
