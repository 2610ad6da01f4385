import { describe, expect, it } from 'vitest';
import {
  type Mailer,
  MailRejectedError,
  MailUnavailableError,
  type OutgoingMail,
} from '../../integrations/mail/port.js';
import { createMailOutbox, mailRetryDelayMs } from './mail-outbox.js';
import type { ClaimedMail } from './mail-outbox.repo.js';

const at = new Date('2026-03-01T10:00:00Z');

function fakeRepo(rows: ClaimedMail[]) {
  const calls: string[] = [];
  let pending = [...rows];
  return {
    calls,
    async claim() {
      const batch = pending.map((r) => ({ ...r, attempts: r.attempts + 1 }));
      pending = [];
      return batch;
    },
    async markSent(id: string) {
      calls.push(`sent ${id}`);
    },
    async retryAt(id: string, when: Date) {
      calls.push(`retry ${id} +${(when.getTime() - at.getTime()) / 1000}s`);
    },
    async giveUp(id: string) {
      calls.push(`give up ${id}`);
    },
    async dropStale() {
      return 0;
    },
  };
}

const mail = (id: string, over: Partial<ClaimedMail> = {}): ClaimedMail => ({
  id,
  code: 'renewal.charged',
  params: { item: 'Plan', amount: '9.99', renewsAt: '2026-04-01T00:00:00Z' },
  attempts: 0,
  email: `${id}@example.com`,
  language: null,
  disabled: false,
  ...over,
});

function outboxWith(rows: ClaimedMail[], send: (m: OutgoingMail) => Promise<void>) {
  const repo = fakeRepo(rows);
  const logged: { o: object; m: string }[] = [];
  const log = {
    info: (o: object, m: string) => logged.push({ o, m }),
    warn: (o: object, m: string) => logged.push({ o, m }),
  };
  const mailer: Mailer = { send, close: async () => {} };
  const outbox = createMailOutbox({
    repo,
    mailer,
    log,
    link: 'https://parley.example/dashboard',
    maxAttempts: 3,
    maxAgeMs: 86_400_000,
    pollMs: 1000,
    retryDelayMs: (n) => n * 60_000,
    now: () => at,
  });
  return { repo, logged, outbox };
}

describe('mail outbox', () => {
  it('writes each email in its customer’s language, English when unset or unknown', async () => {
    const sent: OutgoingMail[] = [];
    const { outbox, repo } = outboxWith(
      [mail('a', { language: 'fr' }), mail('b'), mail('c', { language: 'xx' })],
      async (m) => void sent.push(m),
    );
    await outbox.runOnce();
    expect(sent.map((m) => m.subject)).toEqual(['Plan renouvelé', 'Plan renewed', 'Plan renewed']);
    expect(sent[0]?.to).toBe('a@example.com');
    expect(repo.calls).toEqual(['sent a', 'sent b', 'sent c']);
  });

  it('backs off after a failure and gives up after the last try or a refusal, naming no one', async () => {
    const { outbox, repo, logged } = outboxWith(
      [mail('soon'), mail('last', { attempts: 2 }), mail('refused')],
      async (m) => {
        if (m.to.startsWith('refused')) throw new MailRejectedError(550);
        throw new MailUnavailableError('ECONNREFUSED');
      },
    );
    await outbox.runOnce();
    expect(repo.calls).toEqual(['retry soon +60s', 'give up last', 'give up refused']);
    expect(JSON.stringify(logged)).not.toContain('@example.com');
    expect(logged.map((l) => l.m)).toContain('Mail: notice not emailed, given up');
  });

  it('emails no disabled customer', async () => {
    const sent: OutgoingMail[] = [];
    const { outbox, repo } = outboxWith([mail('off', { disabled: true })], async (m) => {
      sent.push(m);
    });
    await outbox.runOnce();
    expect(sent).toHaveLength(0);
    expect(repo.calls).toEqual(['give up off']);
  });

  it('waits longer after each failure, up to six hours', () => {
    expect(mailRetryDelayMs(1)).toBeGreaterThanOrEqual(48_000);
    expect(mailRetryDelayMs(1)).toBeLessThanOrEqual(72_000);
    expect(mailRetryDelayMs(3)).toBeGreaterThanOrEqual(192_000);
    expect(mailRetryDelayMs(30)).toBeLessThanOrEqual(6 * 3_600_000 * 1.2);
  });
});
