import type { AdminNumber } from '@parley/shared';
import { NUMBER_STATUSES, NUMBER_TYPES } from '@parley/shared/domain';
import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '@/components/admin/resource-form';
import { type Column, ResourceTab } from '@/components/admin/resource-tab';
import { formatMoney } from '@/lib/money';
import { CsvImport } from './csv-import';
import { CURRENCIES, TWO_LETTERS } from './options';

const E164 = /^\+[1-9]\d{5,14}$/;

/** The DID and toll-free inventory. */
export function NumbersTab() {
  const { t, i18n } = useTranslation();
  const fields: FieldSpec[] = [
    {
      name: 'number',
      label: t('admin.fields.number'),
      kind: 'text',
      ltr: true,
      required: t('admin.validation.number'),
      pattern: { re: E164, message: t('admin.validation.numberFormat') },
      hint: t('admin.fields.numberHint'),
    },
    {
      name: 'countryCode',
      label: t('admin.fields.countryCode'),
      kind: 'text',
      ltr: true,
      required: t('admin.validation.countryCode'),
      pattern: { re: TWO_LETTERS, message: t('admin.validation.countryCode') },
    },
    { name: 'city', label: t('admin.fields.city'), kind: 'text', nullIfEmpty: true },
    {
      name: 'type',
      label: t('admin.fields.type'),
      kind: 'select',
      options: NUMBER_TYPES.map((v) => ({ value: v, label: t(`numbers.types.${v}`) })),
    },
    {
      name: 'monthlyPrice',
      label: t('admin.fields.monthlyPrice'),
      kind: 'decimal',
      scale: 2,
      required: t('admin.validation.monthlyPrice'),
    },
    {
      name: 'setupPrice',
      label: t('admin.fields.setupPrice'),
      kind: 'decimal',
      scale: 2,
      required: t('admin.validation.setupPrice'),
    },
    { name: 'currency', label: t('admin.fields.currency'), kind: 'select', options: CURRENCIES },
    {
      name: 'status',
      label: t('admin.fields.status'),
      kind: 'select',
      options: NUMBER_STATUSES.map((v) => ({ value: v, label: t(`admin.numberStatus.${v}`) })),
    },
    {
      name: 'features',
      label: t('admin.fields.features'),
      kind: 'lines',
      hint: t('admin.fields.featuresHint'),
    },
  ];
  const columns: Column<AdminNumber>[] = [
    { header: t('admin.fields.number'), cell: (n) => n.number, ltr: true },
    { header: t('admin.fields.countryCode'), cell: (n) => n.countryCode, ltr: true },
    { header: t('admin.fields.city'), cell: (n) => n.city ?? '—' },
    { header: t('admin.fields.type'), cell: (n) => t(`numbers.types.${n.type}`) },
    {
      header: t('admin.fields.monthlyPrice'),
      cell: (n) => formatMoney(n.monthlyPrice, n.currency, i18n.language),
    },
    { header: t('admin.fields.status'), cell: (n) => t(`admin.numberStatus.${n.status}`) },
  ];
  return (
    <ResourceTab<AdminNumber>
      resource="numbers"
      texts={{
        title: t('admin.numbers.title'),
        add: t('admin.numbers.add'),
        edit: t('admin.numbers.edit'),
        deleteConfirm: t('admin.numbers.deleteConfirm'),
        empty: t('admin.numbers.empty'),
        loadFailed: t('admin.loadFailed'),
      }}
      columns={columns}
      fields={fields}
      blank={{
        number: '',
        countryCode: '',
        city: '',
        type: 'local',
        monthlyPrice: '',
        setupPrice: '0.00',
        currency: 'USD',
        status: 'available',
        features: '',
      }}
      toValues={(n) => ({
        number: n.number,
        countryCode: n.countryCode,
        city: n.city ?? '',
        type: n.type,
        monthlyPrice: n.monthlyPrice,
        setupPrice: n.setupPrice,
        currency: n.currency,
        status: n.status,
        features: n.features.join('\n'),
      })}
      nameOf={(n) => n.number}
      matches={(n, q) => `${n.number} ${n.countryCode} ${n.city ?? ''}`.toLowerCase().includes(q)}
      tools={<CsvImport resource="numbers" />}
    />
  );
}
