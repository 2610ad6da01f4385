/**
 * IP addresses and CIDR ranges as number ranges: what a trunk's allowed sources are
 * checked with (overlaps between customers, private networks, the edge's own address).
 */

export interface IpRange {
  family: 4 | 6;
  /** First and last address of the range, as numbers. */
  start: bigint;
  end: bigint;
  prefix: number;
  /** The range as PostgreSQL writes a `cidr`: the network address, `/prefix`. */
  text: string;
}

function ipv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return null;
    n = n * 256n + BigInt(part);
  }
  return n;
}

function ipv6(text: string): bigint | null {
  let head = text.toLowerCase();
  let tail4: bigint | null = null;
  // An IPv4 tail (::ffff:81.2.69.160) is the last 32 bits.
  const v4 = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(head);
  if (v4?.[1] && v4[2]) {
    tail4 = ipv4(v4[2]);
    if (tail4 === null) return null;
    head = `${v4[1]}0:0`;
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string | undefined) => (s ? s.split(':') : []);
  const left = groups(halves[0]);
  const right = groups(halves[1]);
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...right];
  let n = 0n;
  for (const g of all) {
    if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
    n = (n << 16n) + BigInt(Number.parseInt(g, 16));
  }
  if (tail4 !== null) n = (n & ~0xffffffffn) | tail4;
  return n;
}

function written(family: 4 | 6, n: bigint): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((shift) => String((n >> shift) & 255n)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) =>
    ((n >> BigInt(112 - i * 16)) & 0xffffn).toString(16),
  );
  // The longest run of two or more zero groups becomes '::' (RFC 5952).
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === '0') j += 1;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  if (best < 0) return groups.join(':');
  return `${groups.slice(0, best).join(':')}::${groups.slice(best + bestLen).join(':')}`;
}

/**
 * An address (`81.2.69.160`, `2a00:1450::1`) or a range (`81.2.69.0/24`), or null when it
 * is neither. A range's host bits must be zero (`81.2.69.1/24` is refused: which was meant?).
 */
export function parseIpRange(text: string): IpRange | null {
  const [address = '', bits, ...rest] = text.trim().split('/');
  if (rest.length > 0) return null;
  const family = address.includes(':') ? 6 : 4;
  const n = family === 4 ? ipv4(address) : ipv6(address);
  if (n === null) return null;
  const width = family === 4 ? 32 : 128;
  if (bits !== undefined && !/^(0|[1-9]\d{0,2})$/.test(bits)) return null;
  const prefix = bits === undefined ? width : Number(bits);
  if (prefix > width) return null;
  const hostBits = BigInt(width - prefix);
  const hostMask = (1n << hostBits) - 1n;
  if ((n & hostMask) !== 0n) return null;
  return {
    family,
    start: n,
    end: n | hostMask,
    prefix,
    text: `${written(family, n)}/${prefix}`,
  };
}

/** Whether two ranges share an address. */
export const rangesOverlap = (a: IpRange, b: IpRange) =>
  a.family === b.family && a.start <= b.end && b.start <= a.end;

/** Whether `outer` holds every address of `inner`. */
export const rangeWithin = (inner: IpRange, outer: IpRange) =>
  inner.family === outer.family && outer.start <= inner.start && inner.end <= outer.end;
