import { z } from 'zod';
import { parseIpRange } from '../domain/ip-ranges.js';
import { ORDER_STATUSES } from '../domain/renewals.js';
import {
  MAX_TRUNK_CHANNELS,
  MAX_TRUNK_IPS,
  PBX_HOST,
  TRUNK_AUTH_METHODS,
  TRUNK_CODECS,
} from '../domain/sip-trunk.js';
import { rule } from './field-text.js';

const uuid = z.uuid('must be an id');
const host = z
  .string()
  .trim()
  .max(260)
  .superRefine(rule((v: string) => (PBX_HOST.test(v) ? null : { code: 'PBX_HOST_INVALID' })))
  .nullable();

/** What a customer may change of a trunk (the Configure Service dialog). */
export const trunkUpdateSchema = z
  .object({
    authMethod: z.enum(TRUNK_AUTH_METHODS, 'Authentication method must be credentials, ip or tls'),
    /** At most the package's channels (the server knows them). */
    channels: z
      .number('Concurrent calls must be a whole number')
      .int('Concurrent calls must be a whole number')
      .min(1, 'Concurrent calls must be at least 1')
      .max(MAX_TRUNK_CHANNELS, `Concurrent calls must be at most ${MAX_TRUNK_CHANNELS}`),
    codec: z.enum(TRUNK_CODECS, 'Codec must be g711, g722, g729 or opus'),
    /** Addresses or CIDR ranges, IPv4 or IPv6, written back as the network (81.2.69.0/24). */
    allowedIps: z
      .array(
        z
          .string()
          .max(64)
          .superRefine(
            rule((v: string) => (parseIpRange(v) ? null : { code: 'IP_RANGE_INVALID' })),
          ),
      )
      .max(MAX_TRUNK_IPS, `At most ${MAX_TRUNK_IPS} addresses`)
      .default([]),
    /** Shown when the PBX's own caller ID is not one of the customer's numbers. */
    callerId: z.string().trim().max(20).nullable().default(null),
    /** Where the customer's numbers ring: the PBX's host[:port]; null: where it registered. */
    inboundHost: host.default(null),
    /** The failover add-on's second destination. */
    failoverHost: host.default(null),
  })
  .refine((s) => s.authMethod !== 'ip' || s.allowedIps.length > 0, {
    path: ['allowedIps'],
    message: 'IP authentication needs at least one allowed address',
  });
export type TrunkUpdate = z.input<typeof trunkUpdateSchema>;

export const trunkParamsSchema = z.object({ id: uuid });

/** Today's figures of a trunk (UTC day), both directions. */
export const trunkStatsSchema = z.object({
  channelsInUse: z.number().int(),
  callsToday: z.number().int(),
  answeredToday: z.number().int(),
  /** Talk time today, whole minutes rounded up per call's seconds summed. */
  minutesToday: z.number(),
  /** Answer-seizure ratio today, a percentage with one decimal; null without calls. */
  asr: z.number().nullable(),
  /** Average duration of today's answered calls, seconds; null without any. */
  acdSeconds: z.number().int().nullable(),
  /** With the Analytics add-on: today's media quality as the relay measured it (means);
   * null without the add-on or without a measured call. */
  quality: z
    .object({
      mos: z.number().nullable(),
      jitterMs: z.number().nullable(),
      lossPercent: z.number().nullable(),
    })
    .nullable(),
});
export type TrunkStats = z.infer<typeof trunkStatsSchema>;

export const trunkSchema = z.object({
  id: z.string(),
  /** The package it was bought as ("Trunk Professional (SIP Trunking)"). */
  name: z.string(),
  /** Its order's: suspended for an unpaid renewal (calls get 403 until it is paid). */
  status: z.enum(ORDER_STATUSES),
  /** Concurrent calls now allowed, and the most the package allows. */
  channels: z.number().int(),
  maxChannels: z.number().int(),
  authMethod: z.enum(TRUNK_AUTH_METHODS),
  codec: z.enum(TRUNK_CODECS),
  allowedIps: z.array(z.string()),
  username: z.string(),
  password: z.string(),
  domain: z.string(),
  callerId: z.string().nullable(),
  inboundHost: z.string().nullable(),
  failoverHost: z.string().nullable(),
  /** Add-ons bought for it, in service. */
  failover: z.boolean(),
  analytics: z.boolean(),
  /** The customer's numbers that ring this trunk. */
  numbers: z.array(z.object({ id: z.string(), number: z.string() })),
  stats: trunkStatsSchema,
  updatedAt: z.string(),
});
export type Trunk = z.infer<typeof trunkSchema>;

/** The customer's trunks, and their numbers (each ringing a trunk or their softphones). */
export const trunksSchema = z.object({
  items: z.array(trunkSchema),
  numbers: z.array(
    z.object({ id: z.string(), number: z.string(), trunkId: z.string().nullable() }),
  ),
  /** The numbers a trunk may show as its default caller ID: rented and verified ones. */
  callerIds: z.array(z.string()),
  /** Where a PBX sends its calls. */
  edge: z.object({
    domain: z.string(),
    udp: z.number().int(),
    tcp: z.number().int(),
    tls: z.number().int(),
  }),
});
export type Trunks = z.infer<typeof trunksSchema>;

export const trunkPasswordSchema = z.object({ password: z.string() });

export const numberRouteParamsSchema = z.object({ id: uuid });
/** A number rings this trunk's PBX, or (null) the customer's softphones again. */
export const numberRouteSchema = z.object({ trunkId: uuid.nullable() });

/** Every trunk for admins, with its customer. */
export const adminTrunkSchema = trunkSchema
  .pick({
    id: true,
    name: true,
    status: true,
    channels: true,
    authMethod: true,
    codec: true,
    username: true,
    failover: true,
    stats: true,
  })
  .extend({ userId: z.string(), email: z.string(), addresses: z.number().int() });
export const adminTrunksSchema = z.object({ items: z.array(adminTrunkSchema) });
export type AdminTrunk = z.infer<typeof adminTrunkSchema>;
