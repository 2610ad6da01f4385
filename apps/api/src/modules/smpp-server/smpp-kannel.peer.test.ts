// A customer's Kannel bound to Parley's own SMPP server: what a customer's gateway sends
// becomes the customer's SMS, billed as the web bills, and Kannel hears the receipts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { selfSignedCertificate } from '../../../test/certificate.js';
import { balanceOf, fundedCustomer, queryRows, send, until } from '../../../test/helpers.js';
import { type Kannel, kannelAvailable, requireKannel, startKannel } from '../../../test/kannel.js';
import { type DlrReceiver, startDlrReceiver } from '../../../test/kannel-dlr.js';
import { freePort } from '../../../test/ports.js';

if (!kannelAvailable && requireKannel())
  throw new Error('PARLEY_REQUIRE_KANNEL is set but bearerbox and smsbox are not installed');

const smppPort = await freePort();
const smppTlsPort = await freePort();
const tlsFiles = kannelAvailable ? selfSignedCertificate() : null;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface SmsRow {
  id: string;
  message: string;
  encoding: string;
  segments: number;
  cost: string;
  status: string;
  recipient: string;
}

describe.skipIf(!kannelAvailable)(
  "a customer's Kannel bound to Parley",
  { timeout: 30_000 },
  () => {
    const ctx = useTestApp({
      env: {
        SMPP_SERVER_PORT: String(smppPort),
        ...(tlsFiles
          ? {
              SMPP_SERVER_TLS_PORT: String(smppTlsPort),
              SMPP_SERVER_TLS_CERT: tlsFiles.certificate,
              SMPP_SERVER_TLS_KEY: tlsFiles.privateKey,
            }
          : {}),
        SMS_SANDBOX_DELAY_MS: '100',
      },
      seedCatalogue: true,
      ready: true,
    });
    let customer: { id: string; cookie: string };
    let account: { systemId: string; password: string };
    let dlr: DlrReceiver;
    let kannel: Kannel;

    beforeAll(async () => {
      customer = await fundedCustomer(ctx.app, ctx.database, '50');
      const res = await send(ctx.app, 'POST', '/api/sms/smpp-accounts', customer.cookie, {
        label: 'Our Kannel',
        allowedIps: ['127.0.0.1'],
        maxPerSecond: 50,
      });
      expect(res.statusCode).toBe(201);
      account = res.json();
      dlr = await startDlrReceiver();
      const started = await startKannel({ host: '127.0.0.1', port: smppPort, ...account });
      if (!started) throw new Error('Kannel is installed but did not start');
      kannel = started;
    }, 60_000);
    afterAll(async () => {
      await kannel?.stop();
      await dlr?.close();
    });

    /** The customer's SMS to `recipient`, once there is one. */
    async function smsTo(recipient: string): Promise<SmsRow> {
      const rows = await until(
        () =>
          queryRows<SmsRow>(
            ctx.database,
            sql`select id, message, encoding, segments, cost::text as cost, status, recipient
            from sms_messages where user_id = ${customer.id} and recipient = ${recipient}`,
          ),
        (r) => r.length > 0,
        10_000,
      );
      if (!rows[0]) throw new Error(`no SMS to ${recipient}\n${kannel.logs()}`);
      return rows[0];
    }

    it('binds as a transceiver with the account, and the account shows the session', async () => {
      expect(await kannel.linkState()).toBe('online');
      const res = await send(ctx.app, 'GET', '/api/sms/smpp-accounts', customer.cookie);
      const [listed] = res.json().items;
      expect(listed).toMatchObject({ systemId: account.systemId, bound: true });
      expect(listed.sessions).toEqual([
        expect.objectContaining({ bindType: 'transceiver', remoteIp: '127.0.0.1' }),
      ]);
    });

    it('sends a GSM message as the customer, billed one segment, and reports it delivered', async () => {
      const before = Number(await balanceOf(ctx.database, customer.id));
      const text = 'Hello {Parley} [€5] ~ok^';
      await kannel.send({
        from: 'Parley',
        to: '447400100001',
        text,
        dlrMask: 31,
        dlrUrl: dlr.url('gsm'),
      });
      const sms = await smsTo('+447400100001');
      expect(sms).toMatchObject({ message: text, encoding: 'GSM-7', segments: 1 });
      const ack = await dlr.waitFor('gsm', [8]);
      expect(ack.smscMessageId).toBe(sms.id);
      expect(ack.smscMessageId).toMatch(UUID);
      const final = await dlr.waitFor('gsm', [1, 2], 15_000);
      expect(final).toMatchObject({ type: 1, smscMessageId: sms.id });
      expect(final.answer).toContain('stat:DELIVRD');
      expect(Number(await balanceOf(ctx.database, customer.id))).toBeCloseTo(
        before - Number(sms.cost),
        4,
      );
    });

    it("joins Kannel's three UDH parts into one SMS of three segments, and matches its receipt", async () => {
      const text = Array.from({ length: 400 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(
        '',
      );
      await kannel.send({
        from: 'Parley',
        to: '447400100002',
        text,
        dlrMask: 31,
        dlrUrl: dlr.url('long'),
      });
      const sms = await smsTo('+447400100002');
      expect(sms).toMatchObject({ message: text, segments: 3 });
      // Kannel keeps the DLR of the first part, whose id is the SMS's.
      const final = await dlr.waitFor('long', [1, 2], 15_000);
      expect(final).toMatchObject({ type: 1, smscMessageId: sms.id });
    });

    it('sends UCS-2 (data_coding 8) as a UCS-2 SMS, emoji included', async () => {
      const text = 'Привет из Kannel ✓ 😀';
      await kannel.send({
        from: 'Parley',
        to: '447400100003',
        text,
        coding: 2,
        dlrMask: 31,
        dlrUrl: dlr.url('ucs2'),
      });
      const sms = await smsTo('+447400100003');
      expect(sms).toMatchObject({ message: text, encoding: 'UCS-2', segments: 1 });
      expect(await dlr.waitFor('ucs2', [1, 2], 15_000)).toMatchObject({ type: 1 });
    });

    it('joins a long UCS-2 message whose emoji Kannel split between two parts', async () => {
      const text = `${'Ж'.repeat(66)}😀${'Ж'.repeat(10)}`;
      await kannel.send({ from: 'Parley', to: '447400100007', text, coding: 2 });
      const sms = await smsTo('+447400100007');
      expect(sms).toMatchObject({ message: text, encoding: 'UCS-2', segments: 2 });
    });

    it('reports an undelivered message as failed (DLR 2, UNDELIV) and refunds it', async () => {
      const before = await balanceOf(ctx.database, customer.id);
      await kannel.send({
        from: 'Parley',
        to: '447400120000',
        text: 'nobody',
        dlrMask: 31,
        dlrUrl: dlr.url('undeliv'),
      });
      const final = await dlr.waitFor('undeliv', [1, 2], 15_000);
      expect(final.type).toBe(2);
      expect(final.answer).toContain('stat:UNDELIV');
      expect((await smsTo('+447400120000')).status).toBe('failed');
      expect(await balanceOf(ctx.database, customer.id)).toBe(before);
    });

    it("refuses a bad destination (ESME_RINVDSTADR) and a sender ID not the customer's (ESME_RINVSRCADR)", async () => {
      await kannel.send({
        from: 'Parley',
        to: '4412',
        text: 'where',
        dlrMask: 31,
        dlrUrl: dlr.url('baddst'),
      });
      expect((await dlr.waitFor('baddst', [16])).answer).toMatch(/^NACK\/0x0000000b\//i);
      await kannel.send({
        from: 'BigBank',
        to: '447400100004',
        text: 'who',
        dlrMask: 31,
        dlrUrl: dlr.url('badsrc'),
      });
      expect((await dlr.waitFor('badsrc', [16])).answer).toMatch(/^NACK\/0x0000000a\//i);
    });

    it('binds over TLS on the TLS port and sends', async () => {
      // A gateway of its own, an account of its own: receipts go to any receiver of an account.
      const res = await send(ctx.app, 'POST', '/api/sms/smpp-accounts', customer.cookie, {
        label: 'Kannel over TLS',
        allowedIps: [],
        maxPerSecond: 10,
      });
      const second = res.json() as { systemId: string; password: string };
      const overTls = await startKannel({
        host: '127.0.0.1',
        port: smppTlsPort,
        ...second,
        tls: true,
      });
      try {
        await overTls?.send({
          from: 'Parley',
          to: '447400100006',
          text: 'over TLS',
          dlrMask: 31,
          dlrUrl: dlr.url('tls'),
        });
        expect(await smsTo('+447400100006')).toMatchObject({ message: 'over TLS' });
        expect(await dlr.waitFor('tls', [1, 2], 15_000)).toMatchObject({ type: 1 });
      } finally {
        await overTls?.stop();
      }
    });

    it('refuses a bind with a wrong password: that Kannel never comes online', async () => {
      const wrong = await startKannel(
        { host: '127.0.0.1', port: smppPort, systemId: account.systemId, password: 'Wrong123' },
        { waitOnline: false },
      );
      try {
        await new Promise((r) => setTimeout(r, 2_500));
        expect(await wrong?.linkState()).not.toBe('online');
      } finally {
        await wrong?.stop();
      }
    });
  },
);
