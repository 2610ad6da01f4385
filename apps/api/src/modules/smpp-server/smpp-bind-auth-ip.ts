import { BlockList, isIPv4 } from 'node:net';
import { ipv6Groups } from '../../lib/client-key.js';

type Parsed = { family: 'ipv4' | 'ipv6'; groups: number[]; prefix: number | null };

/** IPv4 as four bytes or IPv6 as eight 16-bit groups; an IPv4-mapped IPv6 address as IPv4. */
function parse(address: string): Omit<Parsed, 'prefix'> | null {
  if (isIPv4(address)) return { family: 'ipv4', groups: address.split('.').map(Number) };
  const groups = ipv6Groups(address);
  if (!groups) return null;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (!mapped) return { family: 'ipv6', groups };
  const [hi = 0, lo = 0] = groups.slice(6);
  return { family: 'ipv4', groups: [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff] };
}

function parseEntry(entry: string): Parsed | null {
  const [address = '', prefixText, extra] = entry.trim().split('/');
  if (extra !== undefined) return null;
  const ip = parse(address);
  if (!ip) return null;
  if (prefixText === undefined) return { ...ip, prefix: null };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  let prefix = Number(prefixText);
  // A mapped IPv6 network (::ffff:10.0.0.0/104) is the IPv4 network it spells.
  if (ip.family === 'ipv4' && !isIPv4(address)) prefix -= 96;
  const bits = ip.family === 'ipv4' ? 32 : 128;
  if (prefix < 0 || prefix > bits) return null;
  return { ...ip, prefix };
}

/** The groups with the bits past `prefix` cleared: a network's own address. */
function masked(groups: number[], width: number, prefix: number): number[] {
  return groups.map((g, i) => {
    const kept = Math.max(0, Math.min(width, prefix - i * width));
    return kept === 0 ? 0 : g & (((1 << width) - 1) ^ ((1 << (width - kept)) - 1));
  });
}

/** IPv6 groups in RFC 5952's spelling: lower case, the longest run of 2+ zeros as `::`. */
function ipv6Text(groups: number[]): string {
  let best = { at: -1, len: 0 };
  for (let i = 0; i < groups.length; ) {
    let j = i;
    while (j < groups.length && groups[j] === 0) j++;
    if (j - i > best.len) best = { at: i, len: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.len < 2) return hex.join(':');
  const head = hex.slice(0, best.at).join(':');
  const tail = hex.slice(best.at + best.len).join(':');
  return `${head}::${tail}`;
}

function textOf(p: Parsed): string {
  const width = p.family === 'ipv4' ? 8 : 16;
  const groups = p.prefix === null ? p.groups : masked(p.groups, width, p.prefix);
  const address = p.family === 'ipv4' ? groups.join('.') : ipv6Text(groups);
  return p.prefix === null ? address : `${address}/${p.prefix}`;
}

/**
 * An allowed address or network in one spelling, so lists compare and read alike:
 * `2001:DB8:0::1` is `2001:db8::1`, `10.1.2.3/8` is `10.0.0.0/8`, `::ffff:10.0.0.1` is
 * `10.0.0.1`. Null when the entry is neither.
 */
export function normaliseIpEntry(entry: string): string | null {
  const parsed = parseEntry(entry);
  return parsed ? textOf(parsed) : null;
}

/**
 * Whether `ip` (a socket's remote address) is inside one of `allowed` (normalised
 * entries). An empty list allows every address.
 */
export function ipAllowed(allowed: readonly string[], ip: string): boolean {
  if (allowed.length === 0) return true;
  const remote = parse(ip.split('%')[0] ?? '');
  if (!remote) return false;
  const list = new BlockList();
  for (const entry of allowed) {
    const p = parseEntry(entry);
    if (!p) continue;
    const address = textOf({ ...p, prefix: null });
    if (p.prefix === null) list.addAddress(address, p.family);
    else list.addSubnet(address, p.prefix, p.family);
  }
  return list.check(textOf({ ...remote, prefix: null }), remote.family);
}
