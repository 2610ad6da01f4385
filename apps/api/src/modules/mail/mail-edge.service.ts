import { createHash } from 'node:crypto';
import type { mailEdgeAcceptSchema, mailEdgeEventSchema } from '@parley/shared';
import {
  DKIM_SELECTOR,
  domainOf,
  MAIL_MAX_RECIPIENTS,
  returnPathOf,
  type SmtpReply,
} from '@parley/shared';
import type { z } from 'zod';
import type { MailRelayConfig } from '../../config/mail-relay-config.js';
import { AppError } from '../../lib/app-error.js';
import { clientKey, type RateLimiter } from '../../lib/rate-limiter.js';
import { dummyHash, verifyPassword } from '../auth/passwords.js';
import type { SecretBox } from '../auth/secret-box.js';
import type { MailRepo } from './mail.repo.js';
import type { MailLogRepo } from './mail-log.repo.js';
import type { MeterInput, MeterResult } from './mail-meter.repo.js';
import { type MailPackage, mailPlanOf } from './mail-plan.js';
import type { SuppressionsRepo } from './mail-suppressions.repo.js';
import { METER_REPLIES, REPLIES } from './smtp-replies.js';

type Refusal = { allowed: false; reply: SmtpReply };

/**
 * What makes two transactions the same message: the SMTP user, the Message-ID and the
 * envelope (sender, recipients, size). A client splitting one message into several
 * transactions (Postfix at 50 recipients, leftovers after a 452) sends each one.
 */
function clientKeyOf(
  credentialId: string,
  input: { clientMessageId: string | null; from: string; size: number },
  to: string[],
): string | null {
  if (!input.clientMessageId) return null;
  const envelope = [input.clientMessageId, input.from.toLowerCase(), input.size, ...[...to].sort()];
  return createHash('sha256')
    .update(`${credentialId}\n${envelope.join('\n')}`)
    .digest('hex');
}
const refuse = (reply: SmtpReply): Refusal => ({ allowed: false, reply });

/** Failed AUTHs per username from one address, and per address, on every instance. */
export const AUTH_FAILURES = { max: 10, windowMs: 15 * 60_000 } as const;

