import { BlockList, isIP } from 'node:net';

// Where a webhook may never go unless its host is allowed: this machine, private
// networks, link-local (cloud metadata at 169.254.169.254 included), CGNAT, multicast,
// documentation and reserved ranges.
const V4_REFUSED: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const V6_REFUSED: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
  ['2001::', 23],
];

const refused = new BlockList();
for (const [net, bits] of V4_REFUSED) refused.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of V6_REFUSED) refused.addSubnet(net, bits, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included). */
function groupsOf(v6: string): number[] {
  let text = v6.toLowerCase().split('%')[0] ?? '';
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail?.[1]) {
    const [a, b, c, d] = tail[1].split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const fill = rest === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => Number.parseInt(g, 16));
}

/**
 * The IPv4 address an IPv6 one stands for, when it embeds one: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
 */
function embeddedV4(v6: string): string | null {
  const g = groupsOf(v6);
  if (g.length !== 8 || g.some((n) => Number.isNaN(n))) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => g.slice(from, to).every((n) => n === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return v4(g[6] as number, g[7] as number);
  if (zeros(0, 6) && ((g[6] as number) !== 0 || (g[7] as number) > 1))
    return v4(g[6] as number, g[7] as number);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4(g[6] as number, g[7] as number);
  if (g[0] === 0x2002) return v4(g[1] as number, g[2] as number);
  return null;
}

/** Whether an address is one a webhook may reach without the operator's leave. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return !refused.check(bare, 'ipv4');
  if (family !== 6) return false;
  const inner = embeddedV4(bare);
  if (inner && refused.check(inner, 'ipv4')) return false;
  return !refused.check(bare.split('%')[0] ?? bare, 'ipv6');
}

/** The host of a URL as the allow list names it: lower case, IPv6 without brackets. */
export const hostOf = (url: URL): string => url.hostname.toLowerCase().replace(/^\[|\]$/g, '');

/**
 * Why a URL may not be registered, or null: plain http, `localhost`, or an address
 * literal that is not public, for a host the operator has not allowed. A name that
 * resolves to such an address is refused at each delivery (webhook-post.ts).
 */
export function urlProblem(raw: string, allowedHosts: readonly string[]): string | null {
  const url = new URL(raw);
  const host = hostOf(url);
  if (allowedHosts.includes(host)) return null;
  if (url.protocol !== 'https:') return 'only https URLs are accepted';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'a local host is not accepted';
  if (isIP(host) && !isPublicAddress(host)) return 'a private address is not accepted';
  return null;
}
