import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { mailApi, pathOf, returnPathOf } from '@parley/shared';
import { sql } from 'drizzle-orm';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../../../test/certificate.js';
import {
  balanceOf,
  createTestApp,
  fundedCustomer,
  queryRows,
  send,
  tempDir,
  until,
} from '../../../test/helpers.js';
import { MAIL_ENV } from '../../../test/mail.js';
import {
  type EdgeProcess,
  edgeRefusal,
  startDns,
  startEdgeProcess,
  startSink,
} from '../../../test/mail-edge.js';
import { freePort } from '../../../test/ports.js';
import { buyPackage } from '../../../test/voice.js';
import { seedCatalogueOnce } from '../../modules/catalogue/catalogue-seed.repo.js';

const harakaThere = (() => {
  try {
    createRequire(import.meta.url).resolve('haraka/package.json');
    return fs.existsSync('/usr/bin/openssl');
  } catch {
    return false;
  }
})();
// CI sets PARLEY_REQUIRE_MAIL_EDGE: there a missing piece fails instead of skipping.
if (!harakaThere && process.env.PARLEY_REQUIRE_MAIL_EDGE)
  throw new Error('Haraka (npm) and openssl are required here');

const { MAIL_EDGE_SECRET: SECRET, MAIL_HOST } = MAIL_ENV;
// The edge's reports reach Parley within this even on a busy machine.
const REPORT_MS = 30_000;

let dnsPeer: Awaited<ReturnType<typeof startDns>>;
let mx: Awaited<ReturnType<typeof startSink>>;
let edge: EdgeProcess;
let edgeEnv: Record<string, string> = {};
let ports = { submission: 0, smtps: 0, bounce: 0 };
let cert = { certificate: '', privateKey: '' };

let ctx: Awaited<ReturnType<typeof createTestApp>>;

/** A customer with an SMTP package, a verified sending domain and an SMTP user. */
async function sender(domain: string, pkg = 'SMTP Basic', balance = '20') {
  const c = await fundedCustomer(ctx.app, ctx.database, balance);
  await buyPackage(ctx.app, ctx.database, c.cookie, pkg);
  const added = await send(ctx.app, 'POST', pathOf(mailApi.addDomain), c.cookie, { domain });
  expect(added.statusCode, added.body).toBeLessThan(300);
  for (const r of added.json().records as { type: 'TXT' | 'CNAME'; host: string; value: string }[])
    dnsPeer.add(r.host, r.type, r.value);
  const verified = await send(
    ctx.app,
    'POST',
    pathOf(mailApi.verifyDomain, { id: added.json().id }),
    c.cookie,
  );
  expect(verified.json().verifiedAt, verified.body).not.toBeNull();
  const made = await send(ctx.app, 'POST', pathOf(mailApi.createCredential), c.cookie, {});
  expect(made.statusCode, made.body).toBeLessThan(300);
  return { ...c, username: made.json().username as string, password: made.json().password };
}
type Sender = Awaited<ReturnType<typeof sender>>;

const transport = (s: Sender, port = ports.submission, extra: object = {}) =>
  nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: port === ports.smtps,
    requireTLS: port !== ports.smtps,
    tls: { rejectUnauthorized: false },
    auth: { user: s.username, pass: s.password },
    ...extra,
  });

/** The state Parley's log shows for `address` in the newest message to it. */
async function stateOf(s: Sender, address: string): Promise<string | undefined> {
  const res = await send(
    ctx.app,
    'GET',
    `${pathOf(mailApi.messages)}?q=${encodeURIComponent(address)}`,
    s.cookie,
  );
  const items = res.json().items as { recipients: { address: string; state: string }[] }[];
  return items[0]?.recipients.find((r) => r.address === address)?.state;
}

/** The id of the newest message to `address` in Parley's log. */
async function messageIdOf(s: Sender, address: string): Promise<string> {
  const res = await send(
    ctx.app,
    'GET',
    `${pathOf(mailApi.messages)}?q=${encodeURIComponent(address)}`,
    s.cookie,
  );
  return res.json().items[0].id as string;
}

async function suppressed(s: Sender, address: string): Promise<boolean> {
  const res = await send(
    ctx.app,
    'GET',
    `${pathOf(mailApi.suppressions)}?q=${encodeURIComponent(address)}`,
    s.cookie,
  );
  return (res.json().items as { address: string }[]).some((i) => i.address === address);
}

