/** The final states a receipt reports, with SMPP's message_state values (5.2.28). */
export const RECEIPT_STATES = {
  DELIVRD: 2,
  EXPIRED: 3,
  UNDELIV: 5,
  REJECTD: 8,
} as const;
export type ReceiptStat = keyof typeof RECEIPT_STATES;

/** What a receipt is made from: the submit it answers and how its message ended. */
export interface ReceiptFacts {
  id: string;
  /** The submit_sm's addresses: the receipt goes from its destination back to its source. */
  source: string;
  destination: string;
  /** The SMS status ('delivered', 'failed', 'expired'), or null when it never went out. */
  status: string | null;
  submittedAt: Date;
  doneAt: Date | null;
  /** The first characters of the message, as receipts quote it. */
  text: string;
}

export function receiptStat(status: string | null): ReceiptStat {
  if (status === 'delivered') return 'DELIVRD';
  if (status === 'expired') return 'EXPIRED';
  if (status === 'failed') return 'UNDELIV';
  return 'REJECTD';
}

const two = (n: number) => String(n).padStart(2, '0');
/** YYMMDDhhmm in UTC, as the receipt text writes dates. */
export function receiptDate(d: Date): string {
  return (
    two(d.getUTCFullYear() % 100) +
    two(d.getUTCMonth() + 1) +
    two(d.getUTCDate()) +
    two(d.getUTCHours()) +
    two(d.getUTCMinutes())
  );
}

/** Only the receipt text's own alphabet: printable ASCII, spaces for the rest. */
const quoted = (text: string) => text.slice(0, 20).replace(/[^\x20-\x7e]/g, ' ');

/**
 * The deliver_sm of a delivery receipt, in the de-facto format of SMPP v3.4 Appendix B
 * (`id:… sub:… dlvrd:… submit date:… done date:… stat:… err:… text:…`) with the
 * receipted_message_id and message_state TLVs, which gateways prefer to the text.
 */
export function receiptPdu(r: ReceiptFacts): Record<string, unknown> {
  const stat = receiptStat(r.status);
  const delivered = stat === 'DELIVRD' ? '001' : '000';
  const err = stat === 'DELIVRD' ? '000' : stat === 'REJECTD' ? '069' : '001';
  const text =
    `id:${r.id} sub:001 dlvrd:${delivered} submit date:${receiptDate(r.submittedAt)} ` +
    `done date:${receiptDate(r.doneAt ?? r.submittedAt)} stat:${stat} err:${err} text:${quoted(r.text)}`;
  const numeric = (a: string) => /^\+?\d+$/.test(a);
  return {
    source_addr_ton: numeric(r.destination) ? 1 : 0,
    source_addr_npi: numeric(r.destination) ? 1 : 0,
    source_addr: r.destination.replace(/^\+/, ''),
    dest_addr_ton: numeric(r.source) ? 1 : 5,
    dest_addr_npi: numeric(r.source) ? 1 : 0,
    destination_addr: r.source,
    esm_class: 0x04,
    data_coding: 0x00,
    short_message: text,
    receipted_message_id: r.id,
    message_state: RECEIPT_STATES[stat],
  };
}
