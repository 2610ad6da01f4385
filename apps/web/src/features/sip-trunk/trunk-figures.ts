import type { TrunkStats } from '@parley/shared';

/** An average call duration as m:ss (75 → "1:15"); a dash without answered calls. */
export function acdText(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The answer-seizure ratio with one decimal in the reader's language; a dash without calls. */
export function asrText(asr: TrunkStats['asr'], lang: string): string {
  if (asr === null) return '—';
  return new Intl.NumberFormat(lang, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(asr / 100);
}
