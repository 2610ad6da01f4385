import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { duration } from './env-fields.js';

/**
 * Where SMS go: the built-in sandbox, or an SMPP v3.4 upstream. A message sent with no
 * receipt after `receiptTimeoutMs` expires (and is refunded).
 */
export type SmsConfig =
  | { gateway: 'sandbox'; delayMs: number; receiptTimeoutMs: number }
  | {
      gateway: 'smpp';
      host: string;
      port: number;
      systemId: string;
      password: string;
      submitsPerSecond: number;
      receiptTimeoutMs: number;
      /** SMPP over TLS: null for plain TCP; `ca` is the PEM text of the CA file. */
      tls: { ca: string | null; rejectUnauthorized: boolean } | null;
    };

const flag = z.enum(['true', 'false'], { error: "must be 'true' or 'false'" });

/** The environment keys of SMS (read by config/env.ts). */
export const smsEnvShape = {
  SMS_GATEWAY: z.enum(['sandbox', 'smpp'], { error: "must be 'sandbox' or 'smpp'" }),
  SMS_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(600_000),
  SMPP_HOST: z.string().min(1),
  SMPP_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535),
  SMPP_SYSTEM_ID: z.string().min(1).max(15, 'must be at most 15 characters'),
  SMPP_PASSWORD: z.string().min(1).max(8, 'must be at most 8 characters (SMPP 3.4)'),
  SMPP_SUBMITS_PER_SECOND: z.coerce.number({ error: 'must be a number' }).min(0.1).max(10_000),
  SMS_RECEIPT_TIMEOUT: duration(1000, 30 * 86_400_000),
  SMPP_TLS: flag,
  SMPP_TLS_CA: z.string().min(1),
  SMPP_TLS_REJECT_UNAUTHORIZED: flag,
};

type SmsEnv = { [K in keyof typeof smsEnvShape]?: z.output<(typeof smsEnvShape)[K]> };

/** The SMS settings, and what is wrong with them (the CA file is read here). */
export function smsSettings(e: SmsEnv): { problems: string[]; config: SmsConfig } {
  const problems: string[] = [];
  if (e.SMS_GATEWAY === 'smpp')
    for (const key of ['SMPP_HOST', 'SMPP_SYSTEM_ID', 'SMPP_PASSWORD'] as const)
      if (!e[key]) problems.push(`${key}: is required when SMS_GATEWAY=smpp`);
  let tlsCa: string | null = null;
  if (e.SMPP_TLS_CA && e.SMPP_TLS !== 'true')
    problems.push('SMPP_TLS_CA: is used only with SMPP_TLS=true');
  else if (e.SMPP_TLS_CA)
    try {
      tlsCa = fs.readFileSync(path.resolve(e.SMPP_TLS_CA), 'utf8');
      if (!tlsCa.includes('-----BEGIN CERTIFICATE-----'))
        problems.push('SMPP_TLS_CA: must be a PEM certificate file');
    } catch {
      problems.push('SMPP_TLS_CA: cannot be read');
    }
  const receiptTimeoutMs = e.SMS_RECEIPT_TIMEOUT ?? 48 * 3_600_000;
  const config: SmsConfig =
    e.SMS_GATEWAY === 'smpp'
      ? {
          gateway: 'smpp',
          host: e.SMPP_HOST ?? '',
          port: e.SMPP_PORT ?? 2775,
          systemId: e.SMPP_SYSTEM_ID ?? '',
          password: e.SMPP_PASSWORD ?? '',
          submitsPerSecond: e.SMPP_SUBMITS_PER_SECOND ?? 10,
          receiptTimeoutMs,
          tls:
            e.SMPP_TLS === 'true'
              ? { ca: tlsCa, rejectUnauthorized: e.SMPP_TLS_REJECT_UNAUTHORIZED !== 'false' }
              : null,
        }
      : { gateway: 'sandbox', delayMs: e.SMS_SANDBOX_DELAY_MS ?? 2000, receiptTimeoutMs };
  return { problems, config };
}
