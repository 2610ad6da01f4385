import { z } from 'zod';
import { singleLine } from './text.js';

/** SMPP accounts a customer may hold at once. */
export const SMPP_ACCOUNTS_MAX = 10;
export const SMPP_LABEL_MAX = 60;
/** Addresses or networks one account may list. */
export const SMPP_ALLOWED_IPS_MAX = 20;

/** An IPv4 or IPv6 address, optionally with a /prefix (CIDR). */
const ipOrNetwork = z
  .string()
  .trim()
  .max(50, 'Not an IP address or network')
  .refine(
    (v) => z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]).safeParse(v).success,
    'Not an IP address or network',
  );

/**
 * POST /api/sms/smpp-accounts. Parley generates the system ID and the password; the
 * customer names the account, may restrict where it binds from, and sets its
 * throughput within the operator's maximum (checked by the server).
 */
export const smppAccountInputSchema = z.object({
  label: singleLine(
    z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(SMPP_LABEL_MAX, `Name is at most ${SMPP_LABEL_MAX} characters`),
    'Name',
  ),
  allowedIps: z
    .array(ipOrNetwork)
    .max(SMPP_ALLOWED_IPS_MAX, `At most ${SMPP_ALLOWED_IPS_MAX} addresses`)
    .default([]),
  maxPerSecond: z
    .number({ error: 'Throughput must be a whole number' })
    .int('Throughput must be a whole number')
    .min(1, 'Throughput is at least 1 message a second'),
});
export type SmppAccountInput = z.input<typeof smppAccountInputSchema>;

export const SMPP_BIND_TYPES = ['transmitter', 'receiver', 'transceiver'] as const;
export type SmppBindType = (typeof SMPP_BIND_TYPES)[number];

/** A bound session as its owner and admins see it. */
export const smppSessionSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  systemId: z.string(),
  bindType: z.enum(SMPP_BIND_TYPES),
  remoteIp: z.string(),
  boundAt: z.string(),
  /** submit_sm accepted in this session, and in its last second. */
  submitted: z.number().int(),
  perSecond: z.number().int(),
});
export type SmppSession = z.infer<typeof smppSessionSchema>;

/** An account as lists show it: never its password. */
export const smppAccountSchema = z.object({
  id: z.string(),
  systemId: z.string(),
  label: z.string(),
  allowedIps: z.array(z.string()),
  maxPerSecond: z.number().int(),
  createdAt: z.string(),
  /** Whether a session is bound now, on any instance. */
  bound: z.boolean(),
  sessions: z.array(smppSessionSchema),
  lastBindAt: z.string().nullable(),
  lastBindIp: z.string().nullable(),
});
export type SmppAccount = z.infer<typeof smppAccountSchema>;

/** GET /api/sms/smpp-accounts: the accounts, and where and how to connect. */
export const smppAccountsSchema = z.object({
  items: z.array(smppAccountSchema),
  /** The operator's maximum for maxPerSecond (SMPP_MAX_THROUGHPUT). */
  maxPerSecond: z.number().int(),
  /** The host and ports a gateway binds to; null ports are switched off. */
  host: z.string(),
  port: z.number().int().nullable(),
  tlsPort: z.number().int().nullable(),
});
export type SmppAccounts = z.infer<typeof smppAccountsSchema>;

/** The answer to a creation: the account with its password, shown this once. */
export const createdSmppAccountSchema = smppAccountSchema.extend({ password: z.string() });
export type CreatedSmppAccount = z.infer<typeof createdSmppAccountSchema>;

export const smppAccountParamsSchema = z.object({ id: z.uuid('Invalid account id') });
export const smppSessionParamsSchema = z.object({ id: z.uuid('Invalid session id') });

/** GET /api/admin/smpp/sessions: every bound session, with its customer. */
export const smppAdminSessionSchema = smppSessionSchema.extend({
  userId: z.string(),
  email: z.string(),
  maxPerSecond: z.number().int(),
});
export type SmppAdminSession = z.infer<typeof smppAdminSessionSchema>;
