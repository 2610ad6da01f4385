/** Checks for values written into the edge's configuration files: refused, never escaped. */

/** A value written between double quotes in Kamailio's configuration. */
export function quoted(name: string, value: string): string {
  if (!/^[\x21-\x7e]+$/.test(value) || /["\\]/.test(value))
    throw new Error(`${name} cannot be written into the Kamailio configuration`);
  return `"${value}"`;
}

export const whole = (name: string, n: number, min: number, max: number) => {
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} is out of range`);
  return String(n);
};

/** An address as it is written before a port: IPv6 in brackets. */
export const bracketed = (address: string) => (address.includes(':') ? `[${address}]` : address);

/** An IPv4 or IPv6 address (no brackets) or a host name. */
export function checkedAddress(value: string): string {
  if (!/^([0-9A-Za-z.-]+|[0-9a-fA-F:]+)$/.test(value) || value.length > 253)
    throw new Error(`${JSON.stringify(value)} is not an address`);
  return value;
}
