import { useTranslation } from 'react-i18next';
import { useAdminUsers } from '../api/get-users';

export function UsersTable() {
  const { t, i18n } = useTranslation();
  const { data, isPending, error } = useAdminUsers();
  if (isPending) return <p role="status">{t('common.loading')}</p>;
  if (error)
    return (
      <p role="alert" className="text-destructive">
        {t('admin.users.loadFailed')}
      </p>
    );
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('admin.users.title')}</caption>
        <thead className="bg-muted text-start">
          <tr>
            <th scope="col" className="p-3 text-start">
              {t('admin.users.name')}
            </th>
            <th scope="col" className="p-3 text-start">
              {t('auth.email')}
            </th>
            <th scope="col" className="p-3 text-start">
              {t('admin.users.role')}
            </th>
            <th scope="col" className="p-3 text-start">
              {t('admin.users.lastLogin')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.map((u) => (
            <tr key={u.id} className="border-t">
              <td className="p-3">{[u.firstName, u.lastName].filter(Boolean).join(' ') || '—'}</td>
              <td className="p-3">{u.email}</td>
              <td className="p-3">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ${u.isAdmin ? 'bg-green-100 text-green-900' : 'bg-slate-100 text-slate-800'}`}
                >
                  {u.isAdmin ? t('admin.users.admin') : t('admin.users.user')}
                </span>
                {u.disabled && (
                  <span className="ms-2 text-xs text-destructive">{t('admin.users.disabled')}</span>
                )}
              </td>
              <td className="p-3">{date.format(new Date(u.updatedAt))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
