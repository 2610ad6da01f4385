import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fundedCustomer, queryRows, send } from '../../../test/helpers.js';
import { twoInstances } from '../../../test/two-instances.js';
import { createSandboxGateway } from '../../integrations/sms/sandbox.js';
import { seedCatalogueOnce } from '../catalogue/catalogue-seed.repo.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

// The seed prices GB SMS at 0.04 USD (£0.0316 at 0.79) and Papua New Guinea's at
// 0.14 USD (£0.1106); a paid SMS also needs £0.05 on the balance (MIN_SMS_BALANCE).
const UK = '+447400777001';
const PNG = '+67570123456';
/** Enough for one UK SMS, not for one to Papua New Guinea. */
const UK_ONLY = '0.06';

type Pair = Awaited<ReturnType<typeof twoInstances>>;

/** Two instances on one database; every SMS either hands to its gateway is recorded. */
async function instances(env: Record<string, string>) {
  const sent: string[] = [];
  const pair = await twoInstances(env, {
    prepare: (db) => seedCatalogueOnce(db.db),
    extra: () => {
      const gateway = createSandboxGateway({ delayMs: 30 });
      const submit = gateway.submit.bind(gateway);
      gateway.submit = (sms) => {
        sent.push(sms.recipient);
        return submit(sms);
      };
      return { sms: { gateway, pollMs: 50 } };
    },
  });
  return { pair, sent };
}

const verify = (pair: Pair, i: number, cookie: string, number: string) =>
  send(pair.at(i), 'POST', '/api/sip/caller-ids/verify', cookie, { number });

const rowsOf = async (pair: Pair, userId: string) =>
  (
    await queryRows<{ n: number }>(
      pair.database,
      sql`select count(*)::int as n from caller_ids where user_id = ${userId}`,
    )
  )[0]?.n;

describe('a caller ID code goes only where a paid SMS could go', () => {
  let pair: Pair;
  let sent: string[];
  beforeAll(async () => {
    ({ pair, sent } = await instances({}));
  });
  afterAll(() => pair?.close());

  it('refuses a customer whose balance cannot pay for one SMS there: nothing sent or stored', async () => {
    const broke = await fundedCustomer(pair.at(0), pair.database, '0');
    const before = sent.length;
    const res = await verify(pair, 0, broke.cookie, UK);
    expect([res.statusCode, res.json().error.code]).toEqual([402, 'INSUFFICIENT_BALANCE']);
    // Enough for a UK SMS is not enough for one to Papua New Guinea.
    const some = await fundedCustomer(pair.at(0), pair.database, UK_ONLY);
    const png = await verify(pair, 1, some.cookie, PNG);
    expect([png.statusCode, png.json().error.code]).toEqual([402, 'INSUFFICIENT_BALANCE']);
    expect(sent.length).toBe(before);
    expect(await rowsOf(pair, broke.id)).toBe(0);
    expect(await rowsOf(pair, some.id)).toBe(0);
  });

  it.each([
    ['a UK premium-rate number', '+449098790000', 422, 'PREMIUM_RATE_DESTINATION'],
    ['a satellite number', '+88234567890123', 400, 'INVALID_NUMBER'],
    ['an unassigned range', '+99912345678', 400, 'INVALID_NUMBER'],
    ['a number too long for its country', '+4474001112229', 400, 'INVALID_NUMBER'],
    ['a country with no SMS price', '+79123456789', 422, 'DESTINATION_NOT_SUPPORTED'],
  ])('refuses %s as a paid SMS is refused, funded or not', async (_, number, status, code) => {
    const rich = await fundedCustomer(pair.at(0), pair.database, '50');
    const before = sent.length;
    const res = await verify(pair, 0, rich.cookie, number);
    expect([res.statusCode, res.json().error.code]).toEqual([status, code]);
    if (code === 'INVALID_NUMBER')
      expect(res.json().error.fields).toEqual([
        expect.objectContaining({ path: 'body.number', code: 'CALLER_ID_INVALID' }),
      ]);
    expect(sent.length).toBe(before);
    expect(await rowsOf(pair, rich.id)).toBe(0);
  });

  it('sends the code when the balance pays for an SMS there, Papua New Guinea included', async () => {
    const some = await fundedCustomer(pair.at(0), pair.database, UK_ONLY);
    const ok = await verify(pair, 0, some.cookie, UK);
    expect(ok.statusCode).toBe(201);
    expect(sent.at(-1)).toBe(UK);
    const more = await fundedCustomer(pair.at(0), pair.database, '1');
    expect((await verify(pair, 1, more.cookie, PNG)).statusCode).toBe(201);
    expect(sent.at(-1)).toBe(PNG);
  });

  it('keeps and confirms a number in one spelling, however it was written', async () => {
    const ada = await fundedCustomer(pair.at(0), pair.database, '1');
    const started = await verify(pair, 0, ada.cookie, '+44 (0)7400 777009');
    expect(started.statusCode).toBe(201);
    expect(started.json().number).toBe('+447400777009');
    expect(sent.at(-1)).toBe('+447400777009');
    const stored = await queryRows<{ number: string }>(
      pair.database,
      sql`select number from caller_ids where user_id = ${ada.id}`,
    );
    expect(stored).toEqual([{ number: '+447400777009' }]);
    const { sandboxCode } = started.json();
    expect(sandboxCode).toMatch(/^\d{6}$/);
    const confirmed = await send(pair.at(1), 'POST', '/api/sip/caller-ids/confirm', ada.cookie, {
      number: '+44 (0)7400 777009',
      code: sandboxCode,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().items).toContainEqual({ number: '+447400777009', source: 'verified' });
  });

  it('sends at most 3 codes an hour to one number, whoever asks and on whichever instance', async () => {
    const number = '+447400777002';
    const customers = await Promise.all(
      [0, 1, 2, 3].map(() => fundedCustomer(pair.at(0), pair.database, '1')),
    );
    const answers = [];
    for (const [i, c] of customers.entries()) answers.push(await verify(pair, i, c.cookie, number));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 429]);
    const refused = answers[3];
    expect(refused?.json().error.code).toBe('VERIFICATION_NUMBER_LIMITED');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // The same number written another way (+44 (0)7400…) is the same destination.
    const fifth = await fundedCustomer(pair.at(0), pair.database, '1');
    const variant = await verify(pair, 1, fifth.cookie, '+44 (0)7400 777002');
    expect(variant.json().error.code).toBe('VERIFICATION_NUMBER_LIMITED');
    expect(sent.filter((r) => r === number)).toHaveLength(3);
    expect(await rowsOf(pair, customers[3]?.id ?? '')).toBe(0);
  });
});

describe('the hourly budget of caller ID codes across all customers', () => {
  let pair: Pair;
  let sent: string[];
  beforeAll(async () => {
    ({ pair, sent } = await instances({ CALLER_ID_CODES_PER_HOUR: '3' }));
  });
  afterAll(() => pair?.close());

  it('sends CALLER_ID_CODES_PER_HOUR codes in all, then refuses every customer with 429', async () => {
    const customers = await Promise.all(
      [0, 1, 2, 3, 4].map(() => fundedCustomer(pair.at(0), pair.database, '1')),
    );
    const answers = await Promise.all(
      customers.map((c, i) => verify(pair, i, c.cookie, `+44740077710${i}`)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.json().error.code).toBe('VERIFICATION_BUSY');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(sent).toHaveLength(3);
    const [n] = await queryRows<{ n: number }>(
      pair.database,
      sql`select count(*)::int as n from caller_ids`,
    );
    expect(n?.n).toBe(3);
  });
});
