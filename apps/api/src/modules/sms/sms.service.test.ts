import type { CountryPricing, SpendingLimits } from '@parley/shared';
import { describe, expect, it } from 'vitest';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { RatesService } from '../payments/rates.service.js';
import type { QueueResult, SmsRepo, SpendingState } from './sms.repo.js';
import { createSmsService } from './sms.service.js';
import type { QueuedSms } from './sms-rows.repo.js';

const UK = '+447400123456';
const US = '+12125550123';
const NOW = new Date('2026-03-01T12:00:00.000Z');

const country = (code: string, smsPrice: string): CountryPricing => ({
  id: code,
  countryName: code,
  countryCode: code,
  region: 'x',
  smsPrice,
  voipPrice: '0.01',
  didPrice: '1',
  sipTrunkPrice: '1',
  currency: 'GBP',
  isActive: true,
});

const NO_LIMITS: SpendingLimits = {
  dailySpendCap: null,
  smsCountries: null,
  voiceCountries: null,
  maxSmsPrice: null,
  maxMinutePrice: null,
};

const facts = (over: Partial<SpendingState> = {}): SpendingState => ({
  limits: null,
  netDebits: '0',
  held: '0',
  balance: '10.0000',
  ...over,
});

const queued = (recipient: string): QueuedSms => ({
  id: 'm1',
  senderId: 'Parley',
  recipient,
  message: 'Hi',
  status: 'queued',
  encoding: 'GSM-7',
  segments: 1,
  cost: '0.0400',
  error: null,
  batchId: null,
  createdAt: NOW,
});

/** A fake repo answering `queue` from a script, and recording what it was asked. */
function fakeRepo(answers: QueueResult[], spending = facts()) {
  const judgedWith: (SpendingState | null)[] = [];
  const repo = {
    spending: async () => spending,
    findMessage: async () => undefined,
    history: async () => ({ items: [], total: 0 }),
    batch: async () => null,
    queuedCount: async () => 0,
    async queue(
      _u: string,
      rows: { recipient: string }[],
      _c: unknown,
      asBatch: boolean,
      g: { judged: SpendingState | null },
    ) {
      judgedWith.push(g.judged);
      const next = answers.shift();
      if (!next) throw new Error('fake repo: no answer left');
      if (next.ok)
        return {
          ...next,
          batchId: asBatch ? 'b1' : null,
          messages: rows.map((r) => queued(r.recipient)),
        };
      return next;
    },
  } as unknown as SmsRepo;
  return { repo, judgedWith };
}

function service(repo: SmsRepo, extra: { limit?: RateLimiter } = {}) {
  let woken = 0;
  const given: number[] = [];
  const limit =
    extra.limit ??
    ({
      rule: { max: 3 },
      take: async () => {},
      giveBack: async (_u: string, n: number) => void given.push(n),
    } as unknown as RateLimiter);
  const svc = createSmsService({
    repo,
    rates: { rate: async () => '1' } as unknown as RatesService,
    countryPricing: async () => [country('GB', '0.0400'), country('US', '0.0100')],
    senders: { choose: async () => ({ requested: 'Parley', used: 'Parley', status: 'approved' }) },
    limit,
    wake: () => void woken++,
    now: () => NOW,
  });
  return { svc, woken: () => woken, given };
}

const send = (recipient = UK) => ({ senderId: 'Parley', recipient, message: 'Hi' });
const judge = (f: SpendingState): QueueResult => ({ ok: false, reason: 'judge', facts: f });
const OK: QueueResult = { ok: true, batchId: null, messages: [] };

