import { Resolver } from 'node:dns/promises';

/**
 * The DNS a sending domain's check reads (decision 0069): TXT and CNAME records through
 * MAIL_DNS_SERVERS, or the system's resolvers. A name with no such record answers empty;
 * any other failure (timeout, refused) throws DnsUnavailableError.
 */
export interface MailDns {
  txt(name: string): Promise<string[]>;
  cname(name: string): Promise<string | null>;
}

export class DnsUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The DNS could not be read.', { cause });
    this.name = 'DnsUnavailableError';
  }
}

/** Codes meaning "no such record": an empty answer, not a failure. */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME']);

async function read<T>(lookup: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await lookup();
  } catch (err) {
    if (ABSENT.has((err as NodeJS.ErrnoException).code ?? '')) return empty;
    throw new DnsUnavailableError(err);
  }
}

export function createMailDns(servers: string[] | null, timeoutMs = 3000): MailDns {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers) resolver.setServers(servers);
  return {
    // A TXT record's strings are one value split in 255-octet pieces: joined back.
    txt: (name) => read(async () => (await resolver.resolveTxt(name)).map((s) => s.join('')), []),
    cname: (name) =>
      read(async () => (await resolver.resolveCname(name))[0]?.replace(/\.$/, '') ?? null, null),
  };
}
