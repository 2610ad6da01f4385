/**
 * What a message to the bounce listener says: a delivery status notification (RFC 3464,
 * multipart/report; report-type=delivery-status) or a complaint (ARF, RFC 5965,
 * report-type=feedback-report). Anything else says nothing.
 */

export interface ReportedOutcome {
  recipient: string;
  kind: 'bounced' | 'deferred' | 'complained';
  reason: string | null;
}

type Headers = Map<string, string[]>;
interface Part {
  headers: Headers;
  body: string;
}

const MAX_DEPTH = 4;

/** Header fields (unfolded, names in lower case) of a header block. */
function headersOf(block: string): Headers {
  const out: Headers = new Map();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const name = line.slice(0, at).trim().toLowerCase();
    out.set(name, [...(out.get(name) ?? []), line.slice(at + 1).trim()]);
  }
  return out;
}

const first = (h: Headers, name: string) => h.get(name)?.[0];

function partOf(raw: string): Part {
  const m = /\r?\n\r?\n/.exec(raw);
  if (!m) return { headers: headersOf(raw), body: '' };
  return { headers: headersOf(raw.slice(0, m.index)), body: raw.slice(m.index + m[0].length) };
}

/** `type/subtype` in lower case and its parameters (names in lower case, quotes removed). */
function contentTypeOf(h: Headers): { type: string; params: Record<string, string> } {
  const [type = 'text/plain', ...rest] = (first(h, 'content-type') ?? 'text/plain').split(';');
  const params: Record<string, string> = {};
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq > 0)
      params[p.slice(0, eq).trim().toLowerCase()] = p
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
  }
  return { type: type.trim().toLowerCase(), params };
}

function decoded(part: Part): string {
  const encoding = (first(part.headers, 'content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return part.body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return part.body;
}

function childrenOf(part: Part, boundary: string): Part[] {
  const out: Part[] = [];
  const marker = `--${boundary}`;
  const sections = part.body.split(new RegExp(`^${escapeRe(marker)}(?:--)?[ \\t]*\\r?$`, 'm'));
  // Before the first marker: the preamble; after the closing one: the epilogue.
  for (const section of sections.slice(1, -1)) out.push(partOf(section.replace(/^\r?\n/, '')));
  return out;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every leaf part, depth first (multiparts opened, to MAX_DEPTH levels). */
function leaves(part: Part, depth = 0): Part[] {
  const { type, params } = contentTypeOf(part.headers);
  if (type.startsWith('multipart/') && params.boundary && depth < MAX_DEPTH)
    return childrenOf(part, params.boundary).flatMap((p) => leaves(p, depth + 1));
  return [part];
}

/** `rfc822; someone@example.com` → the address, lower case; null when it is not one. */
function addressOf(value: string | undefined): string | null {
  if (!value) return null;
  const address = value.replace(/^[\w-]+\s*;/, '').trim();
  const m = /<?([^\s<>@]+@[^\s<>@]+)>?/.exec(address);
  return m?.[1]?.toLowerCase() ?? null;
}

function deliveryStatus(text: string): ReportedOutcome[] {
  const out: ReportedOutcome[] = [];
  // The first block is about the message, each further one about a recipient.
  for (const block of text.split(/\r?\n[ \t]*\r?\n/).slice(1)) {
    const h = headersOf(block);
    const recipient = addressOf(first(h, 'final-recipient') ?? first(h, 'original-recipient'));
    const status = /^([245])\.\d{1,3}\.\d{1,3}/.exec(first(h, 'status') ?? '');
    const action = (first(h, 'action') ?? '').toLowerCase();
    if (!recipient || !status) continue;
    const diagnostic = first(h, 'diagnostic-code')?.replace(/^[\w-]+\s*;\s*/, '');
    const reason = diagnostic ? `${status[0]} ${diagnostic}` : status[0];
    if (status[1] === '5' && action !== 'delivered' && action !== 'relayed')
      out.push({ recipient, kind: 'bounced', reason });
    else if (status[1] === '4' || action === 'delayed')
      out.push({ recipient, kind: 'deferred', reason });
  }
  return out;
}

function complaint(report: string, original: Part | undefined): ReportedOutcome[] {
  const h = headersOf(report);
  const type = first(h, 'feedback-type') ?? 'abuse';
  const recipients = (h.get('original-rcpt-to') ?? []).map(addressOf).filter(Boolean);
  if (recipients.length === 0 && original) {
    const to = first(partOf(decoded(original)).headers, 'to');
    const address = addressOf(to);
    if (address) recipients.push(address);
  }
  return [...new Set(recipients)].map((recipient) => ({
    recipient: recipient as string,
    kind: 'complained' as const,
    reason: `Feedback-Type: ${type}`,
  }));
}

/**
 * The return path the reported message left with, as the report quotes it (the original
 * message's Return-Path): how a complaint sent to the feedback address names its message.
 */
export function quotedReturnPath(raw: string): string | null {
  const parts = leaves(partOf(raw));
  const original = parts.find((p) =>
    ['message/rfc822', 'text/rfc822-headers'].includes(contentTypeOf(p.headers).type),
  );
  if (!original) return null;
  return addressOf(first(partOf(decoded(original)).headers, 'return-path'));
}

/** The outcomes a report to the bounce listener states; [] when it is no report. */
export function outcomesOfReport(raw: string): ReportedOutcome[] {
  const message = partOf(raw);
  const { type, params } = contentTypeOf(message.headers);
  if (type !== 'multipart/report' || !params.boundary) return [];
  const parts = leaves(message);
  const typeOf = (p: Part) => contentTypeOf(p.headers).type;
  const reportType = (params['report-type'] ?? '').toLowerCase();
  if (reportType === 'delivery-status') {
    const status = parts.find((p) =>
      ['message/delivery-status', 'message/global-delivery-status'].includes(typeOf(p)),
    );
    return status ? deliveryStatus(decoded(status)) : [];
  }
  if (reportType === 'feedback-report') {
    const report = parts.find((p) => typeOf(p) === 'message/feedback-report');
    const original = parts.find((p) =>
      ['message/rfc822', 'text/rfc822-headers'].includes(typeOf(p)),
    );
    return report ? complaint(decoded(report), original) : [];
  }
  return [];
}
