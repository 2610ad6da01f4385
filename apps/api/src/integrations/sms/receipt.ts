import type { ReceiptStatus as Receipt } from './port.js';

/**
 * The forms an upstream id may take: SMSCs answer submit_sm with a hex id and quote it
 * in decimal in the receipt, or the other way round. Ids are stored lower-cased.
 */
export function receiptIdCandidates(id: string): string[] {
  const raw = id.trim().toLowerCase();
  const out = new Set([raw]);
  if (/^\d{1,30}$/.test(raw)) out.add(BigInt(raw).toString(16));
  if (/^[0-9a-f]{1,25}$/.test(raw)) out.add(BigInt(`0x${raw}`).toString(10));
  // Leading zeros are not significant in either form.
  for (const v of [...out]) out.add(v.replace(/^0+(?=.)/, ''));
  return [...out];
}

const FINAL: Record<string, Receipt['status']> = {
  DELIVRD: 'delivered',
  EXPIRED: 'failed',
  DELETED: 'failed',
  UNDELIV: 'failed',
  REJECTD: 'failed',
  UNKNOWN: 'failed',
};

/**
 * Reads a delivery receipt's text ("id:… sub:… dlvr:… submit date:… done date:…
 * stat:DELIVRD err:000 text:…"); null for anything that is not a final receipt.
 * `receiptedId` is the TLV receipted_message_id, which wins when present.
 */
export function parseReceipt(text: string, receiptedId?: string | null): Receipt | null {
  const id = receiptedId?.trim() || /(?:^|\s)id:(\S+)/i.exec(text)?.[1];
  const stat = /(?:^|\s)stat:(\w+)/i.exec(text)?.[1]?.toUpperCase();
  if (!id || !stat) return null;
  const status = FINAL[stat];
  if (!status) return null;
  const err = /(?:^|\s)err:(\w+)/i.exec(text)?.[1];
  return status === 'failed'
    ? { upstreamId: id, status, error: `${stat}${err ? ` (err ${err})` : ''}` }
    : { upstreamId: id, status };
}

/** SMPP message_state values (SMPP 3.4 §5.2.28) that are final. */
const STATES: Record<number, Receipt['status']> = {
  2: 'delivered',
  3: 'failed', // expired
  4: 'failed', // deleted
  5: 'failed', // undeliverable
  8: 'failed', // rejected
};
const STATE_NAMES: Record<number, string> = {
  3: 'EXPIRED',
  4: 'DELETED',
  5: 'UNDELIV',
  8: 'REJECTD',
};

/** A receipt given only by TLVs (receipted_message_id and message_state). */
export function receiptFromState(id: string, state: number): Receipt | null {
  const status = STATES[state];
  if (!status) return null;
  return status === 'failed'
    ? { upstreamId: id, status, error: STATE_NAMES[state] ?? `state ${state}` }
    : { upstreamId: id, status };
}
