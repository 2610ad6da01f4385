import { DEFAULT_LANGUAGE, isLanguageCode } from '@parley/shared';
import { noticeEmail } from '@parley/shared/notices';
import {
  type Mailer,
  MailRejectedError,
  MailUnavailableError,
} from '../../integrations/mail/port.js';
import { createOutboxLoop } from '../../lib/outbox-loop.js';
import type { ClaimedMail, MailOutboxRepo } from './mail-outbox.repo.js';

type Repo = Pick<MailOutboxRepo, 'claim' | 'markSent' | 'retryAt' | 'giveUp' | 'dropStale'>;

export interface MailOutboxOptions {
  repo: Repo;
  mailer: Mailer;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  /** Where the notices can be read, linked from each email. */
  link: string | null;
  maxAttempts: number;
  /** A notice older than this is no longer emailed. */
  maxAgeMs: number;
  pollMs: number;
  batchSize?: number;
  /** How long a claimed notice is left to this instance before another may try it. */
  leaseMs?: number;
  retryDelayMs?: (attempt: number) => number;
  now?: () => Date;
}

/** 1, 2, 4… minutes after each failed try, at most six hours, with some jitter. */
export const mailRetryDelayMs = (attempt: number) =>
  Math.min(2 ** (attempt - 1) * 60_000, 6 * 3_600_000) * (0.8 + Math.random() * 0.4);

/**
 * The email outbox: every instance runs it; each notice due by email is claimed by one
 * of them (the claim is in the table, so a restart or a second instance takes over),
 * written in its customer's language and handed to the mail server. A failure is tried
 * again later, a refusal or the last try gives up; logs name the notice, never a person.
 * An email whose sender dies between the server's acceptance and the record of it is
 * sent again once its claim runs out: at least once, never lost.
 */
export function createMailOutbox(options: MailOutboxOptions) {
  const { repo, mailer, log } = options;
  const now = options.now ?? (() => new Date());
  // A batch of 5, each allowed its three 30 s SMTP timeouts, ends well within the lease:
  // no other instance takes a notice over while this one may still be sending it.
  const leaseMs = options.leaseMs ?? 15 * 60_000;
  const retryDelayMs = options.retryDelayMs ?? mailRetryDelayMs;

  async function sendOne(mail: ClaimedMail) {
    if (mail.disabled) return repo.giveUp(mail.id);
    const language = isLanguageCode(mail.language) ? mail.language : DEFAULT_LANGUAGE;
    const { subject, text } = noticeEmail(mail, language, options.link ?? undefined);
    try {
      await mailer.send({ to: mail.email, subject, text });
    } catch (err) {
      const refused = err instanceof MailRejectedError;
      // Our mail errors name only SMTP codes; anything else is named by its type.
      const reason =
        refused || err instanceof MailUnavailableError
          ? err.message
          : err instanceof Error
            ? err.name
            : 'unknown';
      if (refused || mail.attempts >= options.maxAttempts) {
        log.warn(
          { notification: mail.id, code: mail.code, attempts: mail.attempts, reason },
          'Mail: notice not emailed, given up',
        );
        return repo.giveUp(mail.id);
      }
      log.info(
        { notification: mail.id, attempts: mail.attempts, reason },
        'Mail: notice not emailed yet, will try again',
      );
      return repo.retryAt(mail.id, new Date(now().getTime() + retryDelayMs(mail.attempts)));
    }
    await repo.markSent(mail.id, now());
  }

  async function drain(stopping: () => boolean) {
    const since = new Date(now().getTime() - options.maxAgeMs);
    const dropped = await repo.dropStale(since, 1000);
    if (dropped > 0) log.info({ dropped }, 'Mail: notices too old to email');
    while (!stopping()) {
      const batch = await repo.claim(options.batchSize ?? 5, now(), leaseMs, since);
      if (batch.length === 0) return;
      for (const mail of batch) {
        // Claimed but not started: due again at once, for whichever instance runs next.
        if (stopping()) await repo.retryAt(mail.id, now());
        else await sendOne(mail);
      }
    }
  }

  // stop(): no new pass; the email in hand is finished, the rest wait in the table.
  return createOutboxLoop({ name: 'Mail: outbox', pollMs: options.pollMs, drain, log });
}
export type MailOutbox = ReturnType<typeof createMailOutbox>;
