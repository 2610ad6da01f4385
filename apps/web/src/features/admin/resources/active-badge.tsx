import { useTranslation } from 'react-i18next';

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${active ? 'bg-green-100 text-green-900' : 'bg-slate-100 text-slate-800'}`}
    >
      {active ? t('admin.active') : t('admin.inactive')}
    </span>
  );
}
