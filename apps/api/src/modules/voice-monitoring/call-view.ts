import { type Call, moneyText } from '@parley/shared';
import type { CallRow } from './voice-monitoring.repo.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A call row as the contract shows it. */
export const callView = (r: CallRow): Call => ({
  id: r.id,
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
  createdAt: r.createdAt.toISOString(),
  answeredAt: iso(r.answeredAt),
  endedAt: iso(r.endedAt),
});

export const CALLS_CSV_COLUMNS = [
  'started',
  'callerId',
  'destination',
  'country',
  'status',
  'durationSeconds',
  'billableSeconds',
  'includedSeconds',
  'ratePerMinute',
  'cost',
  'currency',
  'hangupCause',
  'hangupBy',
  'answered',
  'ended',
] as const;

/** One CSV line of a call (toCsv neutralises cells a spreadsheet would run). */
export const callCsvRow = (c: Call): string[] => [
  c.createdAt,
  c.callerId,
  c.destination,
  c.country,
  c.status,
  String(c.duration ?? ''),
  String(c.billableSeconds ?? ''),
  String(c.includedSeconds ?? ''),
  c.ratePerMinute,
  c.cost ?? '',
  'GBP',
  c.hangupCause ?? '',
  c.hangupBy ?? '',
  c.answeredAt ?? '',
  c.endedAt ?? '',
];
