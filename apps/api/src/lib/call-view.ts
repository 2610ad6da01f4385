import { type Call, moneyText } from '@parley/shared';

/** What a stored call holds that its answer shows (any module's row of `calls` fits). */
export interface StoredCall {
  id: string;
  direction: string;
  callerId: string;
  destination: string;
  country: string;
  status: string;
  duration: number | null;
  billableSeconds: number | null;
  includedSeconds: number | null;
  cost: string | null;
  ratePerMinute: string;
  price: string;
  priceCurrency: string;
  increments: string;
  maxSeconds: number;
  hangupCause: string | null;
  hangupBy: string | null;
  createdAt: Date | string;
  answeredAt: Date | string | null;
  endedAt: Date | string | null;
  lateReportAt: Date | string | null;
}

/** A time as the answer writes it; a raw read gives it already written (decision 0033). */
const text = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString());
const iso = (d: Date | string | null) => (d === null ? null : text(d));

/** A call as the contract shows it: the calling screen, monitoring and admins alike. */
export const toCall = (r: StoredCall): Call => ({
  id: r.id,
  direction: r.direction as Call['direction'],
  callerId: r.callerId,
  destination: r.destination,
  country: r.country,
  status: r.status as Call['status'],
  duration: r.duration,
  billableSeconds: r.billableSeconds,
  includedSeconds: r.includedSeconds,
  cost: r.cost === null ? null : moneyText(r.cost),
  ratePerMinute: moneyText(r.ratePerMinute),
  price: r.price,
  priceCurrency: r.priceCurrency,
  increments: r.increments,
  maxSeconds: r.maxSeconds,
  hangupCause: r.hangupCause as Call['hangupCause'],
  hangupBy: r.hangupBy as Call['hangupBy'],
  createdAt: text(r.createdAt),
  answeredAt: iso(r.answeredAt),
  endedAt: iso(r.endedAt),
  lateReportAt: iso(r.lateReportAt),
});
