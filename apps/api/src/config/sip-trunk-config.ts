import { type IpRange, parseIpRange } from '@parley/shared';
import { z } from 'zod';
import { count, optional } from './env-fields.js';

/** Customers' SIP trunks (decision 0068). */
export interface SipTrunkConfig {
  /** "Unlimited concurrent calls" stops here, and so does any trunk. */
  maxChannels: number;
  /** Private ranges customers may claim for IP authentication (their PBXs' network). */
  privateNetworks: IpRange[];
  /** Never a customer's: the edge's own and the carrier's addresses. */
  reserved: IpRange[];
  /** Seconds an inbound call rings the trunk's PBX before its failover destination. */
  failoverSeconds: number;
}

const ranges = (what: string) =>
  z
    .string()
    .transform((v) => (v.trim() === '' || v.trim() === 'none' ? [] : v.split(',')))
    .transform((items, ctx) =>
      items.map((item) => {
        const range = parseIpRange(item.trim());
        if (!range) ctx.addIssue({ code: 'custom', message: `must be ${what}, comma-separated` });
        return range as IpRange;
      }),
    );

/** Addresses read leniently (the edge's config names what is wrong in them). */
const addresses = optional(
  z.string().transform((v) =>
    v
      .split(',')
      .map((item) => parseIpRange(item.trim()))
      .filter((r): r is IpRange => r !== null),
  ),
);

/** The environment keys of trunks (read by config/env.ts). */
export const sipTrunkEnvShape = {
  VOICE_TRUNK_MAX_CHANNELS: count(1, 100_000),
  VOICE_TRUNK_PRIVATE_NETWORKS: optional(ranges('CIDR ranges such as 10.20.0.0/16')),
  VOICE_TRUNK_FAILOVER_SECONDS: count(3, 120),
  // Also the edge's (voice-edge-config.ts checks and names what is wrong in it): here,
  // only the addresses in it no customer may claim.
  VOICE_TRUNK_SOURCES: addresses,
  // The edge's media addresses (a wildcard VOICE_EDGE_LISTEN says nothing of its own).
  VOICE_MEDIA_ADDRESS: addresses,
  VOICE_MEDIA_PUBLIC_ADDRESS: addresses,
};

type SipTrunkEnv = {
  VOICE_TRUNK_MAX_CHANNELS?: number;
  VOICE_TRUNK_PRIVATE_NETWORKS?: IpRange[];
  VOICE_TRUNK_FAILOVER_SECONDS?: number;
  VOICE_TRUNK_SOURCES?: IpRange[];
  VOICE_MEDIA_ADDRESS?: IpRange[];
  VOICE_MEDIA_PUBLIC_ADDRESS?: IpRange[];
};

/** The trunks' settings; `edge` names the edge's listen address and the carrier's URI. */
export function sipTrunkConfig(
  e: SipTrunkEnv,
  edge: { listen: string; trunk: string | null },
): SipTrunkConfig {
  const carrierHost = edge.trunk?.replace(/:\d+$/, '').replace(/^\[|\]$/g, '') ?? '';
  const reserved = [edge.listen, carrierHost]
    .map((text) => parseIpRange(text))
    .filter((r): r is IpRange => r !== null && r.prefix > 0);
  return {
    maxChannels: e.VOICE_TRUNK_MAX_CHANNELS ?? 250,
    privateNetworks: e.VOICE_TRUNK_PRIVATE_NETWORKS ?? [],
    reserved: [
      ...reserved,
      ...(e.VOICE_TRUNK_SOURCES ?? []),
      ...(e.VOICE_MEDIA_ADDRESS ?? []),
      ...(e.VOICE_MEDIA_PUBLIC_ADDRESS ?? []),
    ],
    failoverSeconds: e.VOICE_TRUNK_FAILOVER_SECONDS ?? 20,
  };
}
