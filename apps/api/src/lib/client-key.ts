import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (zone removed, `::` and an IPv4 tail expanded). */
export function ipv6Groups(address: string): number[] | null {
  const ip = address.split('%')[0] ?? '';
  if (!isIPv6(ip)) return null;
  let text = ip.toLowerCase();
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (isIPv4(tail)) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest === undefined ? [] : rest ? rest.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (rest === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...right];
  return groups.map((g) => Number.parseInt(g, 16));
}

/**
 * The key a client's address is counted under. IPv4 as is; an IPv4-mapped IPv6 address
 * (`::ffff:1.2.3.4`, how a dual-stack socket shows IPv4 clients) as its IPv4 address;
 * any other IPv6 address as its /64 in one canonical spelling, since a client usually
 * owns a whole /64: `2001:db8::1` and `2001:0DB8:0:0::2` both give `2001:db8:0:0::/64`.
 */
export function clientKey(ip: string): string {
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
