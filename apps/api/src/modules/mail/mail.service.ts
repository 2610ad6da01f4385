import {
  type CreatedMailCredential,
  MAIL_MAX_CREDENTIALS,
  type MailCredential,
  type MailMessage,
  type MailOverview,
  type MailState,
  type Page,
  type Suppression,
  type SuppressionReason,
} from '@parley/shared';
import type { MailRelayConfig } from '../../config/mail-relay-config.js';
import { AppError } from '../../lib/app-error.js';
import { isoTime } from '../../lib/iso-time.js';
import { hashPassword } from '../auth/passwords.js';
import type { MailCredentialRow, MailRepo } from './mail.repo.js';
import type { MailLogRepo } from './mail-log.repo.js';
import { type MailPackage, mailPlanOf, packageRequired } from './mail-plan.js';
import { newMailPassword, newMailUsername } from './mail-secrets.js';
import type { SuppressionsRepo } from './mail-suppressions.repo.js';

const USERNAME_TRIES = 5;

const toCredential = (r: MailCredentialRow): MailCredential => ({
  id: r.id,
  username: r.username,
  hourlyLimit: r.hourlyLimit,
  createdAt: isoTime(r.createdAt),
  lastUsedAt: r.lastUsedAt ? isoTime(r.lastUsedAt) : null,
});

const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found.`);

/** The customer's side of the relay (decision 0069): usage, users, suppressions, log. */
export function createMailService(deps: {
  repo: MailRepo;
  suppressions: SuppressionsRepo;
  log: Pick<MailLogRepo, 'messages'>;
  packages: (userId: string) => Promise<MailPackage[]>;
  usage: (
    userId: string,
    periodStart: Date | null,
    at: Date,
  ) => Promise<{ period: number; today: number }>;
  config: MailRelayConfig;
  now?: () => Date;
}) {
  const { repo, config, suppressions } = deps;
  const now = deps.now ?? (() => new Date());

  const requirePackage = packageRequired(deps.packages, now);

  return {
    async overview(userId: string): Promise<MailOverview> {
      const at = now();
      const plan = mailPlanOf(await deps.packages(userId), at);
      const used = await deps.usage(userId, plan?.periodStart ?? null, at);
      return {
        host: config.host,
        submissionPort: config.submissionPort,
        smtpsPort: config.smtpsPort,
        package: plan && {
          name: plan.name,
          monthlyEmails: plan.monthlyEmails,
          used: used.period,
          periodStart: isoTime(plan.periodStart),
          periodEnd: isoTime(plan.periodEnd),
          overagePer1000: plan.overagePer1000,
          logDays: plan.logDays,
        },
        today: { used: used.today, cap: config.dailyCap },
      };
    },

    credentials: async (userId: string) => (await repo.credentials(userId)).map(toCredential),

    async createCredential(
      userId: string,
      input: { hourlyLimit: number },
    ): Promise<CreatedMailCredential> {
      await requirePackage(userId);
      const password = newMailPassword();
      const passwordHash = await hashPassword(password);
      for (let i = 0; i < USERNAME_TRIES; i++) {
        const made = await repo.insertCredential(
          { userId, username: newMailUsername(), passwordHash, hourlyLimit: input.hourlyLimit },
          MAIL_MAX_CREDENTIALS,
        );
        if (made === 'limit')
          throw new AppError('MAIL_LIMIT', `At most ${MAIL_MAX_CREDENTIALS} SMTP users.`);
        if (made !== 'clash') return { ...toCredential(made), password };
      }
      throw new Error('mail: no free SMTP username after several tries');
    },

    async removeCredential(userId: string, id: string) {
      if (!(await repo.removeCredential(userId, id))) throw notFound('SMTP user');
    },

    async suppressions(
      userId: string,
      query: { q?: string; page: number; pageSize: number },
    ): Promise<Page<Suppression>> {
      const { items, total } = await suppressions.suppressions(
        userId,
        query.q,
        query.page,
        query.pageSize,
      );
      return {
        items: items.map((s) => ({
          id: s.id,
          address: s.address,
          reason: s.reason as SuppressionReason,
          detail: s.detail,
          createdAt: isoTime(s.createdAt),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async removeSuppression(userId: string, id: string) {
      if (!(await suppressions.removeSuppression(userId, id))) throw notFound('Suppression');
    },

    async messages(
      userId: string,
      query: { q?: string; state?: MailState; page: number; pageSize: number },
    ): Promise<Page<MailMessage>> {
      const { rows, recipients, total } = await deps.log.messages(
        userId,
        { q: query.q, state: query.state },
        query.page,
        query.pageSize,
      );
      return {
        items: rows.map((m) => ({
          id: m.id,
          createdAt: isoTime(m.createdAt),
          from: m.fromAddress,
          subject: m.subject,
          size: m.size,
          cost: m.cost,
          recipients: recipients
            .filter((r) => r.messageId === m.id)
            .map((r) => ({
              address: r.address,
              state: r.state as MailState,
              reason: r.reason,
              updatedAt: isoTime(r.updatedAt),
            })),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
