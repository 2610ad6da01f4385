import { describe, expect, it } from 'vitest';
import { createEventBus, type DomainEvent } from '../../lib/event-bus.js';
import type { FulfilmentRepo, TaskRow } from './fulfilment.repo.js';
import { createFulfilmentService } from './fulfilment.service.js';

const NOW = new Date('2026-03-04T12:00:00.000Z');
const BY = { actorId: 'admin-1', ip: '127.0.0.1' };

const task = (over: Partial<TaskRow> = {}): TaskRow => ({
  id: 't1',
  orderId: 'o1',
  userId: 'u1',
  email: 'ada@example.com',
  itemId: 'p1',
  itemName: 'Cloud PBX',
  status: 'open',
  orderedAt: new Date('2026-03-02T09:00:00.000Z'),
  dueAt: new Date('2026-03-04T09:00:00.000Z'),
  doneAt: null,
  chatSessionId: 's1',
  ...over,
});

/** The service over tasks kept in memory, as the repo would keep them. */
function setUp(rows: TaskRow[]) {
  const tasks = new Map(rows.map((r) => [r.id, r]));
  const audits: string[] = [];
  const repo: FulfilmentRepo = {
    open: async () => [...tasks.values()].filter((t) => t.status === 'open'),
    one: async (id) => tasks.get(id) ?? null,
    async markDone(id, by, at) {
      const row = tasks.get(id);
      if (row?.status !== 'open') return false;
      tasks.set(id, { ...row, status: 'done', doneAt: at });
      audits.push(`${by.actorId}:${id}`);
      return true;
    },
  };
  const published: DomainEvent[] = [];
  const events = createEventBus();
  events.subscribe((e) => published.push(e));
  const service = createFulfilmentService({ repo, events, now: () => NOW });
  return { service, audits, published };
}

describe('fulfilment service', () => {
  it('answers open tasks with times as ISO text', async () => {
    const { service } = setUp([task(), task({ id: 't2', status: 'done', doneAt: NOW })]);
    expect(await service.open()).toEqual([
      expect.objectContaining({
        id: 't1',
        status: 'open',
        dueAt: '2026-03-04T09:00:00.000Z',
        orderedAt: '2026-03-02T09:00:00.000Z',
        doneAt: null,
        chatSessionId: 's1',
      }),
    ]);
  });

  it('marks a task done once: the second call changes, audits and announces nothing', async () => {
    const { service, audits, published } = setUp([task()]);
    const first = await service.done('t1', BY);
    const second = await service.done('t1', BY);
    expect(first).toMatchObject({ status: 'done', doneAt: NOW.toISOString() });
    expect(second).toEqual(first);
    expect(audits).toEqual(['admin-1:t1']);
    expect(published).toEqual([
      {
        type: 'fulfilment.updated',
        data: { userId: 'u1', id: 't1', orderId: 'o1', status: 'done' },
      },
    ]);
  });

  it('refuses an unknown task with NOT_FOUND', async () => {
    const { service, published } = setUp([]);
    await expect(service.done('nope', BY)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(published).toEqual([]);
  });
});
