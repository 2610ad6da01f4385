// Proves the Kannel harness (apps/api/test/kannel.ts) against the test SMSC, before it
// is pointed at Parley's own SMPP server: what Kannel submits, and its DLR callbacks.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../../../test/certificate.js';
import { type Kannel, kannelAvailable, requireKannel, startKannel } from '../../../test/kannel.js';
import { type DlrReceiver, startDlrReceiver } from '../../../test/kannel-dlr.js';
import { type Submitted, startSmppServer } from '../../../test/smpp-server.js';

if (!kannelAvailable && requireKannel())
  throw new Error('PARLEY_REQUIRE_KANNEL is set but bearerbox and smsbox are not installed');

const ACCOUNT = { systemId: 'kannel', password: 'Pa55word' };

describe.skipIf(!kannelAvailable)(
  'Kannel as a customer SMPP client (test SMSC)',
  { timeout: 30_000 },
  () => {
    let smsc: Awaited<ReturnType<typeof startSmppServer>>;
    let dlr: DlrReceiver;
    let kannel: Kannel;

    beforeAll(async () => {
      smsc = await startSmppServer(ACCOUNT);
      dlr = await startDlrReceiver();
      // The test SMSC answers with hex ids and quotes them in decimal in its receipts.
      const started = await startKannel({
        host: '127.0.0.1',
        port: smsc.port,
        ...ACCOUNT,
        msgIdType: 1,
      });
      if (!started) throw new Error('Kannel is installed but did not start');
      kannel = started;
    }, 60_000);
    afterAll(async () => {
      await kannel?.stop();
      await dlr?.close();
      await smsc?.close();
    });

    /** What the test SMSC took for `to`, once it holds `count` parts. */
    async function submittedTo(to: string, count = 1): Promise<Submitted[]> {
      const end = Date.now() + 10_000;
      while (Date.now() < end) {
        const parts = smsc.submitted.filter((s) => s.destination === to);
        if (parts.length >= count) return parts;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`the SMSC got no ${count} part(s) for ${to}\n${kannel.logs()}`);
    }

    /** Concatenation IEs (00 03 ref total seq), in the order of the parts' seq. */
    function concatenated(parts: Submitted[]) {
      const withIe = parts.map((p) => {
        const ie = p.udh?.find((u) => u[0] === 0x00);
        if (!ie) throw new Error(`a part without a concatenation IE: ${p.message}`);
        return { part: p, ref: ie[2], total: ie[3], seq: ie[4] };
      });
      return withIe.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
    }

    it('binds once as a transceiver with the system ID and password', async () => {
      expect(await kannel.linkState()).toBe('online');
      expect(smsc.state.binds).toBe(1);
    });

    it('submits a GSM message as data_coding 0, with the extension table, and reports DELIVRD', async () => {
      const text = 'Hello {Parley} [€100] ~ok^ @home';
      await kannel.send({
        from: 'Parley',
        to: '447400100001',
        text,
        dlrMask: 31,
        dlrUrl: dlr.url('gsm'),
      });
      const [sent] = await submittedTo('447400100001');
      expect(sent).toMatchObject({ source: 'Parley', dataCoding: 0, message: text });
      expect(sent?.udh).toBeUndefined();
      // Kannel matches the receipt to its message by id: ACK first, then the final state.
      const id = String(Number.parseInt(sent?.id ?? '', 16));
      expect(await dlr.waitFor('gsm', [8])).toMatchObject({ smscMessageId: id, answer: 'ACK/' });
      const final = await dlr.waitFor('gsm', [1, 2]);
      expect(final).toMatchObject({
        type: 1,
        smscMessageId: id,
        smscId: 'parley',
        receiver: 'Parley',
      });
      expect(final.answer).toContain('stat:DELIVRD');
    });

    it('splits a long GSM message into 3 parts of 153, 153 and 94 with one UDH reference', async () => {
      const text = Array.from({ length: 400 }, (_, i) => String.fromCharCode(65 + (i % 26))).join(
        '',
      );
      await kannel.send({
        from: 'Parley',
        to: '447400100002',
        text,
        dlrMask: 31,
        dlrUrl: dlr.url('long'),
      });
      const parts = concatenated(await submittedTo('447400100002', 3));
      expect(parts.map((p) => [p.total, p.seq])).toEqual([
        [3, 1],
        [3, 2],
        [3, 3],
      ]);
      expect(new Set(parts.map((p) => p.ref)).size).toBe(1);
      expect(parts.map((p) => p.part.dataCoding)).toEqual([0, 0, 0]);
      expect(parts.map((p) => p.part.message.length)).toEqual([153, 153, 94]);
      expect(parts.map((p) => p.part.message).join('')).toBe(text);
      // Kannel 1.4.5 asks for a receipt on the first part only, and matches that part's.
      const first = String(Number.parseInt(parts[0]?.part.id ?? '', 16));
      expect(await dlr.waitFor('long', [1, 2])).toMatchObject({ type: 1, smscMessageId: first });
    });

    it('submits UCS-2 as data_coding 8, emoji included, and splits long UCS-2 by 67', async () => {
      const text = 'Привет, Parley ✓ 😀';
      await kannel.send({
        from: '+447400999',
        to: '+447400100003',
        text,
        coding: 2,
        dlrMask: 31,
        dlrUrl: dlr.url('ucs2'),
      });
      const [sent] = await submittedTo('447400100003');
      // A leading + goes: Kannel sends the number as international instead.
      expect(sent).toMatchObject({ source: '447400999', dataCoding: 8, message: text });
      expect(await dlr.waitFor('ucs2', [1, 2])).toMatchObject({ type: 1, receiver: '+447400999' });

      const long = 'Ж'.repeat(150);
      await kannel.send({ from: 'Parley', to: '447400100004', text: long, coding: 2 });
      const parts = concatenated(await submittedTo('447400100004', 3));
      expect(parts.map((p) => p.part.dataCoding)).toEqual([8, 8, 8]);
      expect(parts.map((p) => p.part.message.length)).toEqual([67, 67, 16]);
    });

    it('cuts UCS-2 parts at 134 octets even through a surrogate pair (an SMSC must join first)', async () => {
      const text = `${'Ж'.repeat(66)}😀${'Ж'.repeat(10)}`;
      await kannel.send({ from: 'Parley', to: '447400100008', text, coding: 2 });
      const [first, second] = concatenated(await submittedTo('447400100008', 2));
      // Each part alone ends or starts with half of the emoji; only joined is it whole.
      expect(first?.part.message.slice(-1)).toBe('\ud83d');
      expect(second?.part.message.slice(0, 1)).toBe('\ude00');
      expect((first?.part.message ?? '') + (second?.part.message ?? '')).toBe(text);
    });

    it('reports the SMSC receipt UNDELIV as a failed DLR (type 2)', async () => {
      await kannel.send({
        from: 'Parley',
        to: '447400100000',
        text: 'nobody',
        dlrMask: 31,
        dlrUrl: dlr.url('undeliv'),
      });
      const final = await dlr.waitFor('undeliv', [1, 2]);
      expect(final.type).toBe(2);
      expect(final.answer).toContain('stat:UNDELIV');
    });

    it('reports a refused submit (ESME_RINVDSTADR) as an SMSC NACK (type 16)', async () => {
      await kannel.send({
        from: 'Parley',
        to: '999123456',
        text: 'refused',
        dlrMask: 31,
        dlrUrl: dlr.url('nack'),
      });
      const nack = await dlr.waitFor('nack', [16]);
      expect(nack.answer).toMatch(/^NACK\/0x0000000b\//i);
      expect(smsc.submitted.some((s) => s.destination === '999123456')).toBe(false);
    });

    it('binds and submits over TLS (use-ssl) to an SMSC with a self-signed certificate', async () => {
      const { certificate, privateKey } = selfSignedCertificate();
      const tlsSmsc = await startSmppServer({
        ...ACCOUNT,
        tls: {
          key: fs.readFileSync(privateKey, 'utf8'),
          cert: fs.readFileSync(certificate, 'utf8'),
        },
      });
      const overTls = await startKannel({
        host: '127.0.0.1',
        port: tlsSmsc.port,
        ...ACCOUNT,
        msgIdType: 1,
        tls: true,
      });
      try {
        await overTls?.send({ from: 'Parley', to: '447400100005', text: 'over TLS' });
        const end = Date.now() + 10_000;
        while (tlsSmsc.submitted.length === 0 && Date.now() < end)
          await new Promise((r) => setTimeout(r, 20));
        expect(tlsSmsc.submitted).toEqual([
          expect.objectContaining({ destination: '447400100005', message: 'over TLS' }),
        ]);
      } finally {
        await overTls?.stop();
        await tlsSmsc.close();
      }
    });

    it('stays unbound, and says so, when the SMSC refuses the password', async () => {
      const bindsBefore = smsc.state.binds;
      const wrong = await startKannel(
        { host: '127.0.0.1', port: smsc.port, systemId: ACCOUNT.systemId, password: 'wrong123' },
        { waitOnline: false },
      );
      try {
        await new Promise((r) => setTimeout(r, 2_500));
        expect(await wrong?.linkState()).not.toBe('online');
        expect(smsc.state.binds).toBe(bindsBefore);
      } finally {
        await wrong?.stop();
      }
    });
  },
);
