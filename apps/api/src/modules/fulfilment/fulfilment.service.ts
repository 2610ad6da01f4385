import type { FulfilmentTask } from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import type { AuditBy } from '../../lib/audit-by.js';
import type { EventBus } from '../../lib/event-bus.js';
import type { FulfilmentRepo, TaskRow } from './fulfilment.repo.js';

export const toTask = (r: TaskRow): FulfilmentTask => ({
  id: r.id,
  orderId: r.orderId,
  userId: r.userId,
  email: r.email,
  itemId: r.itemId,
  itemName: r.itemName,
  status: r.status === 'done' ? 'done' : 'open',
  orderedAt: r.orderedAt.toISOString(),
  dueAt: r.dueAt.toISOString(),
  doneAt: r.doneAt ? r.doneAt.toISOString() : null,
  chatSessionId: r.chatSessionId,
});

/**
 * The team's queue of items it sets up by hand (decision 0067): the open tasks, and
 * marking one done, which the customer then sees as active.
 */
export function createFulfilmentService(deps: {
  repo: FulfilmentRepo;
  events: EventBus;
  now?: () => Date;
}) {
  const { repo, events } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async open(): Promise<FulfilmentTask[]> {
      return (await repo.open()).map(toTask);
    },

    /** Done once: a second call answers the task as it is, with no new audit row or event. */
    async done(id: string, by: AuditBy): Promise<FulfilmentTask> {
      const changed = await repo.markDone(id, by, now());
      const row = await repo.one(id);
      if (!row) throw new AppError('NOT_FOUND', 'No such fulfilment task.');
      if (changed)
        events.publish({
          type: 'fulfilment.updated',
          data: { userId: row.userId, id: row.id, orderId: row.orderId, status: 'done' },
        });
      return toTask(row);
    },
  };
}
export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
