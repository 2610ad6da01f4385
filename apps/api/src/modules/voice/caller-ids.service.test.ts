import type { ErrorCode } from '@parley/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { createCallerIdsService } from './caller-ids.service.js';

const UK = '+447400777001';

/**
 * The service with fakes that write every step to `steps`: the SMS rules' answer, the
 * repo, three limits that refuse when told to, and the gateway.
 */
function setUp(opts: {
  smsRefusal?: ErrorCode;
  refuse?: 'customer' | 'number' | 'overall';
  sentAt?: Date;
}) {
  const steps: string[] = [];
  const limit = (name: 'customer' | 'number' | 'overall', code: ErrorCode) => ({
    async take(subject: string, amount: number) {
      steps.push(`take ${name} ${subject} ${amount}`);
      if (opts.refuse === name) throw new AppError(code, 'no');
    },
    async giveBack(subject: string, amount: number) {
      steps.push(`give back ${name} ${subject} ${amount}`);
    },
  });
  const service = createCallerIdsService({
    repo: {
      ownedNumbers: async () => [],
      verifiedNumbers: async () => [],
      async callerId() {
        steps.push('read caller ID');
        return opts.sentAt ? ({ sentAt: opts.sentAt } as never) : null;
      },
      async saveCode(_user, number) {
        steps.push(`save ${number}`);
      },
      countTry: async () => null,
      markVerified: async () => {},
      sandboxCodes: async () => [],
      pendingCodes: async () => [
        {
          number: UK,
          expiresAt: new Date('2026-12-01T10:05:00Z'),
          sandboxCode: '123456',
          attempts: 0,
        },
      ],
    },
    async checkSms(userId, number, text) {
      steps.push(`check sms ${userId} ${number} ${text.length > 0}`);
      if (opts.smsRefusal) throw new AppError(opts.smsRefusal, 'no');
      // The SMS path addresses the number canonically (+44 0… → +44…).
      return number.replace('+440', '+44');
    },
    async sendSms(number) {
      steps.push(`send ${number}`);
    },
    limits: {
      customer: limit('customer', 'RATE_LIMITED'),
      number: limit('number', 'VERIFICATION_NUMBER_LIMITED'),
      overall: limit('overall', 'VERIFICATION_BUSY'),
    },
    sandbox: false,
    log: { info() {} },
    now: () => new Date('2026-12-01T10:00:00Z'),
  });
  return { service, steps };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (err: AppError) => err.code,
  );

describe('asking for a caller ID code', () => {
  it('checks the SMS rules, then the resend wait, then takes the three limits, saves and sends', async () => {
    const { service, steps } = setUp({});
    await service.start('u1', '+4407400777001');
    expect(steps).toEqual([
      'check sms u1 +4407400777001 true',
      'read caller ID',
      'take customer u1 1',
      // Counted, kept and sent under the number as the SMS path writes it.
      `take number ${UK} 1`,
      'take overall all 1',
      `save ${UK}`,
      `send ${UK}`,
    ]);
  });

  it.each<ErrorCode>([
    'INVALID_NUMBER',
    'PREMIUM_RATE_DESTINATION',
    'DESTINATION_NOT_SUPPORTED',
    'INSUFFICIENT_BALANCE',
  ])('refuses %s before any limit is counted, anything stored or sent', async (code) => {
    const { service, steps } = setUp({ smsRefusal: code });
    expect(await refusal(service.start('u1', UK))).toBe(code);
    expect(steps).toEqual([`check sms u1 ${UK} true`]);
  });

  it('refuses a resend within a minute before any limit is counted', async () => {
    const { service, steps } = setUp({ sentAt: new Date('2026-12-01T09:59:30Z') });
    expect(await refusal(service.start('u1', UK))).toBe('VERIFICATION_RATE_LIMITED');
    expect(steps).toEqual([`check sms u1 ${UK} true`, 'read caller ID']);
  });

  it('gives back what the earlier limits took when a later one refuses', async () => {
    const number = setUp({ refuse: 'number' });
    expect(await refusal(number.service.start('u1', UK))).toBe('VERIFICATION_NUMBER_LIMITED');
    expect(number.steps.slice(2)).toEqual([
      'take customer u1 1',
      `take number ${UK} 1`,
      'give back customer u1 1',
    ]);
    const overall = setUp({ refuse: 'overall' });
    expect(await refusal(overall.service.start('u1', UK))).toBe('VERIFICATION_BUSY');
    expect(overall.steps.slice(2)).toEqual([
      'take customer u1 1',
      `take number ${UK} 1`,
      'take overall all 1',
      'give back customer u1 1',
      `give back number ${UK} 1`,
    ]);
    const customer = setUp({ refuse: 'customer' });
    expect(await refusal(customer.service.start('u1', UK))).toBe('RATE_LIMITED');
    expect(customer.steps.slice(2)).toEqual(['take customer u1 1']);
  });
});

describe('a waiting code outside the sandbox', () => {
  it('is never shown to the customer: neither when sent nor in the list', async () => {
    const { service } = setUp({});
    const started = await service.start('u1', UK);
    expect(started.sandboxCode).toBeNull();
    expect((await service.list('u1')).pending).toEqual([
      { number: UK, expiresAt: '2026-12-01T10:05:00.000Z', sandboxCode: null },
    ]);
  });
});
