import { isIP } from 'node:net';
import { z } from 'zod';

/** What Fastify's `trustProxy` is given: nothing trusted, a hop count, or proxy addresses. */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for whole ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (the default), the number of proxies in front (1-10), or a
 * comma-separated list of their addresses and CIDR ranges. Never `true`: that would
 * believe an X-Forwarded-For any client can write, and so let anyone pick the address
 * their rate limits count under.
 */
export const trustProxySchema = z.string().transform((raw, ctx): TrustProxy => {
  const value = raw.trim();
  if (value === 'false') return false;
  if (value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        "'true' would trust an X-Forwarded-For header any client can forge; give the number of proxies in front (1-10) or their addresses (e.g. 10.0.0.2,10.1.0.0/16)",
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && hops <= 10) return hops;
    ctx.addIssue({ code: 'custom', message: 'the number of proxies must be from 1 to 10' });
    return z.NEVER;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length === 0) return entries;
  ctx.addIssue({
    code: 'custom',
    message: `must be 'false', the number of proxies in front (1-10) or a comma-separated list of proxy addresses or CIDR ranges; not an address: ${bad.map((b) => JSON.stringify(b.slice(0, 50))).join(', ')}`,
  });
  return z.NEVER;
});
