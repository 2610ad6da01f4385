/** Who made a change and from where: an admin's request, or a job (no actor, no address). */
export interface AuditBy {
  actorId: string | null;
  ip: string | null;
}

/** A job's changes: the rate feed, the retention job. */
export const AUTOMATIC: AuditBy = { actorId: null, ip: null };
