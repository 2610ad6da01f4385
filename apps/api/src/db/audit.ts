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
  await writeAudits(tx, [entry]);
}

/** Writes several audit rows at once (a bulk change), in the transaction that makes it. */
export async function writeAudits(tx: Pick<Db, 'insert'>, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      ip: entry.ip ?? null,
    })),
  );
}

// Plain values, kept outside the database layer so services can name them too.
export { AUTOMATIC, type AuditBy } from '../lib/audit-by.js';
