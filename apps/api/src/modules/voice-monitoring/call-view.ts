import type { Call } from '@parley/shared';
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
