import type { Db } from './client.js';
import { auditLog } from './schema/index.js';

export interface AuditEntry {
  /** The admin who acted; null for an automatic job. */
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  /** The client address the request came from (already canonical), if any. */
  ip?: string | null;
}

/**
 * Writes one audit row. Pass the transaction that makes the change, so the change and
 * its record commit or roll back together.
 */
export async function writeAudit(tx: Pick<Db, 'insert'>, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  });
}

/** Who made a change and from where: an admin's request, or a job (no actor, no address). */
export interface AuditBy {
  actorId: string | null;
  ip: string | null;
}

/** A job's changes: the rate feed, the retention job. */
export const AUTOMATIC: AuditBy = { actorId: null, ip: null };
