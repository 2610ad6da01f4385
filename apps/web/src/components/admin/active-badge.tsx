import { useTranslation } from 'react-i18next';
import { StatusBadge, type ToneMap } from '@/components/status-badge';

const ACTIVE_TONES: ToneMap<'active' | 'inactive'> = { active: 'good', inactive: 'neutral' };

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={active ? 'active' : 'inactive'} tones={ACTIVE_TONES}>
      {active ? t('admin.active') : t('admin.inactive')}
    </StatusBadge>
  );
}
