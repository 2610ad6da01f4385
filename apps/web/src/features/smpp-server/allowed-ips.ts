/**
 * The allowed addresses field: one per line or comma separated, as the customer types
 * them. Checked here only to catch a typo before sending; the server decides.
 */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isIpv6(text: string): boolean {
  if (!/^[0-9a-f:.]+$/i.test(text) || !text.includes(':')) return false;
  // The URL parser knows IPv6's shorthand rules (one "::", embedded IPv4, 8 groups).
  try {
    return new URL(`http://[${text}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** An IPv4 or IPv6 address, or a network written with its /prefix. */
export function isAddressOrNetwork(text: string): boolean {
  const [address = '', prefix, extra] = text.split('/');
  if (extra !== undefined) return false;
  const v4 = IPV4.test(address);
  if (!v4 && !isIpv6(address)) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
}

/** The entries that are not addresses or networks, in the order typed. */
export const badAddresses = (list: string[]) => list.filter((a) => !isAddressOrNetwork(a));
