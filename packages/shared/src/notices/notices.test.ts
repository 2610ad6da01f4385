import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../domain/languages.js';
import {
  NOTIFICATION_CODES,
  NOTIFICATION_PARAMS,
  type NotificationCode,
} from '../domain/notifications.js';
import {
  formatNoticeMoney,
  NOTICE_TEXTS,
  noticeEmail,
  placeholdersOf,
  plainText,
  wordNotice,
} from './index.js';

/** Every template of a language, by name ("renewal.charged.body", "email.link"…). */
function templates(lang: (typeof LANGUAGE_CODES)[number]): Record<string, string> {
  const texts = NOTICE_TEXTS[lang];
  const out: Record<string, string> = {};
  for (const [code, t] of Object.entries(texts.codes))
    for (const [part, text] of Object.entries(t)) out[`${code}.${part}`] = text;
  for (const [part, text] of Object.entries(texts.unknown)) out[`unknown.${part}`] = text;
  for (const [part, text] of Object.entries(texts.email)) out[`email.${part}`] = text;
  return out;
}
const english = templates('en');
const sorted = (a: string[]) => [...new Set(a)].sort();
/** Intl puts a no-break space between an amount and its symbol. */
const spaced = (s: string) => s.replaceAll('\u00a0', ' ');

describe('notice texts', () => {
  it('word every code in every language', () => {
    expect(Object.keys(NOTICE_TEXTS).sort()).toEqual([...LANGUAGE_CODES].sort());
    for (const lang of LANGUAGE_CODES)
      for (const code of NOTIFICATION_CODES) {
        const t = NOTICE_TEXTS[lang].codes[code];
        expect(t?.title, `${lang} ${code}`).toBeTruthy();
        expect(t?.body, `${lang} ${code}`).toBeTruthy();
      }
  });

  it('have every part English has, and no other, in every language', () => {
    for (const lang of LANGUAGE_CODES)
      expect(Object.keys(templates(lang)).sort(), lang).toEqual(Object.keys(english).sort());
  });

  it('are translated: no language copies the English of a sentence', () => {
    for (const lang of LANGUAGE_CODES.filter((l) => l !== 'en'))
      for (const [name, text] of Object.entries(templates(lang)))
        expect(text, `${lang} ${name}`).not.toBe(english[name]);
  });

  it('name the same values as English, and only values their code has', () => {
    for (const lang of LANGUAGE_CODES)
      for (const [name, text] of Object.entries(templates(lang)))
        expect(sorted(placeholdersOf(text)), `${lang} ${name}`).toEqual(
          sorted(placeholdersOf(english[name] ?? '')),
        );
    for (const code of NOTIFICATION_CODES) {
      const spec = NOTIFICATION_PARAMS[code];
      const t = NOTICE_TEXTS.en.codes[code];
      for (const name of [...placeholdersOf(t.title), ...placeholdersOf(t.body)])
        expect(spec.required as readonly string[], `${code} ${name}`).toContain(name);
    }
  });
});

const reminder = {
  item: 'Business SMS 5000',
  amount: '25.00',
  renewsAt: '2026-03-12T09:30:00.000Z',
  shortfall: '7.5',
};

describe('wordNotice', () => {
  it('formats amounts and dates for the language, values kept apart from the words', () => {
    const de = wordNotice('renewal.reminder', reminder, 'de');
    expect(spaced(plainText(de.body, 'de'))).toBe(
      'Business SMS 5000 wird am 12. März 2026 für 25,00 £ verlängert. Ihr Guthaben reicht dafür nicht aus: Laden Sie 7,50 £ auf, damit es weiterläuft.',
    );
    expect(de.body.filter((p) => 'value' in p).map((p) => ('value' in p ? p.kind : ''))).toEqual([
      'text',
      'date',
      'money',
      'money',
    ]);
    const en = wordNotice('renewal.reminder', reminder, 'en');
    expect(plainText(en.title, 'en')).toBe('Business SMS 5000 renews soon');
    expect(plainText(en.body, 'en')).toContain('renews on March 12, 2026 for £25.00');
  });

  it('isolates every value in Arabic plain text', () => {
    const ar = plainText(
      wordNotice('balance.low', { balance: '3.2', threshold: '10' }, 'ar').body,
      'ar',
    );
    expect(ar).toContain(`\u2068${formatNoticeMoney('3.2', 'ar')}\u2069`);
    expect(ar).toContain(`\u2068${formatNoticeMoney('10', 'ar')}\u2069`);
    expect(formatNoticeMoney('3.2', 'ar')).toContain('£');
  });

  it('keeps four decimals of a balance and never shows a float', () => {
    expect(formatNoticeMoney('0.0062', 'en')).toBe('£0.0062');
    expect(formatNoticeMoney('1234.5', 'en')).toBe('£1,234.50');
  });

  it('says when a suspended number is released only when it is known', () => {
    const without = wordNotice('subscription.suspended', { item: 'Plan' }, 'en');
    expect(plainText(without.body, 'en')).not.toContain('released');
    const withDate = wordNotice(
      'subscription.suspended',
      { item: '+44 20 7946 0000', releaseAt: '2026-04-01T00:00:00Z' },
      'fr',
    );
    expect(plainText(withDate.body, 'fr')).toContain('1 avril 2026');
  });

  it('words an unknown code generically rather than failing', () => {
    const w = wordNotice('renewal.someday', {}, 'ja');
    expect(w.known).toBe(false);
    expect(plainText(w.title, 'ja')).toBe(NOTICE_TEXTS.ja.unknown.title);
  });

  it('leaves a value that is not a date or an amount as it came', () => {
    const w = wordNotice('renewal.charged', { item: 'X', amount: 'n/a', renewsAt: 'soon' }, 'en');
    expect(plainText(w.body, 'en')).toBe('We charged n/a to renew X. Next renewal: soon.');
  });
});

describe('noticeEmail', () => {
  it('has the title as a one-line subject and the body, footer and link as text', () => {
    const mail = noticeEmail(
      { code: 'renewal.failed', params: { item: 'A\nB', amount: '5', graceUntil: '2026-01-02' } },
      'es',
      'https://parley.example/dashboard',
    );
    expect(mail.subject).toBe('Renovación fallida: A B');
    expect(spaced(mail.text)).toContain('No pudimos cobrar 5,00 £ por A\nB.');
    expect(mail.text).toContain('Todas tus notificaciones: https://parley.example/dashboard');
  });

  it('words each code in each language', () => {
    for (const lang of LANGUAGE_CODES)
      for (const code of NOTIFICATION_CODES) {
        const params = Object.fromEntries(
          NOTIFICATION_PARAMS[code as NotificationCode].required.map((n) => [n, '1']),
        );
        const mail = noticeEmail({ code, params }, lang);
        expect(mail.subject.length, `${lang} ${code}`).toBeGreaterThan(0);
        expect(mail.text).not.toMatch(/\{\w+\}/);
      }
  });
});
