import type { Trunk, TrunkUpdate } from '@parley/shared';
import {
  MAX_TRUNK_IPS,
  PBX_HOST,
  parseIpRange,
  rangesOverlap,
  type TrunkAuthMethod,
  type TrunkCodec,
  WIDEST_TRUNK_PREFIX,
} from '@parley/shared/domain';
import type { FieldIssue } from '@/lib/api-client';
import type { CodedProblem } from '@/lib/field-errors';
import type { FieldProblems } from '@/lib/form-resolver';

/** The Configure Service form's values, as typed. */
export type TrunkValues = {
  authMethod: TrunkAuthMethod;
  channels: string;
  codec: TrunkCodec;
  /** The addresses already in the list. */
  allowedIps: string[];
  /** The address being typed in the Add box, added on Save too. */
  draft: string;
  /** A number's E.164, or '' for none. */
  callerId: string;
  inboundHost: string;
  failoverHost: string;
};

export const valuesOf = (trunk: Trunk): TrunkValues => ({
  authMethod: trunk.authMethod,
  channels: String(trunk.channels),
  codec: trunk.codec,
  allowedIps: trunk.allowedIps,
  draft: '',
  callerId: trunk.callerId ?? '',
  inboundHost: trunk.inboundHost ?? '',
  failoverHost: trunk.failoverHost ?? '',
});

/**
 * An address typed for the allow-list, by the server's own rules that hold everywhere:
 * its shape, not wider than a trunk may claim, not overlapping one already listed. Null
 * when fine. Whether it may be private (the operator can allow some networks), is
 * Parley's own, or another trunk's, only the server knows: it says so on Save.
 */
export function addressProblem(text: string, listed: readonly string[] = []): CodedProblem | null {
  const range = parseIpRange(text);
  if (!range) return { code: 'IP_RANGE_INVALID' };
  const widest = WIDEST_TRUNK_PREFIX[range.family];
  if (range.prefix < widest) return { code: 'IP_RANGE_TOO_WIDE', params: { prefix: widest } };
  const overlaps = listed.some((other) => {
    const r = parseIpRange(other);
    return r !== null && rangesOverlap(r, range);
  });
  return overlaps ? { code: 'IP_OVERLAPS' } : null;
}

const hostProblem = (text: string): CodedProblem | null =>
  text.trim() === '' || PBX_HOST.test(text.trim()) ? null : { code: 'PBX_HOST_INVALID' };

/** The addresses sent: the list, and the one still in the Add box. */
const addressesOf = (v: TrunkValues) =>
  v.draft.trim() ? [...v.allowedIps, v.draft.trim()] : v.allowedIps;

/**
 * The checks made before saving, as codes; the server has the last word (overlaps, its
 * own addresses). `ipsRequired` is the translated text for an empty allow-list.
 */
export function checkTrunk(
  v: TrunkValues,
  maxChannels: number,
  ipsRequired: string,
): FieldProblems<TrunkValues> {
  const channels = v.channels.trim();
  const n = Number(channels);
  const ip = v.authMethod === 'ip';
  const addresses = addressesOf(v);
  return {
    channels: !channels
      ? { code: 'REQUIRED' }
      : !/^\d+$/.test(channels)
        ? { code: 'INVALID' }
        : n < 1
          ? { code: 'TOO_SMALL', params: { minimum: 1 } }
          : n > maxChannels
            ? { code: 'TRUNK_CHANNELS_OVER_PACKAGE', params: { max: maxChannels } }
            : null,
    draft: ip && v.draft.trim() ? addressProblem(v.draft.trim(), v.allowedIps) : null,
    allowedIps: !ip
      ? null
      : addresses.length === 0
        ? ipsRequired
        : addresses.length > MAX_TRUNK_IPS
          ? { code: 'TOO_MANY', params: { maximum: MAX_TRUNK_IPS } }
          : null,
    inboundHost: hostProblem(v.inboundHost),
    failoverHost: hostProblem(v.failoverHost),
  };
}

const hostOrNull = (text: string) => text.trim() || null;

/**
 * The body of the update. Another method than ip sends no addresses (the server keeps
 * none then). Without the failover add-on the stored destination stays.
 */
export function toUpdate(v: TrunkValues, trunk: Trunk): TrunkUpdate {
  return {
    authMethod: v.authMethod,
    channels: Number(v.channels.trim()),
    codec: v.codec,
    allowedIps: v.authMethod === 'ip' ? addressesOf(v) : [],
    callerId: v.callerId || null,
    inboundHost: hostOrNull(v.inboundHost),
    failoverHost: trunk.failover ? hostOrNull(v.failoverHost) : trunk.failoverHost,
  };
}

/** A form field a server refusal belongs to: `allowedIps.N`, `draft` or a field's name. */
export type RefusedField =
  | 'channels'
  | 'allowedIps'
  | 'draft'
  | 'callerId'
  | 'inboundHost'
  | 'failoverHost'
  | `allowedIps.${number}`;

const FIELDS: readonly string[] = ['channels', 'callerId', 'inboundHost', 'failoverHost'];

/**
 * Where each refused field of the server's answer shows: an address under its own entry
 * (the last one sent being the Add box's when it was filled), other fields under theirs.
 * Anything else (a choice from a list refused) is told under the form by the caller.
 */
export function refusedFields(
  issues: readonly FieldIssue[],
  v: TrunkValues,
): [RefusedField, CodedProblem][] {
  const out: [RefusedField, CodedProblem][] = [];
  for (const issue of issues) {
    const [name = '', index] = issue.path.split('.');
    const problem = { code: issue.code, params: issue.params };
    if (name === 'allowedIps') {
      const i = index === undefined ? Number.NaN : Number(index);
      if (Number.isInteger(i) && i < v.allowedIps.length) out.push([`allowedIps.${i}`, problem]);
      else if (Number.isInteger(i) && v.draft.trim()) out.push(['draft', problem]);
      else out.push(['allowedIps', problem]);
    } else if (FIELDS.includes(name)) out.push([name as RefusedField, problem]);
  }
  return out;
}
