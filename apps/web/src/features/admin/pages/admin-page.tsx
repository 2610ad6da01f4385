import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useUser } from '@/lib/current-user';
import { showToast } from '@/lib/toast';
import { UsersTable } from '../components/users-table';

/** The admin panel; its tabs fill in as the catalogue and payments features land. */
export default function AdminPage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const denied = !user?.isAdmin;
  useEffect(() => {
    if (denied) showToast('error', t('admin.accessDenied.title'), t('admin.accessDenied.text'));
  }, [denied, t]);
  if (denied) return <Navigate to="/dashboard" replace />;
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{t('nav.adminPanel')}</h1>
      <section aria-labelledby="admin-users-title" className="space-y-3">
        <h2 id="admin-users-title" className="text-xl font-semibold">
          {t('admin.users.title')}
        </h2>
        <UsersTable />
      </section>
    </div>
  );
}
