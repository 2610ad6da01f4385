import { describe, expect, it } from 'vitest';
import type { DomainEvent, EventBus } from '../../lib/event-bus.js';
import type { SenderIdRow, SenderIdsRepo } from './sender-ids.repo.js';
import { createSenderIdsService } from './sender-ids.service.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const OWN_NUMBER = '+447400123456';

const row = (senderId: string, status: string, over: Partial<SenderIdRow> = {}): SenderIdRow =>
  ({
    id: `r-${senderId}`,
    userId: 'u1',
    senderId,
    senderKey: senderId.toUpperCase(),
    kind: 'alphanumeric',
    reason: 'Brand',
    status,
    adminNote: null,
    decidedBy: null,
    decidedAt: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...over,
  }) as SenderIdRow;

/** The service on a fake repo: the customer's requests are `rows`; `reads` counts reads. */
function setUp(
  rows: SenderIdRow[] = [],
  answers: { create?: 'limit' | 'duplicate'; decide?: 'not-found' | 'decided' | 'own' } = {},
) {
  const published: DomainEvent[] = [];
  let reads = 0;
  const repo = {
    listForUser: async () => {
      reads++;
      return rows;
    },
    ownedNumbers: async () => [OWN_NUMBER],
    create: async (_u: string, r: { senderId: string }) =>
      answers.create ?? row(r.senderId, 'pending'),
    decide: async (d: { id: string; status: string }) =>
      answers.decide ?? row('ACME', d.status, { id: d.id }),
  } as unknown as SenderIdsRepo;
  const service = createSenderIdsService({
    repo,
    events: { publish: (e: DomainEvent) => void published.push(e) } as unknown as EventBus,
    defaultSender: 'Parley',
    pendingMax: 3,
    now: () => NOW,
  });
  return { service, published, reads: () => reads };
}

describe('the sender a message goes out with', () => {
  it('is the brand sender without reading anything when asked for it', async () => {
    const { service, reads } = setUp();
    expect(await service.choose('u1', 'parley')).toMatchObject({
      used: 'Parley',
      status: 'default',
    });
    expect(reads()).toBe(0);
  });

  it('is an approved sender or an owned number; else the brand sender, saying why', async () => {
    const { service } = setUp([row('ACME', 'approved'), row('WAIT', 'pending')]);
    expect(await service.choose('u1', 'acme')).toMatchObject({ used: 'ACME', status: 'approved' });
    expect(await service.choose('u1', OWN_NUMBER)).toMatchObject({ status: 'owned' });
    expect(await service.choose('u1', 'WAIT')).toMatchObject({ used: 'Parley', status: 'pending' });
  });
});

describe("a customer's request", () => {
  it('is refused for a sender that needs no approval, or one asked for already', async () => {
    const { service, published } = setUp([row('ACME', 'approved')]);
    const ask = (senderId: string) => service.request('u1', { senderId, reason: 'x' });
    await expect(ask('Parley')).rejects.toMatchObject({ code: 'SENDER_ID_NOT_NEEDED' });
    await expect(ask(OWN_NUMBER)).rejects.toMatchObject({ code: 'SENDER_ID_NOT_NEEDED' });
    await expect(ask('ACME')).rejects.toMatchObject({ code: 'SENDER_ID_ALREADY_REQUESTED' });
    expect(published).toEqual([]);
  });

  it('is written and published, or refused over the pending limit or as a duplicate', async () => {
    const ok = setUp();
    expect(await ok.service.request('u1', { senderId: 'NEWCO', reason: 'x' })).toMatchObject({
      status: 'pending',
    });
    expect(ok.published.map((e) => e.type)).toEqual(['sender.updated']);
    const full = setUp([], { create: 'limit' });
    await expect(
      full.service.request('u1', { senderId: 'NEWCO', reason: 'x' }),
    ).rejects.toMatchObject({ code: 'SENDER_ID_PENDING_LIMIT' });
    const twice = setUp([], { create: 'duplicate' });
    await expect(
      twice.service.request('u1', { senderId: 'NEWCO', reason: 'x' }),
    ).rejects.toMatchObject({ code: 'SENDER_ID_ALREADY_REQUESTED' });
  });
});

describe("an admin's decision", () => {
  const admin = { id: 'a1', ip: null };
  it('answers each refusal the repo reports', async () => {
    const cases = [
      ['not-found', 'NOT_FOUND'],
      ['decided', 'ALREADY_DECIDED'],
      ['own', 'FORBIDDEN'],
    ] as const;
    for (const [answer, code] of cases) {
      const { service, published } = setUp([], { decide: answer });
      await expect(service.approve('r1', admin)).rejects.toMatchObject({ code });
      expect(published).toEqual([]);
    }
  });

  it('publishes a decision', async () => {
    const { service, published } = setUp();
    expect(await service.reject('r1', admin, 'No')).toMatchObject({ status: 'rejected' });
    expect(published).toEqual([
      {
        type: 'sender.updated',
        data: { userId: 'u1', id: 'r1', senderId: 'ACME', status: 'rejected' },
      },
    ]);
  });
});
