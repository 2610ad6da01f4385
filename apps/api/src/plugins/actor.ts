import type { User } from '@parley/shared';
import type { AuditBy } from '../lib/audit-by.js';
import { signedInUser } from './guards.js';

/** A request as the actor helpers read it: its signed-in user and its address. */
type Acting = { user: User | null; ip: string };

/**
 * The signed-in admin who acts and the address they act from, as a service records it
 * (audit log, decisions). 401 without a signed-in user; the route's guard answered
 * visitors and customers already.
 */
export function actor(request: Acting): { id: string; ip: string } {
  return { id: signedInUser(request).id, ip: request.ip };
}

/** The same with the admin's email, for a decision that names who took it. */
export function actorWithEmail(request: Acting): { id: string; email: string; ip: string } {
  const { id, email } = signedInUser(request);
  return { id, email, ip: request.ip };
}

/** The same in the audit log's terms (lib/audit-by.ts). */
export function auditBy(request: Acting): AuditBy {
  return { actorId: signedInUser(request).id, ip: request.ip };
}
