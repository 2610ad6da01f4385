import { promises as dns } from 'node:dns';
import net from 'node:net';

/** One host to try, as Haraka's get_mx hook takes it (HarakaMx). */
export interface MxTarget {
  exchange: string;
  port: number;
  priority: number;
  auth_user?: string;
  auth_pass?: string;
}

/** Why no host can be tried: `permanent` (no such domain, null MX) or not. */
export class NoMx extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'NoMx';
  }
}

/** Loopback, private, link-local, unique-local, CGNAT or unspecified: never a public MX. */
export function isLocalAddress(ip: string): boolean {
  if (net.isIPv4(ip)) {
    const [a = 0, b = 0] = ip.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    );
  }
  const v6 = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v6)?.[1];
  if (mapped) return isLocalAddress(mapped);
  return v6 === '::1' || v6 === '::' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6);
}

/**
 * The hosts to deliver `domain`'s mail to, best first, as addresses: its MX records (or
 * the domain itself when it has none, RFC 5321 §5.1), each host's A and AAAA records.
 * Local addresses are left out unless `localOk` (a test's MX on 127.0.0.1).
 */
export async function mxTargets(
  domain: string,
  opts: { servers: string[] | null; port: number; localOk: boolean },
): Promise<MxTarget[]> {
  const resolver = new dns.Resolver({ timeout: 5000, tries: 2 });
  // "ip", "ip:port" and "[v6]:port", as MAIL_DNS_SERVERS gives them.
  if (opts.servers) resolver.setServers(opts.servers);
  const code = (err: unknown) => (err as { code?: string }).code;
  let mx: { exchange: string; priority: number }[];
  try {
    mx = await resolver.resolveMx(domain);
  } catch (err) {
    if (code(err) === 'ENOTFOUND') throw new NoMx(`No such domain: ${domain}`, true);
    if (code(err) !== 'ENODATA') throw new NoMx(`DNS lookup failure for ${domain}`, false);
    mx = [{ exchange: domain, priority: 0 }];
  }
  if (mx.length === 1 && mx[0]?.exchange === '' && mx[0].priority === 0)
    throw new NoMx(`${domain} accepts no mail (null MX)`, true);
  const targets: MxTarget[] = [];
  let failed = false;
  const lookup = async (read: () => Promise<string[]>) => {
    try {
      return await read();
    } catch (err) {
      if (code(err) !== 'ENODATA' && code(err) !== 'ENOTFOUND') failed = true;
      return [];
    }
  };
  for (const { exchange, priority } of [...mx].sort((a, b) => a.priority - b.priority)) {
    const addresses = net.isIP(exchange)
      ? [exchange]
      : [
          ...(await lookup(() => resolver.resolve4(exchange))),
          ...(await lookup(() => resolver.resolve6(exchange))),
        ];
    for (const ip of addresses)
      if (opts.localOk || !isLocalAddress(ip))
        targets.push({ exchange: ip, port: opts.port, priority });
  }
  if (targets.length === 0) throw new NoMx(`No usable mail host for ${domain}`, !failed);
  return targets;
}
