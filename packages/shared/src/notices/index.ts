import type { LanguageCode } from '../domain/languages.js';
import { languageDirection } from '../domain/languages.js';
import {
  isNotificationCode,
  NOTIFICATION_PARAM_KINDS,
  type NotificationCode,
  type NotificationParamName,
} from '../domain/notifications.js';
import { ar } from './texts/ar.js';
import { de } from './texts/de.js';
import { en } from './texts/en.js';
import { es } from './texts/es.js';
import { fr } from './texts/fr.js';
import { it } from './texts/it.js';
import { ja } from './texts/ja.js';
import { pt } from './texts/pt.js';
import { ru } from './texts/ru.js';
import { zh } from './texts/zh.js';
import type { NoticeTemplate, NoticeTexts } from './types.js';

export type { NoticeTemplate, NoticeTexts } from './types.js';

/**
 * The words of every notice in every language: one source for the notifications list
 * and the emails (`@parley/shared/notices`, outside the landing page's bundle).
 */
export const NOTICE_TEXTS: Record<LanguageCode, NoticeTexts> = {
  en,
  de,
  ar,
  fr,
  es,
  it,
  pt,
  ru,
  ja,
  zh,
};

/** A piece of a worded notice: words, or one of its values (shown isolated). */
export type NoticePart =
  | { text: string }
  | { text: string; value: NotificationParamName; kind: 'text' | 'money' | 'date' };

export interface WordedNotice {
  title: NoticePart[];
  body: NoticePart[];
  /** False when the code is unknown to this version: a generic text stands in. */
  known: boolean;
}

/** How values are shown; the browser passes its own (the reader's time zone). */
export interface NoticeFormat {
  money(amount: string): string;
  date(iso: string): string;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** GBP in the language's way, with "£" as its symbol in every language (as the pages show it). */
export function formatNoticeMoney(amount: string, language: string): string {
  let f = moneyFormats.get(language);
  if (!f) {
    f = new Intl.NumberFormat(language, {
      style: 'currency',
      currency: 'GBP',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    });
    moneyFormats.set(language, f);
  }
  const n = Number(amount);
  if (!Number.isFinite(n)) return amount;
  return f
    .formatToParts(n)
    .map((p) => (p.type === 'currency' ? '£' : p.value))
    .join('');
}

/** A date in the language's long form ("12 March 2026"), in `timeZone` (UTC by default). */
export function formatNoticeDate(iso: string, language: string, timeZone = 'UTC'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone }).format(date);
}

export const noticeFormat = (language: string, timeZone?: string): NoticeFormat => ({
  money: (amount) => formatNoticeMoney(amount, language),
  date: (iso) => formatNoticeDate(iso, language, timeZone),
});

/** The template a notice uses: a variant when an optional value is there. */
function templateOf(texts: NoticeTexts, code: NotificationCode, params: Record<string, string>) {
  const suspended = texts.codes['subscription.suspended'];
  if (code === 'subscription.suspended' && params.releaseAt)
    return { title: suspended.title, body: suspended.bodyWithRelease };
  const rejected = texts.codes['payment.rejected'];
  if (code === 'payment.rejected' && params.reason)
    return { title: rejected.title, body: rejected.bodyWithReason };
  return texts.codes[code];
}

/** `{name}` placeholders in a template, in order. */
export const placeholdersOf = (template: string): string[] =>
  [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

function partsOf(template: string, params: Record<string, string>, format: NoticeFormat) {
  const parts: NoticePart[] = [];
  let last = 0;
  for (const m of template.matchAll(/\{(\w+)\}/g)) {
    if (m.index > last) parts.push({ text: template.slice(last, m.index) });
    const name = m[1] as NotificationParamName;
    const raw = params[name] ?? '';
    const kind = NOTIFICATION_PARAM_KINDS[name] ?? 'text';
    const text = kind === 'money' ? format.money(raw) : kind === 'date' ? format.date(raw) : raw;
    parts.push({ text, value: name, kind });
    last = m.index + m[0].length;
  }
  if (last < template.length) parts.push({ text: template.slice(last) });
  return parts;
}

/** A notice in the reader's language, in parts, so each value can be isolated from the words. */
export function wordNotice(
  code: string,
  params: Record<string, string>,
  language: LanguageCode,
  format: NoticeFormat = noticeFormat(language),
): WordedNotice {
  const texts = NOTICE_TEXTS[language] ?? en;
  const known = isNotificationCode(code);
  const template: NoticeTemplate = known ? templateOf(texts, code, params) : texts.unknown;
  return {
    title: partsOf(template.title, params, format),
    body: partsOf(template.body, params, format),
    known,
  };
}

/**
 * Parts as plain text. In a right-to-left language each value is wrapped in FSI…PDI, so an
 * amount or an English product name keeps its own order inside the sentence.
 */
export function plainText(parts: NoticePart[], language: LanguageCode): string {
  const rtl = languageDirection(language) === 'rtl';
  return parts.map((p) => ('value' in p && rtl ? `\u2068${p.text}\u2069` : p.text)).join('');
}

/** A notice as an email: its title as subject, then greeting, body and why it came. */
export function noticeEmail(
  notice: { code: string; params: Record<string, string> },
  language: LanguageCode,
  link?: string,
): { subject: string; text: string } {
  const texts = NOTICE_TEXTS[language] ?? en;
  const worded = wordNotice(notice.code, notice.params, language);
  const lines = [texts.email.greeting, '', plainText(worded.body, language), '', '--'];
  lines.push(texts.email.footer);
  if (link) lines.push(texts.email.link.replace('{url}', link));
  // A subject is one line, whatever a value holds.
  const subject = plainText(worded.title, language).replace(/[\r\n]+/g, ' ');
  return { subject, text: `${lines.join('\n')}\n` };
}
