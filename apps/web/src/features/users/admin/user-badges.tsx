import type { AdminUser } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type ToneMap } from '@/components/status-badge';

const ROLE_TONES: ToneMap<'admin' | 'user'> = { admin: 'good', user: 'neutral' };
const STATUS_TONES: ToneMap<'active' | 'suspended'> = { active: 'good', suspended: 'bad' };

/** Admin or User, as the spec labels each user. */
export function RoleBadge({ user }: { user: Pick<AdminUser, 'isAdmin'> }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={user.isAdmin ? 'admin' : 'user'} tones={ROLE_TONES}>
      {user.isAdmin ? t('admin.users.admin') : t('admin.users.user')}
    </StatusBadge>
  );
}

/** Active, or suspended (the account is disabled: no sign-in, no sessions). */
export function UserStatusBadge({ user }: { user: Pick<AdminUser, 'disabled'> }) {
  const { t } = useTranslation();
  const status = user.disabled ? 'suspended' : 'active';
  return (
    <StatusBadge status={status} tones={STATUS_TONES}>
      {t(`adminUsers.${status}`)}
    </StatusBadge>
  );
}
