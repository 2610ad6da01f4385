import { describe, expect, it } from 'vitest';
import type { GuardrailsRepo, GuardrailsRow } from './guardrails.repo.js';
import { createGuardrailsService } from './guardrails.service.js';

const NOW = new Date('2026-03-02T15:30:00Z');

/** The service over a fake repo: the stored limits `row` and today's spending. */
function setUp(row: Partial<GuardrailsRow> | undefined, spending = { netDebits: '0', held: '0' }) {
  const asked: Date[] = [];
  const repo = {
    find: async () => row as GuardrailsRow | undefined,
    async spending(_userId: string, dayStart: Date) {
      asked.push(dayStart);
      return spending;
    },
    save: async (_userId: string, values: object, at: Date) =>
      ({ ...values, updatedAt: at }) as GuardrailsRow,
  };
  const service = createGuardrailsService({
    repo: repo as unknown as GuardrailsRepo,
    now: () => NOW,
  });
  return { service, asked };
}

describe('a customer’s spending limits', () => {
  it('are none until first saved, and count today from UTC midnight', async () => {
    const t = setUp(undefined);
    expect(await t.service.get('u1')).toEqual({
      dailySpendCap: null,
      smsCountries: null,
      voiceCountries: null,
      maxSmsPrice: null,
      maxMinutePrice: null,
      lowBalanceAlert: null,
      spentToday: '0.00',
      updatedAt: null,
    });
    expect(t.asked).toEqual([new Date('2026-03-02T00:00:00Z')]);
  });

  it('count what calls in progress hold, and never a day of net refunds below zero', async () => {
    expect(
      (await setUp(undefined, { netDebits: '1.5', held: '0.25' }).service.get('u1')).spentToday,
    ).toBe('1.75');
    expect(
      (await setUp(undefined, { netDebits: '-3', held: '0.25' }).service.get('u1')).spentToday,
    ).toBe('0.25');
  });

  it('answer a save with the stored values as money, and when they changed', async () => {
    const t = setUp(undefined);
    const saved = await t.service.save('u1', {
      dailySpendCap: '5',
      smsCountries: ['GB'],
      voiceCountries: null,
      maxSmsPrice: null,
      maxMinutePrice: '0.1',
      lowBalanceAlert: null,
    });
    expect(saved).toMatchObject({
      dailySpendCap: '5.00',
      smsCountries: ['GB'],
      maxMinutePrice: '0.10',
      updatedAt: NOW.toISOString(),
    });
  });
});
