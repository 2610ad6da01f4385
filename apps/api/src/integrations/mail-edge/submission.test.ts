import { describe, expect, it } from 'vitest';
import { codes, type HarakaConnection } from './haraka-runtime.js';
import { type ParleyClient, ParleyUnreachable } from './parley-client.js';
import { submissionHooks } from './submission.js';

const CREDENTIAL = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const FIRST = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

class Address {
  constructor(readonly text: string) {}
  get user() {
    return this.text.split('@')[0] ?? null;
  }
  get host() {
    return this.text.split('@')[1] ?? null;
  }
  get address() {
    return this.text;
  }
}

function session() {
  const headers: [string, string][] = [];
  const txn = {
    uuid: 'T.1',
    mail_from: new Address('news@good.test'),
    rcpt_to: [new Address('bob@dest.test')],
    notes: {} as Record<string, unknown>,
    data_bytes: 120,
    header: {
      get: (n: string) =>
        n === 'Message-ID' ? '<m1@good.test>\n' : n === 'From' ? 'News <News@good.test>\n' : '',
      get_all: (n: string) => (n === 'From' ? ['News <News@good.test>\n'] : []),
      get_decoded: (n: string) => (n === 'Subject' ? 'Hello\u0007 there' : ''),
    },
    message_stream: {
      get_data: (_o: unknown, cb: (b: Buffer) => void) =>
        cb(Buffer.from('From: news@good.test\r\nSubject: Hello\r\n\r\nBody\r\n')),
    },
    add_leading_header: (k: string, v: string) => headers.push([k, v]),
  };
  const connection = {
    uuid: 'T',
    remote: { ip: '198.51.100.7' },
    local: { port: 587 },
    tls: { enabled: true },
    relaying: true,
    notes: { parleyCredential: CREDENTIAL },
    capabilities: [],
    transaction: txn,
    loginfo() {},
    logwarn() {},
    logerror() {},
  } as unknown as HarakaConnection;
  return { connection, txn, headers };
}

const nextOf = () => {
  let resolve: (v: [number | undefined, unknown]) => void = () => {};
  const done = new Promise<[number | undefined, unknown]>((r) => {
    resolve = r;
  });
  return { next: (code?: number, msg?: unknown) => resolve([code, msg]), done };
};

const replyOf = (msg: unknown) => {
  const m = msg as { code: number; reply: string };
  return `${m.code} ${m.reply}`;
};

describe('MAIL, RCPT and end of DATA on the submission ports', () => {
  it("answers exactly Parley's refusal, and 451 4.3.0 when Parley cannot be asked", async () => {
    const refusing = submissionHooks({
      sender: async () => ({
        allowed: false,
        reply: { code: 550, enhanced: '5.7.1', message: 'Sender domain good.test is not verified' },
      }),
    } as unknown as ParleyClient);
    const a = nextOf();
    refusing.mail(a.next, session().connection, new Address('news@good.test') as never);
    const [code, msg] = await a.done;
    expect(code).toBe(codes.deny);
    expect(replyOf(msg)).toBe('550 5.7.1 Sender domain good.test is not verified');

    const down = submissionHooks({
      recipient: () => Promise.reject(new ParleyUnreachable('timeout')),
    } as unknown as ParleyClient);
    const b = nextOf();
    down.rcpt(b.next, session().connection, new Address('bob@dest.test') as never);
    const [code2, msg2] = await b.done;
    expect(code2).toBe(codes.denysoft);
    expect(replyOf(msg2)).toBe('451 4.3.0 Temporary problem, please try again later');
  });

  it('refuses MAIL without AUTH with 530 5.7.0', async () => {
    const hooks = submissionHooks({} as ParleyClient);
    const { connection } = session();
    connection.relaying = false;
    const a = nextOf();
    hooks.mail(a.next, connection, new Address('a@b.test') as never);
    expect(replyOf((await a.done)[1])).toBe('530 5.7.0 Authentication required');
  });

  it('queues nothing for a message Parley accepted before, and still answers 250', async () => {
    const asked: unknown[] = [];
    const hooks = submissionHooks({
      accept: async (b: unknown) => {
        asked.push(b);
        return { allowed: true, messageId: FIRST, duplicate: true, returnPath: 'x', dkim: {} };
      },
    } as unknown as ParleyClient);
    const { connection, txn, headers } = session();
    const a = nextOf();
    hooks.dataPost(a.next, connection);
    expect((await a.done)[0]).toBeUndefined();
    expect(asked[0]).toMatchObject({
      credentialId: CREDENTIAL,
      clientMessageId: '<m1@good.test>',
      from: 'news@good.test',
      headerFrom: 'news@good.test',
      to: ['bob@dest.test'],
      subject: 'Hello there',
      size: 120,
    });
    expect(txn.notes.parley).toEqual({ messageId: FIRST, duplicate: true });
    expect(headers).toEqual([]);
    const q = nextOf();
    hooks.queueOutbound(q.next, connection);
    expect((await q.done)[0]).toBe(codes.ok);
  });
});
