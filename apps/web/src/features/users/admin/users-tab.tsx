import { type AdminUser, pagesOf, type UserStatus } from '@parley/shared';
import { BILLING_CURRENCY } from '@parley/shared/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { listTotal, PageNav } from '@/components/admin/page-nav';
import { DataTable } from '@/components/data-table';
import { FormField } from '@/components/form-field';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/input';
import { fullName } from '@/lib/current-user';
import { formatMoney } from '@/lib/money';
import { USERS_PAGE_SIZE, useAdminUsers } from './get-users';
import { RoleBadge, UserStatusBadge } from './user-badges';
import { UserDetailDialog } from './user-detail-dialog';

/** The detail view's user, kept in the address (`?tab=users&user=<id>`) so a reload keeps it. */
function useOpenUser() {
  const [params, setParams] = useSearchParams();
  const open = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('user', id);
        else next.delete('user');
        return next;
      },
      { replace: true },
    );
  return [params.get('user'), open] as const;
}

function Row({ user, onOpen }: { user: AdminUser; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const name = fullName(user) || '—';
  return (
    <tr className="border-t align-top">
      <td className="p-3">{name}</td>
      <td className="p-3 break-all">
        <bdi>{user.email}</bdi>
      </td>
      <td className="p-3">
        <RoleBadge user={user} />
      </td>
      <td className="p-3 whitespace-nowrap tabular-nums">
        <bdi>{formatMoney(user.cryptoBalance, BILLING_CURRENCY, i18n.language, 4)}</bdi>
      </td>
      <td className="p-3">
        <UserStatusBadge user={user} />
      </td>
      <td className="p-3 whitespace-nowrap">{date.format(new Date(user.updatedAt))}</td>
      <td className="p-3 text-end">
        <Button
          size="sm"
          variant="outline"
          onClick={onOpen}
          aria-label={t('adminUsers.openUser', { email: user.email })}
        >
          {t('adminUsers.open')}
        </Button>
      </td>
    </tr>
  );
}

/**
 * The Users tab: search by email or name and status (on the server, a page at a time),
 * each user's balance and status; a row opens the user's detail view.
 */
export function UsersTab() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ q: '', status: '' as UserStatus | '' });
  const [search, setSearch] = useState(draft);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useOpenUser();
  const users = useAdminUsers({
    q: search.q.trim() || undefined,
    status: search.status || undefined,
    page,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft);
    setPage(1);
  };
  return (
    <div className="space-y-4">
      <search aria-label={t('adminUsers.searchLabel')}>
        <form
          onSubmit={submit}
          className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
        >
          <FormField
            id="admin-users-q"
            label={t('adminUsers.search')}
            className="flex flex-col gap-1"
          >
            <Input
              type="search"
              value={draft.q}
              maxLength={254}
              placeholder={t('adminUsers.searchHint')}
              onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            />
          </FormField>
          <FormField
            id="admin-users-status"
            label={t('adminUsers.status')}
            className="flex flex-col gap-1"
          >
            <Select
              value={draft.status}
              onChange={(e) => setDraft({ ...draft, status: e.target.value as UserStatus | '' })}
            >
              <option value="">{t('adminUsers.anyStatus')}</option>
              <option value="active">{t('adminUsers.active')}</option>
              <option value="suspended">{t('adminUsers.suspended')}</option>
            </Select>
          </FormField>
          <Button type="submit">{t('adminUsers.searchButton')}</Button>
        </form>
      </search>
      <QueryState
        query={users}
        errorText={t('admin.users.loadFailed')}
        empty={t('adminUsers.noMatches')}
        isEmpty={(data) => data.items.length === 0}
      >
        {(data) => {
          const { pages, more } = pagesOf(data.total, USERS_PAGE_SIZE);
          return (
            <>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {t('adminUsers.count', { total: listTotal(data.total) })}
              </p>
              <DataTable
                cards
                caption={t('admin.users.title')}
                headers={[
                  t('admin.users.name'),
                  t('auth.email'),
                  t('admin.users.role'),
                  t('adminUsers.balance'),
                  t('adminUsers.status'),
                  t('admin.users.lastLogin'),
                  { label: t('admin.actions'), end: true },
                ]}
              >
                {data.items.map((u) => (
                  <Row key={u.id} user={u} onOpen={() => setOpenId(u.id)} />
                ))}
              </DataTable>
              <PageNav
                label={t('adminUsers.pages')}
                page={page}
                pages={pages}
                more={more}
                onPage={setPage}
              />
            </>
          );
        }}
      </QueryState>
      {openId && <UserDetailDialog id={openId} onClose={() => setOpenId(null)} />}
    </div>
  );
}
