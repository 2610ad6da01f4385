import { z } from 'zod';
import {
  MAIL_DEFAULT_HOURLY_LIMIT,
  MAIL_MAX_HOURLY_LIMIT,
  MAIL_RECORD_PURPOSES,
  MAIL_STATES,
  normalDomain,
  SUPPRESSION_REASONS,
  sendingDomainProblem,
} from '../domain/mail.js';
import { rule } from './field-text.js';
import { pageOf, pageQuery } from './page.js';
import { singleLine } from './text.js';

const uuid = z.uuid('must be an id');
export const mailIdParamsSchema = z.object({ id: uuid });

/** GET /api/mail: where to connect and what the package gives this period. */
export const mailOverviewSchema = z.object({
  /** MAIL_HOST: the submission server's name. */
  host: z.string(),
  /** 587 with STARTTLS, 465 with TLS from the start (as the edge is set up). */
  submissionPort: z.number().int(),
  smtpsPort: z.number().int(),
  /** The best SMTP package in service; null without one. */
  package: z
    .object({
      name: z.string(),
      /** Null: unlimited. */
      monthlyEmails: z.number().int().nullable(),
      /** Recipients accepted this period (included and overage). */
      used: z.number().int(),
      periodStart: z.iso.datetime({ offset: true }),
      periodEnd: z.iso.datetime({ offset: true }),
      /** GBP per started 1,000 beyond the allowance; null: none (refused instead). */
      overagePer1000: z.string().nullable(),
      logDays: z.number().int(),
    })
    .nullable(),
  /** Recipients today against the operator's daily cap per customer. */
  today: z.object({ used: z.number().int(), cap: z.number().int() }),
});
export type MailOverview = z.infer<typeof mailOverviewSchema>;

/** POST /api/mail/credentials: Parley names the user and makes the password. */
export const mailCredentialInputSchema = z
  .object({
    hourlyLimit: z
      .number('Hourly limit must be a whole number')
      .int('Hourly limit must be a whole number')
      .min(1, 'Hourly limit must be at least 1')
      .max(MAIL_MAX_HOURLY_LIMIT, `Hourly limit must be at most ${MAIL_MAX_HOURLY_LIMIT}`)
      .default(MAIL_DEFAULT_HOURLY_LIMIT),
  })
  .default({ hourlyLimit: MAIL_DEFAULT_HOURLY_LIMIT });

export const mailCredentialSchema = z.object({
  id: z.string(),
  username: z.string(),
  hourlyLimit: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type MailCredential = z.infer<typeof mailCredentialSchema>;
export const mailCredentialsSchema = z.array(mailCredentialSchema);
/** The answer to a creation: the password, shown this once. */
export const createdMailCredentialSchema = mailCredentialSchema.extend({ password: z.string() });
export type CreatedMailCredential = z.infer<typeof createdMailCredentialSchema>;

/** POST /api/mail/domains. */
export const mailDomainInputSchema = z.object({
  domain: singleLine(z.string({ error: 'Domain is required' }).max(260), 'Domain')
    .superRefine(rule(sendingDomainProblem))
    .transform(normalDomain),
});

export const mailRecordSchema = z.object({
  purpose: z.enum(MAIL_RECORD_PURPOSES),
  type: z.enum(['TXT', 'CNAME']),
  host: z.string(),
  value: z.string(),
  /** What the last check found: unchecked before any. */
  status: z.enum(['unchecked', 'ok', 'missing', 'wrong']),
});
export type MailRecordStatus = z.infer<typeof mailRecordSchema>['status'];

export const mailDomainSchema = z.object({
  id: z.string(),
  domain: z.string(),
  verifiedAt: z.iso.datetime({ offset: true }).nullable(),
  checkedAt: z.iso.datetime({ offset: true }).nullable(),
  records: z.array(mailRecordSchema),
});
export type MailDomain = z.infer<typeof mailDomainSchema>;
export const mailDomainsSchema = z.array(mailDomainSchema);

/** GET /api/mail/suppressions: search by address. */
export const suppressionsQuerySchema = z.object({
  q: singleLine(z.string().trim().max(254), 'Search').optional(),
  ...pageQuery(50),
});
export const suppressionSchema = z.object({
  id: z.string(),
  address: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  /** The remote server's words, for a bounce or complaint. */
  detail: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Suppression = z.infer<typeof suppressionSchema>;
export const suppressionsSchema = pageOf(suppressionSchema);

/** GET /api/mail/messages: newest first; search over from, to and subject. */
export const mailMessagesQuerySchema = z.object({
  q: singleLine(z.string().trim().max(254), 'Search').optional(),
  state: z.enum(MAIL_STATES, 'Unknown state').optional(),
  ...pageQuery(25),
});
export const mailRecipientSchema = z.object({
  address: z.string(),
  state: z.enum(MAIL_STATES),
  /** Why deferred or bounced, as the remote server said. */
  reason: z.string().nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export const mailMessageSchema = z.object({
  id: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  from: z.string(),
  subject: z.string(),
  size: z.number().int(),
  /** GBP this message's overage cost ("0.00" inside the allowance). */
  cost: z.string(),
  recipients: z.array(mailRecipientSchema),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;
export const mailMessagesSchema = pageOf(mailMessageSchema);
