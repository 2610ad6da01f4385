import { describe, expect, it } from 'vitest';
import { fakeOutboxRepo, smsRow } from '../../../test/fake-sms-outbox-repo.js';
import {
  GatewayRejectedError,
  GatewayUnavailableError,
  GatewayUnknownOutcomeError,
  type InboundSms,
  type OutgoingSms,
  type Receipt,
  type SmsGateway,
} from '../../integrations/sms/port.js';
import {
  ABANDONED,
  createSmsOutbox,
  EXPIRED,
  NOT_RESENT,
  type OutboxRepo,
  settleEveryMs,
} from './sms-outbox.js';
import type { SmsRow } from './sms-rows.repo.js';

const quiet = { warn() {}, error() {} };

/** An outbox on a fake repo, a fake gateway and a clock that moves only when told. */
function setUp(
  rows: SmsRow[],
  submit: (sms: OutgoingSms, n: number) => Promise<string[]> = async () => ['AB12'],
  opts: {
    instanceId?: string;
    maxAttempts?: number;
    repo?: Partial<OutboxRepo>;
    concurrency?: number;
  } = {},
) {
  const fake = fakeOutboxRepo(rows);
  let at = new Date('2026-03-01T12:00:00.000Z');
  const sent: OutgoingSms[] = [];
  const listeners: { receipt?: (r: Receipt) => Promise<void> } = {};
  const gateway: SmsGateway = {
    mode: 'sandbox',
    submit: async (sms) => {
      sent.push(sms);
      return submit(sms, sent.length);
    },
    onReceipt: (l) => {
      listeners.receipt = l;
      return () => {};
    },
    onInbound: () => () => {},
    close: async () => {},
  };
  let idle: (() => void) | null = null;
  const claim = fake.repo.claim;
  const repo: OutboxRepo = {
    ...fake.repo,
    ...opts.repo,
    async claim(...args) {
      const rows = await claim(...args);
      if (rows.length === 0) idle?.();
      return rows;
    },
  };
  const outbox = createSmsOutbox({
    repo,
    gateway,
    log: quiet,
    pollMs: 3_600_000,
    leaseMs: 60_000,
    concurrency: opts.concurrency ?? 1,
    receiptTimeoutMs: 48 * 3_600_000,
    retryDelayMs: (attempt) => attempt * 1000,
    instanceId: opts.instanceId,
    maxAttempts: opts.maxAttempts,
    now: () => at,
  });
  return {
    ...fake,
    sent,
    listeners,
    /** One pass of the worker, to the point where nothing more is due. */
    async pass() {
      const done = new Promise<void>((r) => {
        idle = r;
      });
      outbox.wake();
      await done;
      await new Promise((r) => setTimeout(r, 0));
    },
    advance(ms: number) {
      at = new Date(at.getTime() + ms);
    },
    now: () => at,
  };
}

