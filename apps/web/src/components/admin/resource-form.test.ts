import { describe, expect, it } from 'vitest';
import {
  type FieldSpec,
  type FormValues,
  settleOptions,
  toBody,
  validate,
} from './resource-form-values';
import { translationValues } from './translation-values';

const fields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: 'Name is required' },
  {
    name: 'slug',
    label: 'Slug',
    kind: 'text',
    required: 'Slug is required',
    pattern: { re: /^[a-z0-9-]+$/, message: 'Invalid slug format' },
  },
  { name: 'sms', label: 'SMS price', kind: 'decimal', scale: 4, required: 'SMS price is required' },
  { name: 'code', label: 'Code', kind: 'text', nullIfEmpty: true },
  { name: 'features', label: 'Features', kind: 'lines' },
  { name: 'isActive', label: 'Active', kind: 'checkbox' },
];
const decimal = (label: string, scale: number) => `${label}/${scale}`;

describe('validate', () => {
  it('names every empty required field with its own message', () => {
    expect(validate(fields, { name: ' ', slug: '', sms: '', isActive: true }, decimal)).toEqual({
      name: 'Name is required',
      slug: 'Slug is required',
      sms: 'SMS price is required',
    });
  });

  it('checks patterns and decimal places, refusing negatives and text', () => {
    const base = { name: 'A', slug: 'ok-1', sms: '0.0123' };
    expect(validate(fields, base, decimal)).toEqual({});
    expect(validate(fields, { ...base, slug: 'Not OK' }, decimal)).toEqual({
      slug: 'Invalid slug format',
    });
    for (const sms of ['-1', '0.01234', 'abc', '1e3', '1,5'])
      expect(validate(fields, { ...base, sms }, decimal), sms).toEqual({ sms: 'SMS price/4' });
  });
});

describe('toBody', () => {
  it('trims text, keeps booleans, splits lines and sends null for an empty optional code', () => {
    expect(
      toBody(fields, {
        name: ' Fax ',
        slug: 'fax',
        sms: '0.01',
        code: '',
        features: 'One\n\n  Two  \n',
        isActive: false,
      }),
    ).toEqual({
      name: 'Fax',
      slug: 'fax',
      sms: '0.01',
      code: null,
      features: ['One', 'Two'],
      isActive: false,
    });
  });
});

describe('settleOptions', () => {
  const chains: Record<string, string[]> = { BTC: ['bitcoin'], USDT: ['tron', 'ethereum'] };
  const wallet: FieldSpec[] = [
    { name: 'currency', label: 'Currency', kind: 'select', options: [] },
    {
      name: 'network',
      label: 'Network',
      kind: 'select',
      options: (v) => (chains[String(v.currency)] ?? []).map((n) => ({ value: n, label: n })),
    },
  ];

  it('moves a dependent select to its first choice when its value is no longer offered', () => {
    expect(settleOptions(wallet, { currency: 'USDT', network: 'bitcoin' })).toEqual({
      currency: 'USDT',
      network: 'tron',
    });
    expect(settleOptions(wallet, { currency: 'BTC', network: 'ethereum' })).toEqual({
      currency: 'BTC',
      network: 'bitcoin',
    });
  });

  it('keeps a value that is still offered', () => {
    const values = { currency: 'USDT', network: 'ethereum' };
    expect(settleOptions(wallet, values)).toBe(values);
  });
});

describe('a translations field', () => {
  const parts = ['name', 'description', 'features'] as const;
  const withTranslations: FieldSpec[] = [
    { name: 'name', label: 'Name', kind: 'text', required: 'Name is required' },
    { name: 'translations', label: 'Translations', kind: 'translations', parts },
  ];
  const stored = {
    ar: { description: 'مكالمات ليلية', features: ['', 'بريد صوتي'] },
    de: { name: 'Nachteule' },
  };
  const values: FormValues = { name: 'Night Owl', ...translationValues(stored, parts) };

  it('holds every language’s parts as form values, features one per line', () => {
    expect(values['tr:ar:features']).toBe('\nبريد صوتي');
    expect(values['tr:de:name']).toBe('Nachteule');
    expect(values['tr:ja:name']).toBe('');
    expect(Object.keys(values).filter((k) => k.startsWith('tr:'))).toHaveLength(27);
  });

  it('sends every language back, keeping an empty feature’s place', () => {
    const body = toBody(withTranslations, { ...values, 'tr:de:description': '  Nachts.  ' });
    expect(body.name).toBe('Night Owl');
    expect((body.translations as Record<string, unknown>).ar).toEqual({
      name: '',
      description: 'مكالمات ليلية',
      features: ['', 'بريد صوتي'],
    });
    expect((body.translations as Record<string, unknown>).de).toEqual({
      name: 'Nachteule',
      description: 'Nachts.',
      features: [],
    });
  });

  it('refuses control characters, a name on two lines and too much text, per language', () => {
    const errors = validate(
      withTranslations,
      {
        ...values,
        'tr:ar:description': 'bad\u0007bell',
        'tr:de:name': 'x'.repeat(101),
        'tr:fr:features': 'Un\tdeux',
        'tr:ja:description': 'ok\nmulti-line is fine here',
      },
      decimal,
      (p) => `${p.code}${p.params && 'maximum' in p.params ? `/${p.params.maximum}` : ''}`,
      (languages) => `check ${languages.join(',')}`,
    );
    expect(errors).toEqual({
      'tr:ar:description': 'CONTROL_CHARACTERS',
      'tr:de:name': 'TOO_LONG/100',
      'tr:fr:features': 'NOT_ONE_LINE',
      translations: 'check fr,de,ar',
    });
  });
});
