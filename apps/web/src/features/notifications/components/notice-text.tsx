import type { LanguageCode } from '@parley/shared/domain';
import { formatNoticeDate, type NoticePart, wordNotice } from '@parley/shared/notices';
import { formatMoney } from '@/lib/money';

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A notice's title and line in the reader's language, amounts in GBP, dates in their time zone. */
export function wordedNotice(
  notice: { code: string; params: Record<string, string> },
  language: LanguageCode,
) {
  return wordNotice(notice.code, notice.params, language, {
    money: (amount) => formatMoney(amount, 'GBP', language, 4),
    date: (iso) => formatNoticeDate(iso, language, timeZone()),
  });
}

/** Words as they are; each value isolated, so an amount or a product name keeps its order in Arabic. */
export function Parts({ parts }: { parts: NoticePart[] }) {
  return parts.map((part, i) =>
    'value' in part ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
      <bdi key={i} dir={part.kind === 'money' ? 'ltr' : undefined}>
        {part.text}
      </bdi>
    ) : (
      part.text
    ),
  );
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 3600],
  ['day', 86_400],
];

/** "5 minutes ago", "yesterday"; past a week, the date. */
export function noticeTime(iso: string, language: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Math.abs(seconds) >= 7 * 86_400)
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (Math.abs(seconds) < 60) return rtf.format(0, 'minute');
  let unit: [Intl.RelativeTimeFormatUnit, number] = ['minute', 60];
  for (const u of UNITS) if (Math.abs(seconds) >= u[1]) unit = u;
  return rtf.format(Math.round(seconds / unit[1]), unit[0]);
}
