import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fundedCustomer, queryRows, send, until } from '../../../test/helpers.js';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.js';
import { twoInstances } from '../../../test/two-instances.js';
import type { Database } from '../../db/client.js';
import { insertNotification } from '../../db/notifications.js';
import { createSmtpMailer } from '../../integrations/mail/smtp.js';
import { createMailOutbox } from './mail-outbox.js';
import { createMailOutboxRepo } from './mail-outbox.repo.js';

let sink: SmtpSink;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const FROM = 'Parley <notices@parley.example>';
const silent = { info() {}, warn() {} };

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp(
    { SMTP_URL: sink.url, MAIL_FROM: FROM, PUBLIC_URL: 'https://parley.example' },
    // Passes are run by hand; a failed try is due again at once.
    { mail: { pollMs: 3_600_000, retryDelayMs: () => 0 } },
  );
  await ctx.app.ready();
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

let keys = 0;
async function noticeFor(
  database: Database,
  userId: string,
  opts: { email?: boolean; at?: Date; balance?: string } = {},
) {
  return database.db.transaction((tx) =>
    insertNotification(tx, {
      userId,
      code: 'balance.low',
      params: { balance: opts.balance ?? '2.50', threshold: '10.00' },
      key: `test:${keys++}`,
      email: opts.email ?? true,
      at: opts.at ?? new Date(),
    }),
  );
}

const stateOf = async (id: string) =>
  (
    await queryRows<{ email_due: Date | null; emailed_at: Date | null; email_attempts: number }>(
      ctx.database,
      sql`select email_due, emailed_at, email_attempts from notifications where id = ${id}`,
    )
  )[0];

const emailOf = async (userId: string) =>
  (
    await queryRows<{ email: string }>(
      ctx.database,
      sql`select email from users where id = ${userId}`,
    )
  )[0]?.email;

const runOutbox = () => {
  const outbox = ctx.app.mailOutbox;
  if (!outbox) throw new Error('no outbox');
  return outbox.runOnce();
};
const sentTo = (address: string | undefined) => sink.received.filter((m) => m.to[0] === address);

