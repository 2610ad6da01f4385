import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

/** Customer routes: 401 for visitors. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Please sign in first.');
}

/** The one guard of every /api/admin/* route: 401 for visitors, 403 for customers. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Please sign in first.');
  if (!request.user.isAdmin)
    throw new AppError('FORBIDDEN', "You don't have permission to access the admin panel.");
}
