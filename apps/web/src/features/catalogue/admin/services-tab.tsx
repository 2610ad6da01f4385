import type { AdminService } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { ActiveBadge } from '@/components/admin/active-badge';
import type { FieldSpec } from '@/components/admin/resource-form';
import { type Column, ResourceTab } from '@/components/admin/resource-tab';
import { type TranslationPart, translationValues } from '@/components/admin/translation-values';
import { SERVICE_ICONS } from '@/components/services-grid';
import { useAdminList } from './catalogue-admin';

const SLUG = /^[a-z0-9-]+$/;
const PARTS: TranslationPart[] = ['name', 'description'];

export function ServicesTab() {
  const { t } = useTranslation();
  const inUse = (useAdminList('services').data ?? []).map((s) => s.icon);
  const fields: FieldSpec[] = [
    {
      name: 'name',
      label: t('admin.fields.name'),
      kind: 'text',
      required: t('admin.validation.serviceName'),
    },
    {
      name: 'slug',
      label: t('admin.fields.slug'),
      kind: 'text',
      ltr: true,
      required: t('admin.validation.slugRequired'),
      pattern: { re: SLUG, message: t('admin.validation.slugFormat') },
      hint: t('admin.fields.slugHint'),
    },
    {
      name: 'icon',
      label: t('admin.fields.icon'),
      kind: 'select',
      required: t('admin.validation.icon'),
      // Icons already in use stay choosable, so an edit never changes one silently.
      options: [...new Set([...Object.keys(SERVICE_ICONS), ...inUse])].map((value) => ({
        value,
        label: value,
      })),
    },
    { name: 'description', label: t('admin.fields.description'), kind: 'textarea' },
    { name: 'isActive', label: t('admin.fields.isActive'), kind: 'checkbox' },
    {
      name: 'translations',
      label: t('admin.translations.title'),
      kind: 'translations',
      parts: PARTS,
    },
  ];
  const columns: Column<AdminService>[] = [
    { header: t('admin.fields.name'), cell: (s) => s.name },
    { header: t('admin.fields.slug'), cell: (s) => <code>{s.slug}</code>, ltr: true },
    { header: t('admin.fields.icon'), cell: (s) => s.icon, ltr: true },
    { header: t('admin.fields.status'), cell: (s) => <ActiveBadge active={s.isActive} /> },
  ];
  return (
    <ResourceTab<AdminService>
      resource="services"
      texts={{
        title: t('admin.services.title'),
        add: t('admin.services.add'),
        edit: t('admin.services.edit'),
        deleteConfirm: t('admin.services.deleteConfirm'),
        empty: t('admin.services.empty'),
        loadFailed: t('admin.loadFailed'),
      }}
      columns={columns}
      matches={(s, q) => `${s.name} ${s.slug} ${s.description}`.toLowerCase().includes(q)}
      fields={fields}
      blank={{
        name: '',
        slug: '',
        icon: 'globe',
        description: '',
        isActive: true,
        ...translationValues({}, PARTS),
      }}
      toValues={(s) => ({
        name: s.name,
        slug: s.slug,
        icon: s.icon,
        description: s.description,
        isActive: s.isActive,
        ...translationValues(s.translations, PARTS),
      })}
      nameOf={(s) => s.name}
    />
  );
}