describe('the mail outbox', () => {
  it('emails each due notice once, in its customer’s language', async () => {
    const german = await fundedCustomer(ctx.app, ctx.database, '0');
    const english = await fundedCustomer(ctx.app, ctx.database, '0');
    await send(ctx.app, 'PUT', '/api/account/language', german.cookie, { language: 'de' });
    const de = await noticeFor(ctx.database, german.id, { balance: '1234.5' });
    const en = await noticeFor(ctx.database, english.id);
    const quiet = await noticeFor(ctx.database, english.id, { email: false });
    await runOutbox();
    await runOutbox();

    const toGerman = sentTo(await emailOf(german.id));
    expect(toGerman).toHaveLength(1);
    expect(toGerman[0]?.from).toBe('notices@parley.example');
    expect(toGerman[0]?.subject).toBe('Niedriges Guthaben');
    expect(toGerman[0]?.text.replaceAll('\u00a0', ' ')).toContain(
      'Ihr Guthaben beträgt 1.234,50 £ und liegt unter Ihrer Warnschwelle von 10,00 £.',
    );
    expect(toGerman[0]?.text).toContain(
      'Alle Ihre Benachrichtigungen: https://parley.example/dashboard',
    );
    const toEnglish = sentTo(await emailOf(english.id));
    expect(toEnglish).toHaveLength(1);
    expect(toEnglish[0]?.subject).toBe('Low balance');
    expect(toEnglish[0]?.text).toContain(
      'Your balance is £2.50, below your alert level of £10.00.',
    );

    for (const id of [de?.id, en?.id])
      expect(await stateOf(id ?? '')).toMatchObject({
        email_due: null,
        emailed_at: expect.anything(),
        email_attempts: 1,
      });
    expect(await stateOf(quiet?.id ?? '')).toMatchObject({ emailed_at: null, email_attempts: 0 });
  });

  it('tries again after the server refuses for now', async () => {
    const { id: userId } = await fundedCustomer(ctx.app, ctx.database, '0');
    const notice = await noticeFor(ctx.database, userId);
    sink.refuse(1, 451);
    await runOutbox();
    expect(sentTo(await emailOf(userId))).toHaveLength(1);
    expect(await stateOf(notice?.id ?? '')).toMatchObject({
      emailed_at: expect.anything(),
      email_attempts: 2,
    });
  });

  it('gives up on a refusal for good, and after the last try', async () => {
    const { id: userId } = await fundedCustomer(ctx.app, ctx.database, '0');
    const refused = await noticeFor(ctx.database, userId);
    sink.refuse(1, 550);
    await runOutbox();
    expect(await stateOf(refused?.id ?? '')).toMatchObject({
      email_due: null,
      emailed_at: null,
      email_attempts: 1,
    });
    const failing = await noticeFor(ctx.database, userId);
    sink.refuse(8, 451);
    await runOutbox();
    await runOutbox();
    expect(await stateOf(failing?.id ?? '')).toMatchObject({
      email_due: null,
      emailed_at: null,
      email_attempts: 8,
    });
    expect(sentTo(await emailOf(userId))).toHaveLength(0);
    sink.refuse(0);
  });

  it('emails no disabled customer, and no notice too old to matter', async () => {
    const disabled = await fundedCustomer(ctx.app, ctx.database, '0');
    await ctx.database.db.execute(
      sql`update users set disabled_at = now() where id = ${disabled.id}`,
    );
    const toDisabled = await noticeFor(ctx.database, disabled.id);
    const { id: userId } = await fundedCustomer(ctx.app, ctx.database, '0');
    const old = await noticeFor(ctx.database, userId, {
      at: new Date(Date.now() - 73 * 3_600_000),
    });
    await runOutbox();
    expect(sentTo(await emailOf(disabled.id))).toHaveLength(0);
    expect(sentTo(await emailOf(userId))).toHaveLength(0);
    expect(await stateOf(toDisabled?.id ?? '')).toMatchObject({
      email_due: null,
      emailed_at: null,
    });
    expect(await stateOf(old?.id ?? '')).toMatchObject({
      email_due: null,
      emailed_at: null,
      email_attempts: 0,
    });
  });

  it('leaves a claim to its instance until it runs out, then another sends it', async () => {
    const { id: userId } = await fundedCustomer(ctx.app, ctx.database, '0');
    const notice = await noticeFor(ctx.database, userId);
    // An instance claims it and dies before sending.
    const repo = createMailOutboxRepo(ctx.database.db);
    const claimed = await repo.claim(50, new Date(), 300_000, new Date(0));
    expect(claimed.map((c) => c.id)).toContain(notice?.id);
    await runOutbox();
    expect(sentTo(await emailOf(userId))).toHaveLength(0);
    // After a restart, once the claim has run out, it goes (from the table alone).
    const mailer = createSmtpMailer({ url: sink.url, from: FROM });
    const later = createMailOutbox({
      repo,
      mailer,
      log: silent,
      link: null,
      maxAttempts: 8,
      maxAgeMs: 72 * 3_600_000,
      pollMs: 3_600_000,
      now: () => new Date(Date.now() + 301_000),
    });
    await later.runOnce();
    await later.runOnce();
    await mailer.close();
    expect(sentTo(await emailOf(userId))).toHaveLength(1);
    expect(await stateOf(notice?.id ?? '')).toMatchObject({
      emailed_at: expect.anything(),
      email_attempts: 2,
    });
  });
});

describe('two instances', () => {
  it('send each notice once', async () => {
    const shared = await startSmtpSink();
    const pair = await twoInstances(
      { SMTP_URL: shared.url, MAIL_FROM: FROM },
      { extra: () => ({ mail: { pollMs: 25 } }) },
    );
    try {
      const { cookie, id } = await fundedCustomer(pair.at(0), pair.database, '0');
      expect(cookie).toBeTruthy();
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) {
        const row = await noticeFor(pair.database, id, { balance: `${i}.00` });
        if (row) ids.push(row.id);
      }
      await until(
        async () => shared.received.length,
        (n) => n >= 30,
        20_000,
      );
      // Room for a second sending, were there one.
      await new Promise((r) => setTimeout(r, 300));
      expect(shared.received).toHaveLength(30);
      const balances = shared.received.map((m) => /balance is £([\d.]+)/.exec(m.text)?.[1]);
      expect(new Set(balances).size).toBe(30);
      const rows = await queryRows<{ n: number }>(
        pair.database,
        sql`select count(*)::int as n from notifications
            where user_id = ${id} and emailed_at is not null and email_attempts = 1`,
      );
      expect(rows[0]?.n).toBe(30);
    } finally {
      await pair.close();
      await shared.close();
    }
  });
});
