import { type AdminPackage, type AdminService, FULFILMENT_KINDS } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { ActiveBadge } from '@/components/admin/active-badge';
import type { FieldSpec } from '@/components/admin/resource-form';
import { type Column, ResourceTab } from '@/components/admin/resource-tab';
import { type TranslationPart, translationValues } from '@/components/admin/translation-values';
import { formatMoney } from '@/lib/money';
import { useAdminList } from './catalogue-admin';
import { BILLING_PERIODS, CURRENCIES } from './options';

const PARTS: TranslationPart[] = ['name', 'description', 'features'];

export function PackagesTab() {
  const { t, i18n } = useTranslation();
  const servicesList = useAdminList('services');
  const services = servicesList.data ?? [];
  const language = i18n.language as keyof AdminService['translations'];
  /** The package's service as the admin reads it: translated name, else its name, else slug. */
  const serviceName = (p: AdminPackage) => {
    const service = services.find((s) => s.id === p.serviceId);
    return service ? (service.translations[language]?.name ?? service.name) : p.serviceSlug;
  };
  const fields: FieldSpec[] = [
    {
      name: 'serviceId',
      label: t('admin.fields.service'),
      kind: 'select',
      required: t('admin.validation.service'),
      options: [
        { value: '', label: t('admin.fields.chooseService') },
        ...services.map((s) => ({ value: s.id, label: s.name })),
      ],
    },
    {
      name: 'name',
      label: t('admin.fields.packageName'),
      kind: 'text',
      required: t('admin.validation.packageName'),
    },
    { name: 'description', label: t('admin.fields.description'), kind: 'textarea' },
    {
      name: 'price',
      label: t('admin.fields.price'),
      kind: 'decimal',
      scale: 2,
      required: t('admin.validation.price'),
    },
    { name: 'currency', label: t('admin.fields.currency'), kind: 'select', options: CURRENCIES },
    {
      name: 'billingPeriod',
      label: t('admin.fields.billingPeriod'),
      kind: 'select',
      options: BILLING_PERIODS.map((p) => ({ value: p, label: t(`serviceDetail.billing.${p}`) })),
    },
    {
      name: 'features',
      label: t('admin.fields.features'),
      kind: 'lines',
      hint: t('admin.fields.featuresHint'),
    },
    { name: 'isPopular', label: t('admin.fields.isPopular'), kind: 'checkbox' },
    { name: 'isAddon', label: t('admin.fields.isAddon'), kind: 'checkbox' },
    {
      name: 'fulfilment',
      label: t('fulfilment.field'),
      kind: 'select',
      hint: t('fulfilment.fieldHint'),
      options: FULFILMENT_KINDS.map((k) => ({ value: k, label: t(`fulfilment.kinds.${k}`) })),
    },
    { name: 'isActive', label: t('admin.fields.isActive'), kind: 'checkbox' },
    {
      name: 'translations',
      label: t('admin.translations.title'),
      kind: 'translations',
      parts: PARTS,
    },
  ];
  const columns: Column<AdminPackage>[] = [
    { header: t('admin.fields.service'), cell: serviceName },
    { header: t('admin.fields.packageName'), cell: (p) => p.name },
    {
      header: t('admin.fields.price'),
      cell: (p) =>
        `${formatMoney(p.price, p.currency, i18n.language)} ${t(`serviceDetail.billing.${p.billingPeriod}`, { defaultValue: p.billingPeriod })}`,
    },
    { header: t('fulfilment.field'), cell: (p) => t(`fulfilment.kinds.${p.fulfilment}`) },
    { header: t('admin.fields.status'), cell: (p) => <ActiveBadge active={p.isActive} /> },
  ];
  return (
    <ResourceTab<AdminPackage>
      resource="packages"
      ready={servicesList.isSuccess}
      texts={{
        title: t('admin.packages.title'),
        add: t('admin.packages.add'),
        edit: t('admin.packages.edit'),
        deleteConfirm: t('admin.packages.deleteConfirm'),
        empty: t('admin.packages.empty'),
        loadFailed: t('admin.loadFailed'),
      }}
      columns={columns}
      fields={fields}
      blank={{
        serviceId: '',
        name: '',
        description: '',
        price: '',
        currency: 'GBP',
        billingPeriod: 'monthly',
        features: '',
        isPopular: false,
        isAddon: false,
        fulfilment: 'automatic',
        isActive: true,
        ...translationValues({}, PARTS),
      }}
      toValues={(p) => ({
        serviceId: p.serviceId,
        name: p.name,
        description: p.description,
        price: p.price,
        currency: p.currency,
        billingPeriod: p.billingPeriod,
        features: p.features.join('\n'),
        isPopular: p.isPopular,
        isAddon: p.isAddon,
        fulfilment: p.fulfilment,
        isActive: p.isActive,
        ...translationValues(p.translations, PARTS),
      })}
      nameOf={(p) => p.name}
      matches={(p, q) => `${p.name} ${p.serviceSlug} ${serviceName(p)}`.toLowerCase().includes(q)}
    />
  );
}
