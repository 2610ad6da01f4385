/**
 * SMTP packages (decision 0069): what a package gives, sending domains and the DNS
 * records a customer publishes for one. Plain values and functions: server, browser and
 * the mail edge's checks read the same rules.
 */

import type { FieldProblem } from './field-codes.js';

export interface MailAllowance {
  /** Emails (recipients) included each monthly period; null: unlimited. */
  monthlyEmails: number | null;
  /** GBP per started block of 1,000 recipients beyond the allowance; null: no overage. */
  overagePer1000: string | null;
  /** How long the delivery log keeps a message. */
  logDays: number;
}

/** How long the log keeps a message when the package does not say. */
export const MAIL_LOG_DEFAULT_DAYS = 7;
/** Recipients billed together beyond the allowance ("£0.80 per 1,000 extra emails"). */
export const MAIL_OVERAGE_BLOCK = 1000;
/** Recipients of one message (the edge refuses more at RCPT). */
export const MAIL_MAX_RECIPIENTS = 100;
/** One message's largest size, bytes (advertised in EHLO SIZE). */
export const MAIL_MAX_SIZE = 10 * 1024 * 1024;
/** SMTP users per customer; sending domains per customer. */
export const MAIL_MAX_CREDENTIALS = 20;
export const MAIL_MAX_DOMAINS = 50;
/** A new SMTP user's messages per hour, and the most a customer may set. */
export const MAIL_DEFAULT_HOURLY_LIMIT = 1000;
export const MAIL_MAX_HOURLY_LIMIT = 100_000;
/** The DKIM selector Parley's keys are published under: `parley._domainkey.<domain>`. */
export const DKIM_SELECTOR = 'parley';
/** The label the return-path CNAME is published under: `pm-bounces.<domain>`. */
export const RETURN_PATH_LABEL = 'pm-bounces';

export const MAIL_STATES = ['queued', 'delivered', 'deferred', 'bounced', 'expired'] as const;
export type MailState = (typeof MAIL_STATES)[number];
export const SUPPRESSION_REASONS = ['bounce', 'complaint', 'manual'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

const EMAILS = /^(\d[\d,]*|unlimited)\s+emails\s+(?:per|a)\s+month$/i;
const OVERAGE = /^£(\d+(?:\.\d{1,2})?)\s+per\s+1,?000\s+extra\s+emails$/i;
const LOGS = /^delivery\s+logs\s+for\s+(\d{1,4})\s+days$/i;

/**
 * What a catalogue item's features give for mail: "10,000 emails per month", "£0.80 per
 * 1,000 extra emails", "Delivery logs for 30 days". Null when no feature states emails
 * (not an SMTP package). Admins edit features, so the allowance follows the catalogue.
 */
export function mailAllowanceOf(features: readonly string[]): MailAllowance | null {
  let monthlyEmails: number | null | undefined;
  let overagePer1000: string | null = null;
  let logDays = MAIL_LOG_DEFAULT_DAYS;
  for (const feature of features) {
    const text = feature.trim();
    const emails = EMAILS.exec(text)?.[1];
    if (emails)
      monthlyEmails = /^unlimited$/i.test(emails)
        ? null
        : Number.parseInt(emails.replace(/,/g, ''), 10);
    const overage = OVERAGE.exec(text)?.[1];
    if (overage) overagePer1000 = Number(overage).toFixed(2);
    const logs = LOGS.exec(text)?.[1];
    if (logs) logDays = Math.max(1, Number.parseInt(logs, 10));
  }
  if (monthlyEmails === undefined) return null;
  return { monthlyEmails, overagePer1000, logDays };
}

/** A sending domain as typed: lower case, no trailing dot, at least two labels. */
const DOMAIN =
  /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const normalDomain = (value: string) => value.trim().toLowerCase().replace(/\.$/, '');

export function sendingDomainProblem(value: string): FieldProblem | null {
  const domain = normalDomain(value);
  if (!domain) return { code: 'MAIL_DOMAIN_REQUIRED' };
  if (!DOMAIN.test(domain)) return { code: 'MAIL_DOMAIN_INVALID' };
  return null;
}

/** The part of an address after its last @, lower case ('' when there is none). */
export const domainOf = (address: string) => {
  const at = address.lastIndexOf('@');
  return at < 0 ? '' : normalDomain(address.slice(at + 1));
};

export const MAIL_RECORD_PURPOSES = ['spf', 'dkim', 'return-path'] as const;
export type MailRecordPurpose = (typeof MAIL_RECORD_PURPOSES)[number];

export interface MailRecord {
  purpose: MailRecordPurpose;
  type: 'TXT' | 'CNAME';
  /** The full name to publish at. */
  host: string;
  value: string;
}

/**
 * The records a customer publishes for a sending domain: SPF including the edge's
 * senders, Parley's DKIM public key under `parley._domainkey`, and the return path (where
 * bounces come back) as a CNAME to the edge's bounce host. `mailHost` is MAIL_HOST.
 */
export function mailRecords(domain: string, mailHost: string, dkimPublicKey: string): MailRecord[] {
  return [
    {
      purpose: 'spf',
      type: 'TXT',
      host: domain,
      value: `v=spf1 include:${spfHostOf(mailHost)} ~all`,
    },
    {
      purpose: 'dkim',
      type: 'TXT',
      host: `${DKIM_SELECTOR}._domainkey.${domain}`,
      value: `v=DKIM1; k=rsa; p=${dkimPublicKey}`,
    },
    {
      purpose: 'return-path',
      type: 'CNAME',
      host: `${RETURN_PATH_LABEL}.${domain}`,
      value: bounceHostOf(mailHost),
    },
  ];
}

/** The SPF record the operator publishes (listing the edge's addresses). */
export const spfHostOf = (mailHost: string) => `_spf.${mailHost}`;
/** Where bounces go: its MX is the edge. */
export const bounceHostOf = (mailHost: string) => `bounces.${mailHost}`;

/**
 * The envelope sender of one message: `bounce+<message id>@pm-bounces.<domain>`, so a DSN
 * names the message it is about whatever the remote server writes in it (VERP).
 */
export const returnPathOf = (messageId: string, domain: string) =>
  `bounce+${messageId}@${RETURN_PATH_LABEL}.${domain}`;

/** The message id in a return path written by returnPathOf, or null. */
export function messageIdOfReturnPath(address: string): string | null {
  const m = /^bounce\+([0-9a-f-]{36})@/i.exec(address.trim());
  return m?.[1]?.toLowerCase() ?? null;
}
