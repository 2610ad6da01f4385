import type { Db } from '../../db/client.js';
import { type ModuleSetup, routesOf } from '../../plugins/module-setup.js';
import { createAuditRepo } from './audit.repo.js';
import { auditRoutes } from './audit.routes.js';
import { createAuditService } from './audit.service.js';

/** The admin's read of the audit log. */
export function setUpAudit(opts: { db: Db }): ModuleSetup {
  const audit = createAuditService({ repo: createAuditRepo(opts.db) });
  return { routes: [routesOf(auditRoutes, { audit })] };
}
