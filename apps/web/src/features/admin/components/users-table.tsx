import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { StatusBadge, type ToneMap } from '@/components/status-badge';
import { useAdminUsers } from '../api/get-users';

const ROLE_TONES: ToneMap<'admin' | 'user'> = { admin: 'good', user: 'neutral' };

export function UsersTable() {
  const { t, i18n } = useTranslation();
  const users = useAdminUsers({});
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <QueryState query={users} errorText={t('admin.users.loadFailed')}>
      {(data) => (
        <DataTable
          caption={t('admin.users.title')}
          headers={[
            t('admin.users.name'),
            t('auth.email'),
            t('admin.users.role'),
            t('admin.users.lastLogin'),
          ]}
        >
          {data.items.map((u) => (
            <tr key={u.id} className="border-t">
              <td className="p-3">{[u.firstName, u.lastName].filter(Boolean).join(' ') || '—'}</td>
              <td className="p-3">{u.email}</td>
              <td className="p-3">
                <StatusBadge status={u.isAdmin ? 'admin' : 'user'} tones={ROLE_TONES}>
                  {u.isAdmin ? t('admin.users.admin') : t('admin.users.user')}
                </StatusBadge>
                {u.disabled && (
                  <span className="ms-2 text-xs text-destructive">{t('admin.users.disabled')}</span>
                )}
              </td>
              <td className="p-3">{date.format(new Date(u.updatedAt))}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </QueryState>
  );
}
