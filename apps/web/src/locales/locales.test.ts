import { LANGUAGE_CODES } from '@parley/shared/domain';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' });

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[prefix + key, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const en = flatten(files['./en.json'] as Tree);
const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();

// Values that are the same in every language: names, codes, numbers, sample input.
const SAME_AS_ENGLISH = new Set([
  'help.whatsapp',
  'help.telegram',
  'auth.contactMethods.telegram',
  'auth.contactMethods.whatsapp',
  'auth.emailPlaceholder',
  'auth.telegramPlaceholder',
  'auth.phonePlaceholder',
  'landing.hero.stats.uptime.value',
  'landing.hero.stats.countries.value',
  'landing.hero.stats.didCountries.value',
  'footer.links.sms',
  'footer.links.voip',
  'prices.tabs.sms',
  'dashboard.kinds.sms',
  'prices.tabs.voip',
  'sipTrunk.technical.ports.value',
  'sipTrunk.admin.columns.asr',
  'sipTrunk.admin.columns.acd',
  'sipTrunk.analytics.ms',
  'sipTrunk.analytics.percent',
  'admin.wallets.types.trust_wallet',
  'admin.wallets.types.metamask',
  'callCentre.tags.vip',
  'adminUsers.tabs.sms',
]);

// Words a language shares with English.
const SAME_IN: Record<string, string[]> = {
  de: [
    'adminChat.customer.name',
    'adminChat.canned.bodyLabel',
    'admin.fields.name',
    'admin.translations.name',
    'admin.fields.status',
    'admin.fields.region',
    'admin.fields.domain',
    'admin.payments.columns.status',
    'admin.wallets.types.system',
    'callCentre.demo.badge',
    'callCentre.manager.agents.agent',
    'callCentre.crm.fields.status',
    'callCentre.dialer.campaigns.status',
    'adminUsers.status',
    'adminUsers.columns.status',
    'sipTrunk.credentials.ports',
    'sipTrunk.numbers.trunkOption',
    'sipTrunk.admin.columns.trunk',
  ],
  es: ['common.error', 'admin.audit.no'],
  fr: [
    'notifications.title',
    'chat.conversation',
    'adminChat.list',
    'admin.translations.description',
    'admin.audit.targets.service',
    'adminPaymentsList.page',
    'admin.actions',
    'admin.csv.action',
    'admin.fields.description',
    'admin.fields.service',
    'admin.services.title',
    'admin.fields.type',
    'regions.europe',
    'admin.payments.columns.date',
    'admin.payments.columns.service',
    'admin.rates.source',
    'payment.catalogue',
    'callCentre.manager.agents.title',
    'callCentre.manager.agents.agent',
    'adminUsers.columns.date',
    'adminUsers.columns.message',
    'adminUsers.columns.service',
  ],
  it: [
    'auth.password',
    'admin.login.password',
    'regions.africa',
    'regions.oceania',
    'callCentre.demo.badge',
    'admin.audit.no',
    'smpp.created.password',
    'sipTrunk.numbers.trunkOption',
  ],
  pt: ['callCentre.demo.badge'],
};

describe.each(LANGUAGE_CODES.filter((c) => c !== 'en'))('locale %s', (code) => {
  const file = files[`./${code}.json`];

  it('exists', () => {
    expect(file, `src/locales/${code}.json is missing`).toBeDefined();
  });

  const messages = file ? flatten(file) : {};

  it('has every key English has, and no others', () => {
    expect(Object.keys(en).filter((k) => !(k in messages))).toEqual([]);
    expect(Object.keys(messages).filter((k) => !(k in en))).toEqual([]);
  });

  it('keeps every interpolation placeholder', () => {
    for (const [key, value] of Object.entries(en)) {
      if (key in messages)
        expect(placeholders(messages[key] ?? ''), key).toEqual(placeholders(value));
    }
  });

  it('is translated, not an English copy', () => {
    const same = new Set([...SAME_AS_ENGLISH, ...(SAME_IN[code] ?? [])]);
    const copies = Object.keys(en).filter((k) => !same.has(k) && messages[k] === en[k]);
    expect(copies).toEqual([]);
  });
});

describe('English', () => {
  const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
    eager: true,
    query: '?raw',
    import: 'default',
  });

  it('has every message the code asks for by a literal key', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const [file, text] of Object.entries(sources)) {
      for (const [, key] of text.matchAll(/\bt\(\s*'([\w.]+)'/g)) {
        checked++;
        if (key && !(key in en)) missing.push(`${file}: ${key}`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
