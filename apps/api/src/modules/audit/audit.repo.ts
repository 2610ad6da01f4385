import { and, desc, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countUpTo, one } from '../../db/count.js';
import { distinctValues } from '../../db/distinct.js';
import { auditLog, users } from '../../db/schema/index.js';

export interface AuditFilter {
  action?: string;
  /** An admin's email (any case), or `automatic` for rows a job wrote. */
  actor?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  /** Exclusive. */
  until?: Date;
}

function where(f: AuditFilter): SQL | undefined {
  const actor = f.actor?.toLowerCase();
  return and(
    f.action ? eq(auditLog.action, f.action) : undefined,
    actor === 'automatic'
      ? isNull(auditLog.actorId)
      : actor
        ? eq(sql`lower(${users.email})`, actor)
        : undefined,
    f.targetType ? eq(auditLog.targetType, f.targetType) : undefined,
    f.targetId ? eq(auditLog.targetId, f.targetId) : undefined,
    f.from ? gte(auditLog.createdAt, f.from) : undefined,
    f.until ? lt(auditLog.createdAt, f.until) : undefined,
  );
}

/** Reads the audit log (written by db/audit.ts in each module's own transactions). */
export function createAuditRepo(db: Db) {
  return {
    async page(filter: AuditFilter, limit: number, offset: number) {
      const condition = where(filter);
      const [rows, total] = await Promise.all([
        db
          .select({ entry: auditLog, actorEmail: users.email })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(condition)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(limit)
          .offset(offset),
        countUpTo(
          db,
          db
            .select({ one: one() })
            .from(auditLog)
            .leftJoin(users, eq(users.id, auditLog.actorId))
            .where(condition)
            .$dynamic(),
        ),
      ]);
      return { rows, total };
    },
    async facets() {
      const [actions, targetTypes] = await Promise.all([
        distinctValues(db, auditLog, auditLog.action),
        distinctValues(db, auditLog, auditLog.targetType),
      ]);
      return { actions, targetTypes };
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
