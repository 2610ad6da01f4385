import {
  type FieldCode,
  type FieldParams,
  fieldText,
  type IpRange,
  isPublicRange,
  parseIpRange,
  rangesOverlap,
  rangeWithin,
  type TrunkStats,
  WIDEST_TRUNK_PREFIX,
} from '@parley/shared';
import type { SipTrunkConfig } from '../../config/sip-trunk-config.js';
import type { FieldErrorInput } from '../../lib/app-error.js';

const problem = (index: number, code: FieldCode, params?: FieldParams): FieldErrorInput => ({
  path: `body.allowedIps.${index}`,
  code,
  message: fieldText({ code, params }),
  ...(params ? { params } : {}),
});

/**
 * A trunk's allowed sources as networks (CIDR text), or what is wrong with each: public
 * unless inside a private network the operator lets customers claim, never the edge's or
 * the carrier's, at most /24 (IPv4) or /48 (IPv6) wide, and not overlapping each other.
 * Other trunks' claims are the database's to check (repo.takenBy, and the constraint).
 */
export function readAddresses(
  texts: readonly string[],
  config: Pick<SipTrunkConfig, 'privateNetworks' | 'reserved'>,
): { networks: string[]; problems: FieldErrorInput[] } {
  const problems: FieldErrorInput[] = [];
  const kept: IpRange[] = [];
  texts.forEach((text, index) => {
    const range = parseIpRange(text);
    const wrong = range ? rangeProblem(range, kept, config) : { code: 'IP_RANGE_INVALID' as const };
    if (wrong) problems.push(problem(index, wrong.code, wrong.params));
    // The same network written twice is one.
    else if (range && !kept.some((k) => k.text === range.text)) kept.push(range);
  });
  return { networks: kept.map((k) => k.text), problems };
}

function rangeProblem(
  range: IpRange,
  kept: readonly IpRange[],
  config: Pick<SipTrunkConfig, 'privateNetworks' | 'reserved'>,
): { code: FieldCode; params?: FieldParams } | null {
  const widest = WIDEST_TRUNK_PREFIX[range.family];
  if (range.prefix < widest) return { code: 'IP_RANGE_TOO_WIDE', params: { prefix: widest } };
  if (config.reserved.some((r) => rangesOverlap(r, range))) return { code: 'IP_RESERVED' };
  const claimable = config.privateNetworks.some((net) => rangeWithin(range, net));
  if (!claimable && !isPublicRange(range)) return { code: 'IP_NOT_PUBLIC' };
  // Overlapping ones (not the same) would be ambiguous.
  if (kept.some((k) => k.text !== range.text && rangesOverlap(k, range)))
    return { code: 'IP_OVERLAPS' };
  return null;
}

/**
 * What is wrong with a PBX destination (`host[:port]`) a number would ring: an address
 * must be one a customer may claim (never the edge's or the carrier's, which would loop
 * calls through the carrier, nor a private one the operator has not opened); a name
 * cannot be judged before it is resolved, except the loopback's.
 */
export function destinationProblem(
  host: string,
  config: Pick<SipTrunkConfig, 'privateNetworks' | 'reserved'>,
): FieldCode | null {
  const bare = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d+$/, '');
  if (/^localhost$|\.localhost$/i.test(bare)) return 'IP_NOT_PUBLIC';
  const range = parseIpRange(bare);
  if (!range) return null;
  if (config.reserved.some((r) => rangesOverlap(r, range))) return 'IP_RESERVED';
  const claimable = config.privateNetworks.some((net) => rangeWithin(range, net));
  return claimable || isPublicRange(range) ? null : 'IP_NOT_PUBLIC';
}

/** The same problem for each of `taken` where `networks` holds it. */
export function takenProblems(
  networks: readonly string[],
  texts: readonly string[],
  taken: string[],
) {
  return networks.flatMap((network) => {
    if (!taken.includes(network)) return [];
    const index = texts.findIndex((t) => parseIpRange(t)?.text === network);
    return [problem(Math.max(index, 0), 'IP_TAKEN')];
  });
}

/** Today's figures as the trunk page shows them: ASR a percentage, ACD in seconds. */
export function trunkStats(
  f: {
    channelsInUse: number;
    callsToday: number;
    answeredToday: number;
    talkSecondsToday: number;
    mos?: number | null;
    jitterMs?: number | null;
    lossPercent?: number | null;
  },
  analytics: boolean,
): TrunkStats {
  const measured = f.mos != null || f.jitterMs != null || f.lossPercent != null;
  return {
    channelsInUse: f.channelsInUse,
    callsToday: f.callsToday,
    answeredToday: f.answeredToday,
    minutesToday: Math.round((f.talkSecondsToday / 60) * 10) / 10,
    asr: f.callsToday > 0 ? Math.round((f.answeredToday / f.callsToday) * 1000) / 10 : null,
    acdSeconds: f.answeredToday > 0 ? Math.round(f.talkSecondsToday / f.answeredToday) : null,
    quality:
      analytics && measured
        ? { mos: f.mos ?? null, jitterMs: f.jitterMs ?? null, lossPercent: f.lossPercent ?? null }
        : null,
  };
}
