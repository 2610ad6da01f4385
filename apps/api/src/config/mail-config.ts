import { z } from 'zod';

/**
 * Email: notices go out through SMTP only when SMTP_URL is set (smtp:// with STARTTLS
 * when the server offers it, smtps:// for TLS from the start); otherwise none is sent.
 */
export interface MailConfig {
  smtp: { url: string; from: string } | null;
  /** Tries of one email before it is given up. */
  maxAttempts: number;
  /** How often the outbox looks for due emails. */
  pollMs: number;
  /** A notice older than this is no longer emailed (e.g. SMTP was set up much later). */
  maxAgeMs: number;
  /** Where the notices can be read, linked from each email (PUBLIC_URL). */
  link: string | null;
}

/** "Parley <billing@parley.example>" or a bare address, on one line. */
function fromProblem(value: string): string | null {
  const m = /^\s*(?:([^<>\r\n]*?)\s*<([^<>\s]+)>|([^<>\s]+))\s*$/.exec(value);
  const address = m?.[2] ?? m?.[3];
  if (!address || !z.email().safeParse(address).success)
    return 'must be an email address, optionally as "Name <address>"';
  return null;
}

const count = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** The environment keys of email (read by config/env.ts); messages never repeat a value. */
export const mailEnvShape = {
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }),
  MAIL_FROM: z.string().superRefine((v, ctx) => {
    const problem = fromProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  MAIL_MAX_ATTEMPTS: count(1, 100),
  MAIL_POLL_SECONDS: count(1, 3600),
  MAIL_MAX_AGE_HOURS: count(1, 24 * 90),
};

type MailEnv = { [K in keyof typeof mailEnvShape]?: z.output<(typeof mailEnvShape)[K]> };

export function mailProblems(e: MailEnv): string[] {
  if (e.SMTP_URL && !e.MAIL_FROM) return ['MAIL_FROM: is required when SMTP_URL is set'];
  if (e.MAIL_FROM && !e.SMTP_URL) return ['MAIL_FROM: is used only with SMTP_URL'];
  return [];
}

export function mailConfig(e: MailEnv, publicUrl: string | undefined): MailConfig {
  return {
    smtp: e.SMTP_URL && e.MAIL_FROM ? { url: e.SMTP_URL, from: e.MAIL_FROM.trim() } : null,
    maxAttempts: e.MAIL_MAX_ATTEMPTS ?? 8,
    pollMs: (e.MAIL_POLL_SECONDS ?? 15) * 1000,
    maxAgeMs: (e.MAIL_MAX_AGE_HOURS ?? 72) * 3_600_000,
    link: publicUrl ? new URL('/dashboard', publicUrl).toString() : null,
  };
}
