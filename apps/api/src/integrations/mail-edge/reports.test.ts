import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, until } from '../../../test/helpers.js';
import { type ParleyClient, ParleyUnreachable } from './parley-client.js';
import { type MailEvent, reasonText, reportQueue } from './reports.js';

const ID = '4b7f6a0e-1d2c-4e5f-8a9b-0c1d2e3f4a5b';
const event = (recipient: string): MailEvent => ({
  messageId: ID,
  recipient,
  kind: 'delivered',
  reason: '250 2.0.0 OK\r\n queued as ABC\u0000',
});

function fakeClient(answers: (() => void)[]) {
  const sent: MailEvent[] = [];
  const client = {
    event: async (e: MailEvent) => {
      const next = answers.shift();
      next?.();
      sent.push(e);
      return { ok: true as const };
    },
  } as unknown as ParleyClient;
  return { client, sent };
}

const queues: ReturnType<typeof reportQueue>[] = [];
afterEach(() => {
  for (const q of queues.splice(0)) q.stop();
});
const pending = (dir: string) => fs.readdirSync(dir).filter((f) => !f.startsWith('.'));

describe('delivery reports on their way to Parley', () => {
  it('keeps a report Parley did not take and sends it again, also from a later start', async () => {
    const dir = tempDir('parley-reports-');
    const down = () => {
      throw new ParleyUnreachable('connect ECONNREFUSED');
    };
    const first = fakeClient([down, down, down]);
    const q = reportQueue({ dir, client: first.client, retryMs: 60_000, log: () => {} });
    queues.push(q);
    q.report(event('a@example.net'));
    await until(
      async () => pending(dir).length,
      (n) => n === 1,
    );
    await q.retryAll();
    expect(pending(dir)).toHaveLength(1);
    expect(first.sent).toEqual([]);
    q.stop();
    // The edge starts again (after a crash): what waits is sent, in order, and removed.
    const second = fakeClient([]);
    const again = reportQueue({ dir, client: second.client, retryMs: 60_000, log: () => {} });
    queues.push(again);
    await until(
      async () => second.sent.length,
      (n) => n === 1,
    );
    expect(second.sent[0]).toEqual({
      messageId: ID,
      recipient: 'a@example.net',
      kind: 'delivered',
      reason: '250 2.0.0 OK queued as ABC',
    });
    await until(
      async () => pending(dir).length,
      (n) => n === 0,
    );
    expect(pending(dir)).toEqual([]);
  });

  it('drops a report Parley refuses as wrong, and keeps one it could not answer', async () => {
    const dir = tempDir('parley-reports-');
    const logs: string[] = [];
    const { client } = fakeClient([
      () => {
        throw new ParleyUnreachable('HTTP 400', 400);
      },
      () => {
        throw new ParleyUnreachable('HTTP 503', 503);
      },
    ]);
    const q = reportQueue({ dir, client, retryMs: 60_000, log: (l) => logs.push(l) });
    queues.push(q);
    q.report(event('wrong@example.net'));
    await until(
      async () => logs.length,
      (n) => n === 1,
    );
    q.report(event('later@example.net'));
    await until(
      async () => logs.length,
      (n) => n === 2,
    );
    expect(logs[0]).toMatch(/refused by Parley \(HTTP 400\), dropped/);
    expect(logs[1]).toMatch(/kept for a retry/);
    expect(pending(dir)).toHaveLength(1);
    expect(
      JSON.parse(fs.readFileSync(path.join(dir, pending(dir)[0] ?? ''), 'utf8')).recipient,
    ).toBe('later@example.net');
  });

  it('writes remote replies without control characters, at most 1000 long', () => {
    expect(reasonText('550\t5.1.1\r\nno')).toBe('550 5.1.1 no');
    expect(reasonText('x'.repeat(2000))).toHaveLength(1000);
    expect(reasonText('\u0000\u0007')).toBeNull();
  });
});
