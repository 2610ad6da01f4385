import { describe, expect, it } from 'vitest';
import { deliveryHooks } from './delivery.js';
import { codes, type HarakaHmail } from './haraka-runtime.js';
import type { MailEvent, ReportQueue } from './reports.js';
import type { PluginSettings } from './settings.js';

const ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const rcpt = (address: string, reason?: string) => ({
  user: address.split('@')[0] ?? null,
  host: address.split('@')[1] ?? null,
  address,
  reason,
});
const hmail = (...rcpts: ReturnType<typeof rcpt>[]) =>
  ({
    todo: { rcpt_to: rcpts, notes: { parley: { messageId: ID, duplicate: false } } },
    loginfo() {},
    logwarn() {},
  }) as unknown as HarakaHmail;

function hooks(relay: PluginSettings['relay'] = null) {
  const sent: MailEvent[] = [];
  const queue = { report: (e: MailEvent) => sent.push(e) } as unknown as ReportQueue;
  const settings = {
    host: 'mail.parley.test',
    relay,
    dnsServers: null,
    deliveryPort: 25,
    localMxOk: false,
  } as PluginSettings;
  return { sent, hooks: deliveryHooks(settings, () => queue) };
}
const answered = () => {
  const got: unknown[][] = [];
  return { got, next: (...a: unknown[]) => got.push(a) };
};

describe("the outbound queue's outcomes, reported to Parley", () => {
  it('reports the recipients a host took as delivered, with its reply', () => {
    const { sent, hooks: h } = hooks();
    const n = answered();
    h.delivered(n.next, hmail(rcpt('a@x.test'), rcpt('b@x.test')), [
      'mx.x.test',
      '203.0.113.1',
      '250 2.0.0 queued as 1234',
      1,
      25,
      'smtp',
      [rcpt('a@x.test')],
    ]);
    expect(sent).toEqual([
      {
        messageId: ID,
        recipient: 'a@x.test',
        kind: 'delivered',
        reason: '250 2.0.0 queued as 1234',
      },
    ]);
  });

  it('reports a refusal as bounced with the remote reply, and sends no bounce message', () => {
    const { sent, hooks: h } = hooks();
    const n = answered();
    h.bounce(
      n.next,
      hmail(rcpt('gone@x.test', '550 5.1.1 No such user')),
      new Error('Some recipients failed'),
    );
    expect(sent).toEqual([
      {
        messageId: ID,
        recipient: 'gone@x.test',
        kind: 'bounced',
        reason: '550 5.1.1 No such user',
      },
    ]);
    expect(n.got).toEqual([[codes.ok]]);
  });

  it('calls a failure of the edge’s own deferred, not bounced, and a missing domain bounced', () => {
    const { sent, hooks: h } = hooks();
    h.bounce(
      answered().next,
      hmail(rcpt('a@private.test')),
      new Error('No usable mail host for private.test'),
    );
    h.bounce(
      answered().next,
      hmail(rcpt('b@nowhere.test')),
      new Error('No such domain: nowhere.test'),
    );
    expect(sent.map((s) => [s.recipient, s.kind])).toEqual([
      ['a@private.test', 'deferred'],
      ['b@nowhere.test', 'bounced'],
    ]);
  });

  it('does not call a recipient bounced when only the retries ran out', () => {
    const { sent, hooks: h } = hooks();
    const n = answered();
    h.bounce(
      n.next,
      hmail(rcpt('slow@x.test', '451 4.7.1 Greylisted')),
      new Error('Too many failures (Upstream error: 451 Greylisted)'),
    );
    expect(sent).toEqual([
      {
        messageId: ID,
        recipient: 'slow@x.test',
        kind: 'deferred',
        reason: 'Gave up after the last retry: 451 4.7.1 Greylisted',
      },
    ]);
  });

  it('hands every message to the smarthost, with its login and the EHLO name', () => {
    const { hooks: h } = hooks({ host: 'relay.example', port: 2525, username: 'u', password: 'p' });
    const n = answered();
    h.getMx(n.next, hmail(), 'x.test');
    expect(n.got).toEqual([
      [
        codes.ok,
        {
          exchange: 'relay.example',
          port: 2525,
          priority: 0,
          bind_helo: 'mail.parley.test',
          auth_user: 'u',
          auth_pass: 'p',
        },
      ],
    ]);
  });
});