describe('SMS outbox', () => {
  it('sends a due message once and records its parts as lower-case ids', async () => {
    const o = setUp([smsRow()]);
    await o.pass();
    await o.pass();
    expect(o.sent.map((s) => s.id)).toEqual(['m1']);
    expect(o.get('m1')).toMatchObject({ status: 'sent', acceptedParts: ['ab12'], attempts: 1 });
    expect(o.refunds).toEqual([]);
  });

  it('shares the writes of the submits in flight: one hand-over mark and one record for several', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => smsRow({ id: `m${i + 1}` }));
    // Eight in flight together; each message's hand-over mark is written before its submit.
    const unmarked: string[] = [];
    const o: ReturnType<typeof setUp> = setUp(
      rows,
      async (sms) => {
        if (!o.get(sms.id).handedAt) unmarked.push(sms.id);
        return [`id-${sms.id}`];
      },
      { concurrency: 8 },
    );
    await o.pass();
    expect(unmarked).toEqual([]);
    expect(o.sent.map((s) => s.id).sort()).toEqual(rows.map((r) => r.id).sort());
    for (const row of rows)
      expect(o.get(row.id)).toMatchObject({ status: 'sent', acceptedParts: [`id-${row.id}`] });
    // Twenty messages in fewer writes of each kind, eight at most a write.
    for (const kind of ['renewLeases', 'markSent write']) {
      const sizes = o.calls
        .filter((c) => c.startsWith(`${kind} `))
        .map((c) => Number(c.slice(kind.length + 1)));
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(20);
      expect(sizes.length).toBeLessThan(20);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(8);
    }
    expect(o.calls.filter((c) => /^markSent m/.test(c)).sort()).toEqual(
      rows.map((r) => `markSent ${r.id}`).sort(),
    );
  });

  it('sends none of a shared hand-over mark whose claim was lost, and the rest once', async () => {
    const rows = Array.from({ length: 4 }, (_, i) => smsRow({ id: `m${i + 1}` }));
    const o: ReturnType<typeof setUp> = setUp(rows, async (sms) => [`id-${sms.id}`], {
      concurrency: 4,
      repo: {
        // Another instance recovered m2 just before the mark: its claim is not ours.
        async renewLeases(claims, at, leaseMs) {
          o.get('m2').attempts += 1;
          return o.repo.renewLeases(claims, at, leaseMs);
        },
      },
    });
    await o.pass();
    expect(o.sent.map((s) => s.id).sort()).toEqual(['m1', 'm3', 'm4']);
    expect(o.get('m2').status).toBe('sending');
    expect(o.get('m2').handedAt).toBeNull();
  });

  it('fails a send whose outcome is unknown, refunds it once and never sends it again', async () => {
    const o = setUp([smsRow()], async () => {
      throw new GatewayUnknownOutcomeError('No answer in time.', ['p1']);
    });
    await o.pass();
    o.advance(3_600_000);
    await o.pass();
    expect(o.sent).toHaveLength(1);
    expect(o.get('m1')).toMatchObject({
      status: 'failed',
      error: `No answer in time. ${NOT_RESENT}`,
      acceptedParts: ['p1'],
    });
    expect(o.refunds).toEqual(['m1']);
  });

  it('keeps a message queued through an outage and sends only the parts still missing', async () => {
    const o = setUp([smsRow()], async (_, n) => {
      if (n === 1) throw new GatewayUnavailableError('Not bound.', ['p1']);
      return ['p2'];
    });
    await o.pass();
    expect(o.get('m1')).toMatchObject({
      status: 'queued',
      error: 'Not bound.',
      acceptedParts: ['p1'],
      nextAttemptAt: new Date(o.now().getTime() + 1000),
    });
    // Not before its backoff is over.
    await o.pass();
    expect(o.sent).toHaveLength(1);
    o.advance(1000);
    await o.pass();
    expect(o.sent).toHaveLength(2);
    expect(o.sent[1]?.acceptedParts).toEqual(['p1']);
    expect(o.get('m1')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(o.refunds).toEqual([]);
  });

  it('gives up and refunds after the last allowed try', async () => {
    const o = setUp(
      [smsRow({ attempts: 2 })],
      async () => {
        throw new GatewayUnavailableError('Not bound.');
      },
      { maxAttempts: 3 },
    );
    await o.pass();
    expect(o.get('m1')).toMatchObject({
      status: 'failed',
      error: 'Not sent after 3 tries: Not bound.',
    });
    expect(o.refunds).toEqual(['m1']);
  });

  it('fails a refused message at once, without retrying it', async () => {
    const o = setUp([smsRow()], async () => {
      throw new GatewayRejectedError('Invalid destination.');
    });
    await o.pass();
    o.advance(3_600_000);
    await o.pass();
    expect(o.sent).toHaveLength(1);
    expect(o.get('m1')).toMatchObject({ status: 'failed', error: 'Invalid destination.' });
    expect(o.refunds).toEqual(['m1']);
  });

  it('does not send a message whose lease ran out before its turn; recovery sends it once', async () => {
    let o: ReturnType<typeof setUp> | null = null;
    o = setUp([smsRow({ id: 'm1' }), smsRow({ id: 'm2' })], async (sms) => {
      // The first send is so slow that the second message's claim runs out meanwhile.
      if (sms.id === 'm1') o?.advance(61_000);
      return [`${sms.id}-part`];
    });
    await o.pass();
    expect(o.sent.map((s) => s.id)).toEqual(['m1']);
    expect(o.get('m2')).toMatchObject({ status: 'sending', handedAt: null });
    // Never handed to the gateway, so it goes back to the queue rather than being failed.
    await o.pass();
    expect(o.sent.map((s) => s.id)).toEqual(['m1', 'm2']);
    expect(o.get('m2')).toMatchObject({ status: 'sent' });
    expect(o.refunds).toEqual([]);
  });

  it("leaves another worker's live claim alone, and fails (not resends) it once it lapses", async () => {
    const o = setUp(
      [
        smsRow({
          status: 'sending',
          attempts: 1,
          claimedBy: 'other',
          claimedUntil: new Date('2026-03-01T12:01:00.000Z'),
          handedAt: new Date('2026-03-01T11:59:59.000Z'),
        }),
      ],
      undefined,
      { instanceId: 'this' },
    );
    await o.pass();
    expect(o.get('m1')).toMatchObject({ status: 'sending', claimedBy: 'other' });
    o.advance(61_000);
    await o.pass();
    expect(o.sent).toEqual([]);
    expect(o.get('m1')).toMatchObject({ status: 'failed', error: ABANDONED });
    expect(o.refunds).toEqual(['m1']);
  });

  it('settles its own claims from before a restart once: handed over fails, never handed goes', async () => {
    const lease = { claimedBy: 'this', claimedUntil: new Date('2026-03-02T00:00:00.000Z') };
    const o = setUp(
      [
        smsRow({ id: 'handed', status: 'sending', attempts: 1, handedAt: new Date(), ...lease }),
        smsRow({ id: 'waiting', status: 'sending', attempts: 1, ...lease }),
      ],
      undefined,
      { instanceId: 'this' },
    );
    await o.pass();
    await o.pass();
    expect(o.calls.filter((c) => c.startsWith('releaseOwnClaims'))).toEqual([
      'releaseOwnClaims this',
    ]);
    expect(o.get('handed')).toMatchObject({ status: 'failed', error: ABANDONED });
    expect(o.sent.map((s) => s.id)).toEqual(['waiting']);
    expect(o.refunds).toEqual(['handed']);
  });

  it('expires and refunds a sent message whose receipt is overdue, and only that one', async () => {
    const hours = (h: number) => new Date(Date.parse('2026-03-01T12:00:00.000Z') - h * 3_600_000);
    const o = setUp([
      smsRow({ id: 'old', status: 'sent', sentAt: hours(49) }),
      smsRow({ id: 'recent', status: 'sent', sentAt: hours(47) }),
    ]);
    await o.pass();
    expect(o.get('old')).toMatchObject({ status: 'expired', error: EXPIRED });
    expect(o.get('recent')).toMatchObject({ status: 'sent' });
    expect(o.refunds).toEqual(['old']);
  });

  it('keeps a receipt from another source as an inbound message and changes nothing', async () => {
    const envelope: InboundSms = {
      source: '447400999999',
      destination: 'Parley',
      message: 'id:ab12 stat:DELIVRD',
      esmClass: 4,
      dataCoding: 0,
    };
    const asked: (string | null)[] = [];
    const o = setUp([smsRow({ status: 'sent' })], undefined, {
      repo: {
        async applyReceipts(receipts) {
          asked.push(...receipts.map((r) => r.source));
          return receipts.map(() => ({ outcome: 'mismatch' as const }));
        },
      },
    });
    await o.listeners.receipt?.({ upstreamId: 'AB12', status: 'delivered', envelope });
    expect(asked).toEqual(['+447400999999']);
    expect(o.inbound).toEqual([{ ...envelope, kind: 'receipt-mismatch' }]);
    expect(o.get('m1')).toMatchObject({ status: 'sent' });
  });

  it('settles crashed claims and overdue receipts now and then, not on every wake-up', async () => {
    let sweeps = 0;
    const o = setUp([smsRow()], undefined, {
      repo: {
        async recoverAbandoned() {
          sweeps++;
          return 0;
        },
      },
    });
    await o.pass();
    await o.pass();
    await o.pass();
    expect(sweeps).toBe(1);
    // The test's lease is a minute: an eighth of it, 7.5 s.
    o.advance(7000);
    await o.pass();
    expect(sweeps).toBe(1);
    o.advance(500);
    await o.pass();
    expect(sweeps).toBe(2);
  });

  it('goes on with a backlog of overdue receipts at the next poll', async () => {
    let rounds = 0;
    let backlog = 25; // batches: more than one pass takes (20)
    const o = setUp([], undefined, {
      repo: {
        async expireOverdue() {
          rounds++;
          return backlog-- > 0 ? 100 : 0;
        },
      },
    });
    await o.pass();
    expect(rounds).toBe(20);
    o.advance(1000);
    await o.pass();
    // The rest at once, not an interval (7.5 s here) later; then nothing until it is due.
    expect(rounds).toBe(26);
    o.advance(1000);
    await o.pass();
    expect(rounds).toBe(26);
  });

  it('settles at most an eighth of the lease or the receipt timeout late, 1 to 15 s', () => {
    expect(settleEveryMs(120_000, 48 * 3_600_000)).toBe(15_000);
    expect(settleEveryMs(60_000, 48 * 3_600_000)).toBe(7500);
    expect(settleEveryMs(120_000, 30_000)).toBe(3750);
    expect(settleEveryMs(2000, 1000)).toBe(1000);
  });

  it('claims nothing until its own old claims are released, even when that first fails', async () => {
    let releases = 0;
    const o = setUp([smsRow()], undefined, {
      instanceId: 'i1',
      repo: {
        async releaseOwnClaims() {
          releases++;
          if (releases === 1) throw new Error('database not ready');
          return 0;
        },
      },
    });
    // The first pass fails before claiming (it never reaches an empty claim: not awaited);
    // the next, at the same moment, tries again.
    void o.pass();
    await new Promise((r) => setTimeout(r, 20));
    expect(releases).toBe(1);
    expect(o.sent).toEqual([]);
    await o.pass();
    expect(releases).toBe(2);
    expect(o.sent.map((s) => s.id)).toEqual(['m1']);
  });
});
