import { describe, expect, it, vi } from 'vitest';
import { callRow, NOW, refusal, setUp } from '../../../test/fake-calls.js';

describe('ending a call', () => {
  it('answers NOT_FOUND for a call that is not the customer’s', async () => {
    const t = setUp({ stored: callRow({ userId: 'someone-else' }) });
    expect(await refusal(t.service.hangup('u1', 'call-1'))).toBe('NOT_FOUND');
  });

  it('leaves a call that has ended as it is', async () => {
    const t = setUp({ stored: callRow({ status: 'ended' }) });
    expect((await t.service.hangup('u1', 'call-1')).status).toBe('ended');
    expect(t.steps).toEqual([]);
  });

  it('settles a call no gateway runs here and now; one never answered is cancelled', async () => {
    const t = setUp({ stored: callRow() });
    const ended = await t.service.hangup('u1', 'call-1');
    expect(t.steps).toEqual(['gateway hangup call-1 normal', 'settle call-1']);
    expect(ended).toMatchObject({ status: 'cancelled', hangupCause: 'cancelled' });
  });

  it('leaves a call still ringing on the SIP edge to the phone', async () => {
    const t = setUp({ stored: callRow({ gateway: 'sip', edgeCallId: 'edge-1' }) });
    expect(await refusal(t.service.hangup('u1', 'call-1'))).toBe('VOICE_UNAVAILABLE');
    expect(t.steps).toEqual(['gateway hangup call-1 normal']);
  });

  it('ends an answered edge call there, then settles it; clears the mark when the edge cannot', async () => {
    const answered = callRow({ gateway: 'sip', edgeCallId: 'edge-1', status: 'answered' });
    const ok = setUp({ stored: { ...answered, answeredAt: NOW } });
    await ok.service.hangup('u1', 'call-1');
    expect(ok.steps).toEqual([
      'gateway hangup call-1 normal',
      'mark ending normal',
      'end on edge edge-1',
      'settle call-1',
    ]);
    const down = setUp({ stored: { ...answered, answeredAt: NOW }, endOnEdge: false });
    expect(await refusal(down.service.hangup('u1', 'call-1'))).toBe('VOICE_UNAVAILABLE');
    expect(down.steps.slice(1)).toEqual([
      'mark ending normal',
      'end on edge edge-1',
      'mark ending cleared',
    ]);
  });
});

describe('settling a call', () => {
  it('writes one settle for two asks at once, and tells the customer once', async () => {
    const t = setUp({ stored: callRow({ status: 'answered', answeredAt: NOW }) });
    const end = { at: new Date(NOW.getTime() + 61_000), cause: 'normal', by: 'caller' } as const;
    const [a, b] = await Promise.all([
      t.service.settle('call-1', end),
      t.service.settle('call-1', end),
    ]);
    expect(a).toBe(b);
    expect(t.steps).toEqual(['settle call-1']);
    expect(t.published).toHaveLength(1);
    // A call settled already is answered as it is, without telling anyone again.
    await t.service.settle('call-1', end);
    expect(t.published).toHaveLength(1);
  });

  it('cuts a sandbox call off at its maximum, settling it when the gateway no longer runs it', async () => {
    vi.useFakeTimers();
    try {
      const t = setUp({ stored: callRow({ maxSeconds: 120 }) });
      await t.emit({ kind: 'answered', callId: 'call-1', at: NOW });
      await vi.advanceTimersByTimeAsync(119_000);
      expect(t.steps).toEqual([]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(t.steps).toEqual(['gateway hangup call-1 cutoff', 'settle call-1']);
    } finally {
      vi.useRealTimers();
    }
  });
});
