import type { CountryPricing } from '@parley/shared';
import { catalogueAdminApi, pathOf } from '@parley/shared/api';
import { REGIONS } from '@parley/shared/domain';
import { useTranslation } from 'react-i18next';
import { ActiveBadge } from '@/components/admin/active-badge';
import type { FieldSpec } from '@/components/admin/resource-form';
import { type Column, ResourceTab } from '@/components/admin/resource-tab';
import { regionLabel } from '@/features/catalogue/regions';
import { countryLabel } from '@/lib/country-name';
import { CsvExportLink, CsvImport } from './csv-import';
import { CURRENCIES, TWO_LETTERS } from './options';

export function CountryPricingTab() {
  const { t, i18n } = useTranslation();
  const price = (name: keyof CountryPricing, scale: number): FieldSpec => ({
    name,
    label: t(`admin.fields.${name}`),
    kind: 'decimal',
    scale,
    required: t(`admin.validation.${name}`),
  });
  const fields: FieldSpec[] = [
    {
      name: 'countryName',
      label: t('admin.fields.countryName'),
      kind: 'text',
      required: t('admin.validation.countryName'),
    },
    {
      name: 'countryCode',
      label: t('admin.fields.countryCode'),
      kind: 'text',
      ltr: true,
      nullIfEmpty: true,
      pattern: { re: TWO_LETTERS, message: t('admin.validation.countryCode') },
    },
    {
      name: 'region',
      label: t('admin.fields.region'),
      kind: 'select',
      required: t('admin.validation.region'),
      options: [
        { value: '', label: t('admin.fields.chooseRegion') },
        ...REGIONS.map((r) => ({ value: r, label: regionLabel(t, r) })),
      ],
    },
    { name: 'currency', label: t('admin.fields.currency'), kind: 'select', options: CURRENCIES },
    price('smsPrice', 4),
    price('voipPrice', 4),
    price('didPrice', 2),
    price('sipTrunkPrice', 2),
    { name: 'isActive', label: t('admin.fields.isActive'), kind: 'checkbox' },
  ];
  const amount = (key: 'smsPrice' | 'voipPrice' | 'didPrice' | 'sipTrunkPrice') => ({
    header: t(`admin.fields.${key}`),
    cell: (r: CountryPricing) => `${r[key]} ${r.currency}`,
    ltr: true,
  });
  const columns: Column<CountryPricing>[] = [
    {
      header: t('admin.fields.countryName'),
      // In the admin's language by its code; the stored name beneath when it differs.
      cell: (r) => {
        const name = countryLabel(r, i18n.language);
        return (
          <>
            {name}
            {name !== r.countryName && (
              <div className="text-xs text-muted-foreground">{r.countryName}</div>
            )}
          </>
        );
      },
    },
    { header: t('admin.fields.countryCode'), cell: (r) => r.countryCode ?? '—', ltr: true },
    { header: t('admin.fields.region'), cell: (r) => regionLabel(t, r.region) },
    amount('smsPrice'),
    amount('voipPrice'),
    amount('didPrice'),
    amount('sipTrunkPrice'),
    { header: t('admin.fields.status'), cell: (r) => <ActiveBadge active={r.isActive} /> },
  ];
  return (
    <ResourceTab<CountryPricing>
      resource="country-pricing"
      texts={{
        title: t('admin.countryPricing.title'),
        add: t('admin.countryPricing.add'),
        edit: t('admin.countryPricing.edit'),
        deleteConfirm: t('admin.countryPricing.deleteConfirm'),
        empty: t('admin.countryPricing.empty'),
        loadFailed: t('admin.loadFailed'),
      }}
      columns={columns}
      fields={fields}
      blank={{
        countryName: '',
        countryCode: '',
        region: '',
        currency: 'USD',
        smsPrice: '',
        voipPrice: '',
        didPrice: '',
        sipTrunkPrice: '',
        isActive: true,
      }}
      toValues={(r) => ({
        countryName: r.countryName,
        countryCode: r.countryCode ?? '',
        region: r.region,
        currency: r.currency,
        smsPrice: r.smsPrice,
        voipPrice: r.voipPrice,
        didPrice: r.didPrice,
        sipTrunkPrice: r.sipTrunkPrice,
        isActive: r.isActive,
      })}
      nameOf={(r) => r.countryName}
      matches={(r, q) =>
        `${r.countryName} ${countryLabel(r, i18n.language)} ${r.countryCode ?? ''}`
          .toLowerCase()
          .includes(q)
      }
      tools={
        <>
          <CsvExportLink href={pathOf(catalogueAdminApi.exportCountryPricing)} />
          <CsvImport resource="country-pricing" />
        </>
      }
    />
  );
}
