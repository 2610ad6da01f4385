import type { SipDomain } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { ActiveBadge } from '@/components/admin/active-badge';
import type { FieldSpec } from '@/components/admin/resource-form';
import { type Column, ResourceTab } from '@/components/admin/resource-tab';
import { formatMoney } from '@/lib/money';
import { CURRENCIES } from './options';

const DOMAIN = /^([a-z0-9](-?[a-z0-9])*)(\.[a-z0-9](-?[a-z0-9])*)+$/i;

export function SipDomainsTab() {
  const { t, i18n } = useTranslation();
  const fields: FieldSpec[] = [
    {
      name: 'domain',
      label: t('admin.fields.domain'),
      kind: 'text',
      ltr: true,
      required: t('admin.validation.domain'),
      pattern: { re: DOMAIN, message: t('admin.validation.domainFormat') },
    },
    {
      name: 'price',
      label: t('admin.fields.price'),
      kind: 'decimal',
      scale: 2,
      required: t('admin.validation.price'),
    },
    { name: 'currency', label: t('admin.fields.currency'), kind: 'select', options: CURRENCIES },
    { name: 'isActive', label: t('admin.fields.isActive'), kind: 'checkbox' },
  ];
  const columns: Column<SipDomain>[] = [
    { header: t('admin.fields.domain'), cell: (d) => d.domain, ltr: true },
    {
      header: t('admin.fields.price'),
      cell: (d) => formatMoney(d.price, d.currency, i18n.language),
    },
    { header: t('admin.fields.status'), cell: (d) => <ActiveBadge active={d.isActive} /> },
  ];
  return (
    <ResourceTab<SipDomain>
      resource="sip-domains"
      texts={{
        title: t('admin.sipDomains.title'),
        add: t('admin.sipDomains.add'),
        edit: t('admin.sipDomains.edit'),
        deleteConfirm: t('admin.sipDomains.deleteConfirm'),
        empty: t('admin.sipDomains.empty'),
        loadFailed: t('admin.loadFailed'),
      }}
      columns={columns}
      fields={fields}
      blank={{ domain: '', price: '400.00', currency: 'GBP', isActive: true }}
      toValues={(d) => ({
        domain: d.domain,
        price: d.price,
        currency: d.currency,
        isActive: d.isActive,
      })}
      nameOf={(d) => d.domain}
    />
  );
}
