import type { AuditFacets, AuditPage, auditQuerySchema } from '@parley/shared';
import type { z } from 'zod';
import type { AuditRepo } from './audit.repo.js';

type Query = z.output<typeof auditQuerySchema>;

const DAY_MS = 86_400_000;

/**
 * The audit log as admins read it: any module's actions, newest first, filtered and paged.
 * Nothing here knows the actions, so a new module's rows show up without a change.
 */
export function createAuditService(deps: { repo: AuditRepo }) {
  const { repo } = deps;
  return {
    async page(q: Query): Promise<AuditPage> {
      const { rows, total } = await repo.page(
        {
          action: q.action,
          actor: q.actor || undefined,
          targetType: q.targetType,
          targetId: q.targetId || undefined,
          from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
          until: q.to ? new Date(new Date(`${q.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
        },
        q.pageSize,
        (q.page - 1) * q.pageSize,
      );
      return {
        items: rows.map(({ entry, actorEmail }) => ({
          id: entry.id,
          action: entry.action,
          actor: entry.actorId && actorEmail ? { id: entry.actorId, email: actorEmail } : null,
          targetType: entry.targetType,
          targetId: entry.targetId,
          before: entry.before,
          after: entry.after,
          ip: entry.ip,
          createdAt: entry.createdAt.toISOString(),
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },
    facets(): Promise<AuditFacets> {
      return repo.facets();
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
