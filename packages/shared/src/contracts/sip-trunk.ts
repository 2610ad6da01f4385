import { z } from 'zod';
import {
  isPublicIp,
  MAX_TRUNK_CHANNELS,
  MAX_TRUNK_IPS,
  TRUNK_AUTH_METHODS,
  TRUNK_CODECS,
} from '../domain/sip-trunk.js';
import { rule } from './field-text.js';

export const trunkSettingsInputSchema = z
  .object({
    authMethod: z.enum(TRUNK_AUTH_METHODS, 'Authentication method must be credentials, ip or tls'),
    concurrentCalls: z
      .number('Concurrent calls must be a whole number')
      .int('Concurrent calls must be a whole number')
      .min(1, 'Concurrent calls must be at least 1')
      .max(MAX_TRUNK_CHANNELS, `Concurrent calls must be at most ${MAX_TRUNK_CHANNELS}`),
    codec: z.enum(TRUNK_CODECS, 'Codec must be g711, g722, g729 or opus'),
    allowedIps: z
      .array(
        z
          .union([z.ipv4(), z.ipv6()], 'Each allowed address must be an IPv4 or IPv6 address')
          .superRefine(rule((ip: string) => (isPublicIp(ip) ? null : { code: 'IP_NOT_PUBLIC' }))),
      )
      .max(MAX_TRUNK_IPS, `At most ${MAX_TRUNK_IPS} addresses`)
      .default([])
      .transform((ips) => [...new Set(ips)]),
  })
  .refine((s) => s.authMethod !== 'ip' || s.allowedIps.length > 0, {
    path: ['allowedIps'],
    message: 'IP authentication needs at least one allowed address',
  });
export type TrunkSettingsInput = z.infer<typeof trunkSettingsInputSchema>;

export const trunkSettingsSchema = z.object({
  authMethod: z.enum(TRUNK_AUTH_METHODS),
  concurrentCalls: z.number().int(),
  codec: z.enum(TRUNK_CODECS),
  allowedIps: z.array(z.string()),
  /** Null until the customer first saves their settings. */
  updatedAt: z.string().nullable(),
});
export type TrunkSettings = z.infer<typeof trunkSettingsSchema>;
