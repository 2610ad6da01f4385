import { describe, expect, it } from 'vitest';
import { NOW, place, refusal, setUp, state } from '../../../test/fake-calls.js';

describe('placing a call', () => {
  it('refuses while the gateway is not connected, before anything is held', async () => {
    const t = setUp({ connected: false });
    expect(await refusal(place(t.service))).toBe('VOICE_UNAVAILABLE');
    expect(t.written).toEqual([]);
  });

  it('stops a customer whose only calling plan is suspended, not one with another in service', async () => {
    expect(await refusal(place(setUp({ planStatuses: ['suspended'] }).service))).toBe(
      'SUBSCRIPTION_SUSPENDED',
    );
    expect(await refusal(place(setUp({ planStatuses: ['suspended', 'active'] }).service))).toBe(
      'none',
    );
  });

  it('refuses a caller ID the customer may not show', async () => {
    const t = setUp({ callerIdAllowed: false });
    expect(await refusal(place(t.service))).toBe('CALLER_ID_NOT_VERIFIED');
    expect(t.written).toEqual([]);
  });

  it('words each refusal of the account: balance, lines in use, suspended account', async () => {
    const poor = setUp({ account: state({ balance: '0.0500' }) });
    expect(await refusal(place(poor.service))).toBe('INSUFFICIENT_BALANCE');
    const busy = setUp({ account: state({ openCalls: 5 }) });
    expect(await refusal(place(busy.service))).toBe('CONCURRENT_CALL_LIMIT');
    const disabled = setUp({ account: state({ disabled: true }) });
    expect(await refusal(place(disabled.service))).toBe('FORBIDDEN');
  });

  it('reads a hold the database refused (another call took the balance) as no balance', async () => {
    const t = setUp({ writeRefusal: 'balance' });
    expect(await refusal(place(t.service))).toBe('INSUFFICIENT_BALANCE');
  });

  it('writes a sandbox call owned by this instance with a token, tells the customer, then dials', async () => {
    const t = setUp();
    await place(t.service);
    expect(t.written[0]).toMatchObject({
      ok: true,
      call: {
        gateway: 'sandbox',
        owner: 'instance-a',
        aliveAt: NOW,
        // Ring time (60 s) and the grace (30 s) before a job settles it.
        deadlineAt: new Date(NOW.getTime() + 90_000),
      },
    });
    expect((t.written[0] as { call: { token: string } }).call.token).toMatch(/^[\w-]{32}$/);
    expect(t.published.map((c) => c.status)).toEqual(['dialing']);
    expect(t.steps).toEqual(['dial +447700900123']);
  });

  it('gives a call the edge asked for no token, and no owner outside the sandbox', async () => {
    const t = setUp();
    await t.service.authorise({
      userId: 'u1',
      destination: '+447700900123',
      callerId: '+447400000001',
      gateway: 'sip',
      edgeCallId: 'edge-1',
    });
    expect(t.written[0]).toMatchObject({
      ok: true,
      call: { token: null, owner: null, aliveAt: null, edgeCallId: 'edge-1' },
    });
  });
});

describe('a quote', () => {
  it('refuses a destination the customer’s limits block, as the call would be', async () => {
    const t = setUp({
      account: state({
        limits: {
          dailySpendCap: null,
          smsCountries: null,
          voiceCountries: ['FR'],
          maxSmsPrice: null,
          maxMinutePrice: null,
        },
      }),
    });
    expect(await refusal(t.service.quote('u1', '+447700900123'))).toBe('GUARDRAIL_COUNTRY');
  });

  it('offers what is left after other calls’ holds', async () => {
    const t = setUp({ account: state({ balance: '1.0000', held: '0.4000' }) });
    expect(await t.service.quote('u1', '+447700900123')).toMatchObject({
      available: '0.60',
      maxSeconds: 3000,
    });
  });
});