describe('SMS send, judged by the service on the facts the repo reads', () => {
  it('queues at once for a customer without limits and wakes the worker', async () => {
    const { repo, judgedWith } = fakeRepo([OK]);
    const { svc, woken } = service(repo);
    const sent = await svc.send('u1', send());
    expect(sent.recipient).toBe(UK);
    expect(sent.cost).toBe('0.04');
    expect(judgedWith).toEqual([null]);
    expect(woken()).toBe(1);
  });

  it('judges the facts the repo answers, then asks it to write with them', async () => {
    const limited = facts({ limits: NO_LIMITS });
    const { repo, judgedWith } = fakeRepo([judge(limited), OK]);
    await service(repo).svc.send('u1', send());
    expect(judgedWith).toEqual([null, limited]);
  });

  it('refuses a country the limits leave out, writing nothing, and gives the quota back', async () => {
    const only = facts({ limits: { ...NO_LIMITS, smsCountries: ['US'] } });
    const { repo, judgedWith } = fakeRepo([judge(only)]);
    const { svc, given, woken } = service(repo);
    await expect(svc.send('u1', send())).rejects.toMatchObject({ code: 'GUARDRAIL_COUNTRY' });
    expect(judgedWith).toHaveLength(1);
    expect(given).toEqual([1]);
    expect(woken()).toBe(0);
  });

  it('refuses a message over the daily cap', async () => {
    const capped = facts({ limits: { ...NO_LIMITS, dailySpendCap: '1.00' }, netDebits: '0.98' });
    const { repo } = fakeRepo([judge(capped)]);
    await expect(service(repo).svc.send('u1', send())).rejects.toMatchObject({
      code: 'GUARDRAIL_DAILY_CAP',
    });
  });

  it('judges again when the facts changed under the lock', async () => {
    const cap = { ...NO_LIMITS, dailySpendCap: '1.00' };
    const first = facts({ limits: cap, netDebits: '0.50' });
    const later = facts({ limits: cap, netDebits: '0.99' });
    const { repo, judgedWith } = fakeRepo([judge(first), judge(later)]);
    await expect(service(repo).svc.send('u1', send())).rejects.toMatchObject({
      code: 'GUARDRAIL_DAILY_CAP',
    });
    expect(judgedWith).toEqual([null, first]);
  });

  it('answers INSUFFICIENT_BALANCE when the balance cannot pay, judged or by the ledger', async () => {
    const poor = facts({ limits: NO_LIMITS, balance: '0.0300' });
    const judged = fakeRepo([judge(poor)]);
    await expect(service(judged.repo).svc.send('u1', send())).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    const ledger = fakeRepo([{ ok: false, reason: 'balance-too-low' }]);
    await expect(service(ledger.repo).svc.send('u1', send())).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
  });

  it("answers IDEMPOTENCY_KEY_REUSED when the request's id is another's message", async () => {
    const { repo } = fakeRepo([{ ok: false, reason: 'duplicate' }]);
    const input = { ...send(), requestId: '00000000-0000-4000-8000-000000000001' };
    await expect(service(repo).svc.send('u1', input)).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('checks a sendable number against the balance, not the limits', async () => {
    const only = facts({ limits: { ...NO_LIMITS, smsCountries: ['US'] } });
    expect(await service(fakeRepo([], only).repo).svc.checkSendable('u1', UK, 'Hi')).toBe(UK);
    const poor = facts({ balance: '0.0300' });
    await expect(
      service(fakeRepo([], poor).repo).svc.checkSendable('u1', UK, 'Hi'),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
  });
});

describe('SMS to a list', () => {
  it('sends each number once, as one batch, and names the refused recipient', async () => {
    const ok = fakeRepo([OK]);
    const sent = await service(ok.repo).svc.bulkSend('u1', {
      senderId: 'Parley',
      message: 'Hi',
      recipients: [UK, UK.slice(1), US],
    });
    expect(sent).toMatchObject({ batchId: 'b1', count: 2 });
    const only = facts({ limits: { ...NO_LIMITS, smsCountries: ['GB'] } });
    const refused = fakeRepo([judge(only)]);
    await expect(
      service(refused.repo).svc.bulkSend('u1', {
        senderId: 'Parley',
        message: 'Hi',
        recipients: [UK, US],
      }),
    ).rejects.toMatchObject({ code: 'GUARDRAIL_COUNTRY', params: { recipient: US } });
  });

  it('refuses a list longer than a minute allows before charging anything', async () => {
    const { repo, judgedWith } = fakeRepo([]);
    const recipients = ['+447400123451', '+447400123452', '+447400123453', '+447400123454'];
    await expect(
      service(repo).svc.bulkSend('u1', { senderId: 'Parley', message: 'Hi', recipients }),
    ).rejects.toMatchObject({ code: 'SMS_BATCH_OVER_RATE_LIMIT' });
    expect(judgedWith).toEqual([]);
  });

  it('counts expired messages as failed in a batch', async () => {
    const repo = {
      ...fakeRepo([]).repo,
      batch: async () => ({
        batch: { total: 3, cost: '0.12', createdAt: NOW },
        counts: [
          { status: 'expired', n: 1 },
          { status: 'failed', n: 1 },
          { status: 'sending', n: 1 },
        ],
      }),
    } as unknown as SmsRepo;
    expect(await service(repo).svc.batch('u1', 'b1')).toMatchObject({ failed: 2, queued: 1 });
  });
});