/** What a client sees of a listener: the EHLO reply, and the reply to `command` after it. */
async function dialogue(port: number, command: string): Promise<{ ehlo: string; reply: string }> {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (d) => {
    text += String(d);
  });
  const waitFor = async (re: RegExp) => {
    const end = Date.now() + 5000;
    while (!re.test(text) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  };
  await waitFor(/^220 /m);
  text = '';
  socket.write('EHLO client.test\r\n');
  await waitFor(/^250 /m);
  const ehlo = text;
  text = '';
  socket.write(`${command}\r\n`);
  await waitFor(/^\d{3} /m);
  const reply = text;
  socket.destroy();
  return { ehlo, reply };
}

const startEdge = async () => {
  edge = await startEdgeProcess(edgeEnv);
};

describe.skipIf(!harakaThere)(
  'the mail edge (Haraka) between customers and MX hosts',
  {
    timeout: 90_000,
  },
  () => {
    beforeAll(async () => {
      dnsPeer = await startDns();
      // Parley's domain checks read the same DNS server as the edge's MX lookups.
      ctx = await createTestApp({
        MAIL_EDGE_SECRET: SECRET,
        MAIL_HOST,
        MAIL_DNS_SERVERS: dnsPeer.server,
      });
      await seedCatalogueOnce(ctx.database.db);
      mx = await startSink();
      // Every recipient domain of these tests has its MX on 127.0.0.1 (the sink's port).
      for (const d of ['dest.test', 'other.test']) {
        dnsPeer.add(d, 'MX', `mx.${d}`);
        dnsPeer.add(`mx.${d}`, 'A', '127.0.0.1');
      }
      cert = selfSignedCertificate();
      ports = { submission: await freePort(), smtps: await freePort(), bounce: await freePort() };
      await ctx.app.listen({ host: '127.0.0.1', port: 0 });
      const parleyPort = (ctx.app.server.address() as net.AddressInfo).port;
      edgeEnv = {
        NODE_ENV: 'test',
        DATA_DIR: tempDir(),
        MAIL_HOST,
        MAIL_EDGE_SECRET: SECRET,
        MAIL_EDGE_LISTEN: '127.0.0.1',
        MAIL_EDGE_SUBMISSION_PORT: String(ports.submission),
        MAIL_EDGE_SMTPS_PORT: String(ports.smtps),
        MAIL_EDGE_BOUNCE_PORT: String(ports.bounce),
        MAIL_EDGE_TLS_CERT: cert.certificate,
        MAIL_EDGE_TLS_KEY: cert.privateKey,
        MAIL_EDGE_PARLEY_URL: `http://127.0.0.1:${parleyPort}`,
        MAIL_DNS_SERVERS: dnsPeer.server,
        MAIL_EDGE_DELIVERY_PORT: String(mx.port),
        MAIL_EDGE_QUEUE_DIR: tempDir('parley-mail-queue-'),
        MAIL_EDGE_RETRY_INTERVALS: '5s*6',
        MAIL_EDGE_LOCAL_MX_OK: 'true',
      };
      await startEdge();
    }, 90_000);

    afterAll(async () => {
      await edge?.stop();
      await ctx?.close();
      await mx?.close();
      dnsPeer?.close();
    });

    it('offers AUTH only after TLS, and never on the bounce port', async () => {
      const plain = await dialogue(ports.submission, 'AUTH PLAIN AGZvbwBiYXI=');
      expect(plain.ehlo).toMatch(/STARTTLS/);
      expect(plain.ehlo).not.toMatch(/AUTH/);
      expect(plain.reply).toMatch(/^5\d\d /m);
      const bounce = await dialogue(ports.bounce, 'AUTH PLAIN AGZvbwBiYXI=');
      expect(bounce.ehlo).not.toMatch(/AUTH/);
      expect(bounce.reply).toMatch(/^5\d\d /m);
      // Nor is mail taken for relaying without it.
      const relay = await dialogue(ports.submission, 'MAIL FROM:<a@b.test>');
      expect(relay.reply).toMatch(/^530 5\.7\.0/m);
    });

    it('refuses to start a second edge on the same queue, naming the setting', async () => {
      const refused = await edgeRefusal({
        ...edgeEnv,
        MAIL_EDGE_SUBMISSION_PORT: String(await freePort()),
        MAIL_EDGE_SMTPS_PORT: String(await freePort()),
        MAIL_EDGE_BOUNCE_PORT: String(await freePort()),
      });
      expect(refused.code).toBe(2);
      expect(refused.output).toMatch(/MAIL_EDGE_QUEUE_DIR: in use by another edge/);
      expect(refused.output).not.toContain(SECRET);
    });

    it('refuses a wrong password with 535 5.7.8', async () => {
      const s = await sender('wrongpw.test');
      const t = transport({ ...s, password: `${s.password}x` });
      await expect(
        t.sendMail({ from: 'a@wrongpw.test', to: 'x@dest.test', subject: 'S', text: 'T' }),
      ).rejects.toMatchObject({ responseCode: 535, response: expect.stringMatching(/5\.7\.8/) });
    });

    it('delivers a message DKIM-signed for the customer, from its VERP return path', async () => {
      const s = await sender('good.test');
      for (const port of [ports.submission, ports.smtps]) {
        const to = `bob${port}@dest.test`;
        // AUTH PLAIN on one port, LOGIN on the other.
        const auth = port === ports.smtps ? { authMethod: 'LOGIN' } : {};
        const info = await transport(s, port, auth).sendMail({
          from: 'news@good.test',
          to,
          subject: `Hello on ${port}`,
          text: 'A body.',
        });
        expect(info.response).toMatch(/^250 /);
        const got = await until(
          async () => mx.received.find((m) => m.to.includes(to)),
          Boolean,
          REPORT_MS,
        );
        expect(got?.from).toMatch(/^bounce\+[0-9a-f-]{36}@pm-bounces\.good\.test$/);
        const verdict = await dkimVerify(Buffer.from(got?.raw ?? ''), {
          resolver: dnsPeer.resolve,
        });
        expect(verdict.results.map((r) => [r.signingDomain, r.selector, r.status.result])).toEqual([
          ['good.test', 'parley', 'pass'],
        ]);
        expect(
          await until(
            () => stateOf(s, to),
            (v) => v === 'delivered',
            REPORT_MS,
          ),
        ).toBe('delivered');
        // The edge told Parley its queue held it: a retry by the client is a duplicate.
        const id = await messageIdOf(s, to);
        const queued = await until(
          async () =>
            (
              await queryRows<{ at: string | null }>(
                ctx.database,
                sql`select queued_at::text as at from mail_messages where id = ${id}`,
              )
            )[0]?.at ?? null,
          Boolean,
          REPORT_MS,
        );
        expect(queued).not.toBeNull();
      }
    });

    it('refuses mail from a domain that is not verified with 550', async () => {
      const s = await sender('verified.test');
      await expect(
        transport(s).sendMail({
          from: 'a@unverified.test',
          to: 'x@dest.test',
          subject: 'S',
          text: 'T',
        }),
      ).rejects.toMatchObject({ responseCode: 550 });
      // A verified envelope sender does not carry a From header at someone else's domain.
      await expect(
        transport(s).sendMail({
          envelope: { from: 'a@verified.test', to: ['x@dest.test'] },
          from: 'CEO <ceo@unverified.test>',
          to: 'x@dest.test',
          subject: 'S',
          text: 'T',
        }),
      ).rejects.toMatchObject({ responseCode: 550 });
      expect(mx.received.some((m) => m.raw.includes('ceo@unverified.test'))).toBe(false);
    });

    it('retries a recipient whose MX defers, and delivers it once', async () => {
      const s = await sender('retry.test');
      const to = 'slow@dest.test';
      mx.deferData(to, 2);
      await transport(s).sendMail({ from: 'a@retry.test', to, subject: 'Later', text: 'T' });
      expect(
        await until(
          () => stateOf(s, to),
          (v) => v === 'deferred',
          REPORT_MS,
        ),
      ).toBe('deferred');
      expect(
        await until(
          () => stateOf(s, to),
          (v) => v === 'delivered',
          45_000,
        ),
      ).toBe('delivered');
      expect(mx.received.filter((m) => m.to.includes(to))).toHaveLength(1);
    });

    it('reports a hard bounce, and Parley then refuses the suppressed address', async () => {
      const s = await sender('bounce.test');
      const to = 'gone@dest.test';
      mx.refuseRcpt(to, 550);
      await transport(s).sendMail({ from: 'a@bounce.test', to, subject: 'Bye', text: 'T' });
      expect(
        await until(
          () => stateOf(s, to),
          (v) => v === 'bounced',
          REPORT_MS,
        ),
      ).toBe('bounced');
      expect(await until(() => suppressed(s, to), Boolean, REPORT_MS)).toBe(true);
      await expect(
        transport(s).sendMail({ from: 'a@bounce.test', to, subject: 'Again', text: 'T' }),
      ).rejects.toMatchObject({ responseCode: 550 });
    });

    it('takes a DSN and a complaint on the bounce port, and nothing else', async () => {
      const s = await sender('dsn.test');
      const bounces = nodemailer.createTransport({
        host: '127.0.0.1',
        port: ports.bounce,
        ignoreTLS: true,
      });
      const report = (to: string, type: string, parts: string[]) => {
        const boundary = 'report-boundary';
        return bounces.sendMail({
          envelope: { from: '', to },
          raw: [
            'From: MAILER-DAEMON@other.test',
            `To: ${to}`,
            'Subject: Report',
            'MIME-Version: 1.0',
            `Content-Type: multipart/report; report-type=${type}; boundary="${boundary}"`,
            '',
            `--${boundary}`,
            'Content-Type: text/plain',
            '',
            'A report.',
            ...parts.flatMap((p) => [`--${boundary}`, p]),
            `--${boundary}--`,
            '',
          ].join('\r\n'),
        });
      };
      // A recipient still deferred by its MX whose server then gives up: a DSN says so.
      const gone = 'later-gone@other.test';
      mx.deferData(gone, 1000);
      await transport(s).sendMail({ from: 'a@dsn.test', to: gone, subject: 'Hi', text: 'T' });
      expect(
        await until(
          () => stateOf(s, gone),
          (v) => v === 'deferred',
          REPORT_MS,
        ),
      ).toBe('deferred');
      await report(returnPathOf(await messageIdOf(s, gone), 'dsn.test'), 'delivery-status', [
        [
          'Content-Type: message/delivery-status',
          '',
          'Reporting-MTA: dns; mx.other.test',
          '',
          `Final-Recipient: rfc822; ${gone}`,
          'Action: failed',
          'Status: 5.1.1',
          'Diagnostic-Code: smtp; 550 5.1.1 mailbox gone',
          '',
        ].join('\r\n'),
      ]);
      expect(
        await until(
          () => stateOf(s, gone),
          (v) => v === 'bounced',
          REPORT_MS,
        ),
      ).toBe('bounced');
      expect(await until(() => suppressed(s, gone), Boolean, REPORT_MS)).toBe(true);
      // A delivered message its reader marks as spam: the feedback loop's report, sent to
      // the feedback address, quotes the message with its return path.
      const reader = 'reader@other.test';
      await transport(s).sendMail({ from: 'a@dsn.test', to: reader, subject: 'News', text: 'T' });
      expect(
        await until(
          () => stateOf(s, reader),
          (v) => v === 'delivered',
          REPORT_MS,
        ),
      ).toBe('delivered');
      const quoted = returnPathOf(await messageIdOf(s, reader), 'dsn.test');
      await report(`fbl@bounces.${MAIL_HOST}`, 'feedback-report', [
        [
          'Content-Type: message/feedback-report',
          '',
          'Feedback-Type: abuse',
          'Version: 1',
          '',
        ].join('\r\n'),
        [
          'Content-Type: message/rfc822',
          '',
          `Return-Path: <${quoted}>`,
          'To: Reader <reader@other.test>',
          'Subject: News',
          '',
          'T',
          '',
        ].join('\r\n'),
      ]);
      expect(await until(() => suppressed(s, reader), Boolean, REPORT_MS)).toBe(true);
      // An address that is no return path of Parley's is refused there.
      await expect(
        bounces.sendMail({
          envelope: { from: '', to: 'postmaster@dsn.test' },
          raw: 'Subject: x\r\n\r\nx',
        }),
      ).rejects.toMatchObject({ responseCode: 550 });
    });

    it('counts the allowance down, bills overage once, and refuses 452 when the balance cannot pay', async () => {
      await ctx.database.db.execute(sql`update packages
        set features = '["1 emails per month", "£0.80 per 1,000 extra emails"]'::jsonb
        where name = 'SMTP Business'`);
      const s = await sender('metered.test', 'SMTP Business', '100');
      await ctx.database.db.execute(sql`update users set crypto_balance = 0.80 where id = ${s.id}`);
      const mail = (to: string) =>
        transport(s).sendMail({ from: 'a@metered.test', to, subject: 'M', text: 'T' });
      await mail('m1@dest.test');
      await mail('m2@dest.test'); // beyond the allowance: a block of 1,000 is charged
      await mail('m3@dest.test'); // inside the block already paid
      const overview = (await send(ctx.app, 'GET', pathOf(mailApi.overview), s.cookie)).json();
      expect(overview.package.used).toBe(3);
      const charges = await queryRows<{ amount: string }>(
        ctx.database,
        sql`select amount::text from ledger_entries
          where user_id = ${s.id} and reference like 'mail-overage:%'`,
      );
      expect(charges.map((c) => c.amount)).toEqual(['-0.8000']);
      expect(await balanceOf(ctx.database, s.id)).toBe('0.00');
      // The paid block used up and the balance empty: the client is told to try later.
      await ctx.database.db.execute(sql`update mail_usage set used = 1001 where user_id = ${s.id}`);
      await expect(mail('m4@dest.test')).rejects.toMatchObject({ responseCode: 452 });
    });

    it('delivers once what was queued when the edge was killed, after a restart', async () => {
      const s = await sender('crash.test');
      const to = 'patient@dest.test';
      mx.deferData(to, 2);
      await transport(s).sendMail({ from: 'a@crash.test', to, subject: 'Crash', text: 'T' });
      expect(
        await until(
          () => stateOf(s, to),
          (v) => v === 'deferred',
          REPORT_MS,
        ),
      ).toBe('deferred');
      process.kill(edge.harakaPid, 'SIGKILL');
      await edge.exited;
      // On fresh ports: what carries over is the queue on disk, and the kernel may have
      // handed the old ports to another test's connection meanwhile.
      ports = { submission: await freePort(), smtps: await freePort(), bounce: await freePort() };
      edgeEnv = {
        ...edgeEnv,
        MAIL_EDGE_SUBMISSION_PORT: String(ports.submission),
        MAIL_EDGE_SMTPS_PORT: String(ports.smtps),
        MAIL_EDGE_BOUNCE_PORT: String(ports.bounce),
      };
      await startEdge();
      expect(
        await until(
          () => stateOf(s, to),
          (v) => v === 'delivered',
          45_000,
        ),
      ).toBe('delivered');
      expect(mx.received.filter((m) => m.to.includes(to))).toHaveLength(1);
    });

    it('sends everything to the smarthost of MAIL_RELAY_URL, logging in there', async () => {
      const smarthost = await startSink({ user: 'relay-user', pass: 'relay-pass' });
      const queue = tempDir('parley-mail-queue-');
      const other = await startEdgeProcess({
        ...edgeEnv,
        MAIL_EDGE_SUBMISSION_PORT: String(await freePort()),
        MAIL_EDGE_SMTPS_PORT: String(await freePort()),
        MAIL_EDGE_BOUNCE_PORT: String(await freePort()),
        MAIL_EDGE_QUEUE_DIR: queue,
        MAIL_RELAY_URL: `smtp://relay-user:relay-pass@127.0.0.1:${smarthost.port}`,
      });
      try {
        const s = await sender('relayed.test');
        const port = Number(/127\.0\.0\.1:(\d+) \(submission/.exec(other.line())?.[1]);
        await transport(s, port).sendMail({
          from: 'a@relayed.test',
          to: 'someone@dest.test',
          subject: 'Via the smarthost',
          text: 'T',
        });
        const got = await until(async () => smarthost.received[0], Boolean, REPORT_MS);
        expect(got?.to).toEqual(['someone@dest.test']);
        expect(smarthost.logins).toContain('relay-user');
        const verdict = await dkimVerify(Buffer.from(got?.raw ?? ''), {
          resolver: dnsPeer.resolve,
        });
        expect(verdict.results[0]?.status.result).toBe('pass');
        expect(mx.received.some((m) => m.to.includes('someone@dest.test'))).toBe(false);
      } finally {
        await other.stop();
        await smarthost.close();
      }
    });
  },
);
