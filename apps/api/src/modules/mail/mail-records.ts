import {
  bounceHostOf,
  type MailRecord,
  type MailRecordPurpose,
  type MailRecordStatus,
  mailRecords,
  spfHostOf,
} from '@parley/shared';
import type { MailDns } from '../../integrations/mail/dns.js';

type Found = Record<MailRecordPurpose, Exclude<MailRecordStatus, 'unchecked'>>;

const squeeze = (text: string) => text.replace(/\s+/g, '');

/** SPF: one `v=spf1` record that includes the edge's senders. */
function spfStatus(records: string[], mailHost: string) {
  const spf = records.filter((r) => /^v=spf1(\s|$)/i.test(r.trim()));
  if (spf.length === 0) return 'missing' as const;
  const include = `include:${spfHostOf(mailHost)}`.toLowerCase();
  const ok = spf.length === 1 && spf[0]?.toLowerCase().split(/\s+/).includes(include);
  return ok ? ('ok' as const) : ('wrong' as const);
}

/** DKIM: the selector's record carries Parley's public key (spaces ignored). */
function dkimStatus(records: string[], publicKey: string) {
  const dkim = records.filter((r) => /(^|;)\s*p=/i.test(r));
  if (dkim.length === 0) return 'missing' as const;
  const wanted = `p=${publicKey}`;
  return dkim.some((r) => squeeze(r).split(';').includes(wanted))
    ? ('ok' as const)
    : ('wrong' as const);
}

/**
 * Reads the three records a sending domain publishes and says of each whether it is
 * there and right. Throws DnsUnavailableError when the DNS does not answer.
 */
export async function checkRecords(
  dns: MailDns,
  domain: string,
  mailHost: string,
  publicKey: string,
): Promise<Found> {
  const [spf, dkim, cname] = await Promise.all(
    mailRecords(domain, mailHost, publicKey).map((r: MailRecord) =>
      r.type === 'TXT' ? dns.txt(r.host) : dns.cname(r.host),
    ),
  );
  const target = typeof cname === 'string' ? cname.toLowerCase() : null;
  return {
    spf: spfStatus(spf as string[], mailHost),
    dkim: dkimStatus(dkim as string[], publicKey),
    'return-path': target === null ? 'missing' : target === bounceHostOf(mailHost) ? 'ok' : 'wrong',
  };
}

/** Verified when every record is right. */
export const allRight = (found: Found) => Object.values(found).every((s) => s === 'ok');
