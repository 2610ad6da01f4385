import { type IpRange, parseIpRange, rangesOverlap, rangeWithin } from './ip-ranges.js';

/** How a customer's PBX proves itself to the trunk (the Configure Service dialog). */
export const TRUNK_AUTH_METHODS = ['credentials', 'ip', 'tls'] as const;
export type TrunkAuthMethod = (typeof TRUNK_AUTH_METHODS)[number];

/** Codecs offered first in SDP, in the customer's order of preference. */
export const TRUNK_CODECS = ['g711', 'g722', 'g729', 'opus'] as const;
export type TrunkCodec = (typeof TRUNK_CODECS)[number];

export const MAX_TRUNK_CHANNELS = 1000;
export const MAX_TRUNK_IPS = 20;
/** Channels of a trunk package whose features name none ("10 concurrent calls"). */
export const DEFAULT_TRUNK_CHANNELS = 10;
/** A trunk's SIP username: `t` and nine digits, never a softphone's (`p…`). */
export const TRUNK_USERNAME = /^t\d{9}$/;

/**
 * The payload names rtpengine offers for each choice, the chosen one first: a trunk's
 * calls carry only these (and DTMF events), in this order (decision 0068).
 */
export const TRUNK_CODEC_NAMES: Record<TrunkCodec, readonly string[]> = {
  g711: ['PCMU', 'PCMA'],
  g722: ['G722'],
  g729: ['G729'],
  opus: ['opus'],
};

/** Every codec a trunk may carry, `codec`'s first, then the rest in TRUNK_CODECS order. */
export function trunkCodecOrder(codec: TrunkCodec): string[] {
  const rest = TRUNK_CODECS.filter((c) => c !== codec);
  return [codec, ...rest].flatMap((c) => TRUNK_CODEC_NAMES[c]);
}

/**
 * Where a PBX takes calls: a host name or IP address, with an optional port
 * (`pbx.example.com`, `81.2.69.160:5080`, `[2a00:1450::1]:5060`).
 */
export const PBX_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/** The widest range a trunk may claim, by family (IPv4 /24, IPv6 /48): a site's, never
 * a provider's or a whole office block's. */
export const WIDEST_TRUNK_PREFIX = { 4: 24, 6: 48 } as const;

const IPV4_BLOCKED: readonly [number, number][] = [
  // [network as a 32-bit number, prefix length]
  [0x00000000, 8], // "this" network
  [0x0a000000, 8], // private
  [0x64400000, 10], // carrier-grade NAT
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // link-local
  [0xac100000, 12], // private
  [0xc0000200, 24], // documentation
  [0xc0a80000, 16], // private
  [0xc6120000, 15], // benchmarking
  [0xc6336400, 24], // documentation
  [0xcb007100, 24], // documentation
  [0xe0000000, 3], // multicast, reserved and broadcast (224.0.0.0 and up)
];

/**
 * Whether an address (already known to be valid IPv4 or IPv6) is public unicast, the
 * only kind a PBX on the internet can call from.
 */
export function isPublicIp(ip: string): boolean {
  if (!ip.includes(':')) {
    const n = ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
    return !IPV4_BLOCKED.some(
      ([net, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(net / 2 ** (32 - bits)),
    );
  }
  const lower = ip.toLowerCase();
  if (lower === '::' || lower === '::1') return false;
  if (lower.startsWith('::ffff:')) return isPublicIp(lower.slice(7));
  const first = Number.parseInt(lower.split(':')[0] || '0', 16);
  // Global unicast is 2000::/3; this leaves out ULA, link-local, multicast and the rest.
  if (first < 0x2000 || first > 0x3fff) return false;
  return !lower.startsWith('2001:db8:') && !lower.startsWith('2001:0db8:');
}

/**
 * The concurrent calls a trunk allows: the customer's own limit, never above its
 * package's, and never above the operator's maximum (what "Unlimited" comes to).
 */
export function trunkChannelLimit(
  trunk: { packageChannels: number | null; channels: number | null },
  operatorMax: number,
): number {
  const most = Math.min(trunk.packageChannels ?? operatorMax, operatorMax);
  return Math.min(trunk.channels ?? most, most);
}

/** The catalogue services whose (non-add-on) packages are SIP trunks. */
export const TRUNK_SERVICE_SLUGS = ['sip-trunk', 'sip-trunk-advanced'] as const;

/** What a package is to trunks: a trunk (its channels, null: unlimited), an add-on that
 * attaches to one, or nothing. */
export type TrunkRole =
  | {
      kind: 'trunk';
      channels: number | null;
      failoverIncluded: boolean;
      analyticsIncluded: boolean;
    }
  | { kind: 'failover' }
  | { kind: 'analytics' }
  | null;

const CHANNELS = /^(\d[\d,]*|unlimited)\s+concurrent\s+calls$/i;

/**
 * A package's role, read from its service and features so an admin's edit of a tier
 * ("50 concurrent calls") changes what new trunks get. An add-on of a trunk service is
 * the failover or analytics add-on by its name and features; other add-ons (IVR, PBX) are neither.
 */
export function trunkRoleOf(pkg: {
  serviceSlug: string;
  isAddon: boolean;
  name: string;
  features: readonly string[];
}): TrunkRole {
  if (!(TRUNK_SERVICE_SLUGS as readonly string[]).includes(pkg.serviceSlug)) return null;
  const text = [pkg.name, ...pkg.features].join('\n');
  if (pkg.isAddon) {
    if (/failover/i.test(text)) return { kind: 'failover' };
    if (/analytics/i.test(text)) return { kind: 'analytics' };
    return null;
  }
  let channels: number | null = DEFAULT_TRUNK_CHANNELS;
  for (const feature of pkg.features) {
    const m = CHANNELS.exec(feature.trim());
    if (m?.[1])
      channels = /^unlimited$/i.test(m[1]) ? null : Number.parseInt(m[1].replace(/,/g, ''), 10);
  }
  return {
    kind: 'trunk',
    channels,
    failoverIncluded: /failover/i.test(text),
    analyticsIncluded: /analytics/i.test(text),
  };
}

/**
 * Whether every address of a range is public unicast: no private, loopback, reserved or
 * documentation address inside it (IPv6: inside 2000::/3, outside 2001:db8::/32).
 */
export function isPublicRange(range: IpRange): boolean {
  if (range.family === 6) {
    const global = parseIpRange('2000::/3');
    const docs = parseIpRange('2001:db8::/32');
    return Boolean(global && docs && rangeWithin(range, global) && !rangesOverlap(range, docs));
  }
  return !IPV4_BLOCKED.some(([net, bits]) => {
    const blocked = parseIpRange(
      `${[24, 16, 8, 0].map((s) => (net >>> s) & 255).join('.')}/${bits}`,
    );
    return blocked !== null && rangesOverlap(range, blocked);
  });
}