/** The mail edge's questions (decision 0069): AUTH, MAIL FROM, RCPT TO, end of DATA, outcomes. */
export function createMailEdgeService(deps: {
  repo: MailRepo;
  suppressions: Pick<SuppressionsRepo, 'isSuppressed'>;
  log: Pick<MailLogRepo, 'applyEvent'>;
  packages: (userId: string) => Promise<MailPackage[]>;
  meter: (input: MeterInput) => Promise<MeterResult>;
  todayCount: (userId: string, at: Date) => Promise<number>;
  box: SecretBox;
  config: MailRelayConfig;
  authLimits: {
    perUser: Pick<RateLimiter, 'hit' | 'giveBack'>;
    perIp: Pick<RateLimiter, 'hit' | 'giveBack'>;
  };
  now?: () => Date;
}) {
  const { repo, config } = deps;
  const now = deps.now ?? (() => new Date());

  /** The SMTP user in good standing, or the reply that stops its session. */
  async function credential(id: string) {
    const row = await repo.credentialById(id);
    if (!row) return refuse(REPLIES.authGone);
    if (row.disabled) return refuse(REPLIES.accountSuspended);
    return row.credential;
  }

  /** The sender's domain, verified and the customer's, or the refusal. */
  async function senderDomain(userId: string, from: string) {
    const domain = domainOf(from);
    const row = domain ? await repo.verifiedDomain(userId, domain) : undefined;
    if (!row) return refuse(REPLIES.domainUnverified(domain || from));
    return row;
  }

  async function counted(username: string, ip: string) {
    try {
      await deps.authLimits.perIp.hit(ip);
      await deps.authLimits.perUser.hit(`${username}|${ip}`);
      return true;
    } catch (err) {
      if (err instanceof AppError && err.code === 'RATE_LIMITED') return false;
      throw err;
    }
  }

  return {
    async auth(input: { username: string; password: string; remoteIp: string }) {
      const ip = clientKey(input.remoteIp);
      if (!(await counted(input.username, ip))) return refuse(REPLIES.authLocked);
      const row = /^smtp-[a-z0-9]{10}$/.test(input.username)
        ? await repo.credentialByUsername(input.username)
        : undefined;
      // The same argon2 work for an unknown name, so timing does not tell them apart.
      const ok = row
        ? await verifyPassword(row.credential.passwordHash, input.password)
        : (await verifyPassword(await dummyHash(), input.password)) && false;
      if (!row || !ok) return refuse(REPLIES.authFailed);
      await deps.authLimits.perIp.giveBack(ip, 1);
      await deps.authLimits.perUser.giveBack(`${input.username}|${ip}`, 1);
      if (row.disabled) return refuse(REPLIES.accountSuspended);
      await repo.touchCredential(row.credential.id, now());
      return { allowed: true as const, credentialId: row.credential.id };
    },

    async sender(input: { credentialId: string; from: string }) {
      const user = await credential(input.credentialId);
      if ('allowed' in user) return user;
      if (!mailPlanOf(await deps.packages(user.userId), now())) return refuse(REPLIES.noPackage);
      const domain = await senderDomain(user.userId, input.from);
      return 'allowed' in domain ? domain : { allowed: true as const };
    },

    async recipient(input: { credentialId: string; to: string; accepted: number }) {
      const user = await credential(input.credentialId);
      if ('allowed' in user) return user;
      if (input.accepted >= MAIL_MAX_RECIPIENTS) return refuse(REPLIES.tooManyRecipients);
      if (await deps.suppressions.isSuppressed(user.userId, input.to.toLowerCase()))
        return refuse(REPLIES.suppressed);
      if ((await deps.todayCount(user.userId, now())) + input.accepted + 1 > config.dailyCap)
        return refuse(METER_REPLIES['daily-cap']);
      return { allowed: true as const };
    },

    /** Meters and records the message once; answers where bounces go and how to sign. */
    async accept(input: z.output<typeof mailEdgeAcceptSchema>) {
      const user = await credential(input.credentialId);
      if ('allowed' in user) return user;
      const at = now();
      const plan = mailPlanOf(await deps.packages(user.userId), at);
      if (!plan) return refuse(REPLIES.noPackage);
      // The envelope sender's domain and the From header's (what readers see and DMARC
      // aligns on) must both be verified domains of this account; signed for the header's.
      const envelope = await senderDomain(user.userId, input.from);
      if ('allowed' in envelope) return envelope;
      if (!input.headerFrom) return refuse(REPLIES.noHeaderFrom);
      const domain = await senderDomain(user.userId, input.headerFrom);
      if ('allowed' in domain) return domain;
      const privateKey = deps.box.open(domain.dkimPrivateBox);
      if (!privateKey)
        throw new Error('mail: a DKIM key could not be opened (key material changed?)');
      const to = [...new Set(input.to.map((a) => a.toLowerCase()))];
      const result = await deps.meter({
        userId: user.userId,
        credentialId: user.id,
        hourlyLimit: user.hourlyLimit,
        messageId: input.messageId,
        clientKey: clientKeyOf(user.id, input, to),
        from: input.from,
        to,
        subject: input.subject,
        size: input.size,
        plan,
        dailyCap: config.dailyCap,
        at,
      });
      if (result.kind !== 'accepted' && result.kind !== 'duplicate' && result.kind !== 'again')
        return refuse(METER_REPLIES[result.kind]);
      return {
        allowed: true as const,
        messageId: result.messageId,
        duplicate: result.kind === 'duplicate',
        returnPath: returnPathOf(result.messageId, domain.domain),
        dkim: { domain: domain.domain, selector: DKIM_SELECTOR, privateKey },
      };
    },

    async event(input: z.output<typeof mailEdgeEventSchema>) {
      await deps.log.applyEvent({ ...input, at: now() });
      return { ok: true as const };
    },
  };
}
export type MailEdgeService = ReturnType<typeof createMailEdgeService>;
