import type { AdminUserDetail } from '@parley/shared';
import { BILLING_CURRENCY } from '@parley/shared/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { fullName, useUser } from '@/lib/current-user';
import { formatMoney } from '@/lib/money';
import { AdjustBalance } from './adjust-balance';
import { ResetLink } from './reset-link';
import { StatementDownload } from './statement-download';
import { SuspendUser } from './suspend-user';
import { UserActivity } from './user-activity';
import { UserApiKeys } from './user-api-keys';
import { RoleBadge, UserStatusBadge } from './user-badges';
import { useAdminUser } from './user-detail';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

function Summary({ user }: { user: AdminUserDetail }) {
  const { t, i18n } = useTranslation();
  const money = (amount: string) => (
    <bdi>{formatMoney(amount, BILLING_CURRENCY, i18n.language, 4)}</bdi>
  );
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-lg border p-4 sm:grid-cols-4">
      <Fact label={t('adminUsers.balance')}>
        <span data-testid="user-balance">{money(user.cryptoBalance)}</span>
      </Fact>
      <Fact label={t('adminUsers.held')}>{money(user.held)}</Fact>
      <Fact label={t('adminUsers.status')}>
        <UserStatusBadge user={user} />
      </Fact>
      <Fact label={t('admin.users.role')}>
        <RoleBadge user={user} />
      </Fact>
      <Fact label={t('adminUsers.joined')}>{date.format(new Date(user.createdAt))}</Fact>
      <Fact label={t('adminUsers.contact')}>
        {user.contactValue ? (
          <>
            {t(`auth.contactMethods.${user.contactMethod}`, {
              defaultValue: user.contactMethod ?? '',
            })}{' '}
            <bdi>{user.contactValue}</bdi>
          </>
        ) : (
          '—'
        )}
      </Fact>
    </dl>
  );
}

/**
 * One user, from the Users tab: balance and status, suspend or reactivate, a manual
 * credit or debit, a statement, and their ledger, orders, SMS and payments.
 */
export function UserDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useAdminUser(id);
  const { data: me } = useUser();
  const name = user.data ? fullName(user.data) : '';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('common.close')} width="widest">
        <div className="min-w-0 space-y-4">
          <div className="pe-8">
            <DialogTitle>{name || t('adminUsers.detailTitle')}</DialogTitle>
            <DialogDescription>
              <bdi>{user.data?.email ?? ''}</bdi>
            </DialogDescription>
          </div>
          <QueryState query={user} errorText={t('adminUsers.loadUserFailed')}>
            {(u) => (
              <>
                <Summary user={u} />
                <div className="flex flex-wrap gap-2">
                  <SuspendUser user={u} />
                  <ResetLink user={u} />
                </div>
                {me?.id === u.id ? (
                  <p className="rounded-lg border p-4 text-sm text-muted-foreground">
                    {t('adminUsers.adjust.notOwn')}
                  </p>
                ) : (
                  <AdjustBalance user={u} />
                )}
                <StatementDownload userId={u.id} />
                <UserActivity userId={u.id} />
                <UserApiKeys userId={u.id} />
              </>
            )}
          </QueryState>
        </div>
      </DialogContent>
    </Dialog>
  );
}
