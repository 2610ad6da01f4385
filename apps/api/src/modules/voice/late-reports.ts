import type { VoiceGateway } from '../../integrations/voice/port.js';
import { toCall } from '../../lib/call-view.js';
import type { EventBus } from '../../lib/event-bus.js';
import { lateAnswer, settledUnanswered } from './call-decisions.js';
import type { CallRow, CallsRepo } from './calls.repo.js';
import type { LateReportsRepo } from './late-reports.repo.js';

/**
 * Reports that reach Parley after the deadline job settled their call unanswered
 * (Parley restarting, a backlog at the edge): the call was answered after all. It is
 * opened again as answered when the edge says, ended at the edge if it may still be up
 * (an outbound call costs money every second), and settled by the end report like any
 * other call: billed once, through the same `call:<id>` charge (decision 0038).
 */
export function createLateReports(deps: {
  repo: LateReportsRepo & Pick<CallsRepo, 'markEnding'>;
  gateway: Pick<VoiceGateway, 'endOnEdge'>;
  events: EventBus;
  /** How long after its deadline an open call waits for its end before the job settles it. */
  graceMs: number;
  log?: { warn(obj: unknown, msg: string): void };
  now?: () => Date;
}) {
  const { repo, gateway } = deps;
  const now = deps.now ?? (() => new Date());

  /** Asks the edge to end the call; its end report (or the deadline) settles it. */
  async function endOnEdge(row: CallRow) {
    if (!row.edgeCallId || !gateway.endOnEdge) return;
    await repo.markEnding(row.id, { cause: 'deadline', by: 'system' });
    // Not there (the end is on its way) or out of reach: the report's own cause stands.
    if (!(await gateway.endOnEdge(row.edgeCallId))) await repo.markEnding(row.id, null);
  }

  return {
    /**
     * The edge says `row` was answered at `answeredAt`. Null unless it had been settled
     * unanswered and is opened again now; `stillUp`: no end was reported with it.
     */
    async answered(row: CallRow, answeredAt: Date, stillUp: boolean): Promise<CallRow | null> {
      if (!settledUnanswered(row)) return null;
      const at = now();
      const opened = await repo.reopen(row.id, (locked, money) =>
        lateAnswer(locked, { ...money, answeredAt, at, graceMs: deps.graceMs }),
      );
      if (!opened) return null;
      deps.log?.warn(
        { callId: opened.id, answeredAt: opened.answeredAt, hold: opened.hold },
        'voice: a call settled unanswered was answered after all; billing its talk time',
      );
      deps.events.publish({
        type: 'call.updated',
        data: { userId: opened.userId, call: toCall(opened) },
      });
      // An incoming call is free: it is recorded, and left to the customer to end.
      if (stillUp && opened.direction === 'outbound') await endOnEdge(opened);
      return opened;
    },
  };
}
export type LateReports = ReturnType<typeof createLateReports>;
