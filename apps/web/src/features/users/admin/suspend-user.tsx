import type { AdminUserDetail } from '@parley/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useAdminErrorToast } from '@/lib/admin-errors';
import { isolate } from '@/lib/bidi';
import { useUser } from '@/lib/current-user';
import { showToast } from '@/lib/toast';
import { useSetUserDisabled } from './user-detail';

/**
 * Suspend (the account's disabled flag: no sign-in, its sessions end) or reactivate,
 * after a confirmation. An admin cannot suspend themselves, so their own row offers nothing.
 */
export function SuspendUser({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const { data: me } = useUser();
  const [asking, setAsking] = useState(false);
  const change = useSetUserDisabled();
  const errorToast = useAdminErrorToast();
  if (me?.id === user.id) return null;
  const action = user.disabled ? 'reactivate' : 'suspend';
  const confirm = () =>
    change.mutate(
      { id: user.id, disabled: !user.disabled },
      {
        onSuccess: (changed) => {
          setAsking(false);
          showToast(
            'success',
            t('common.success'),
            t(changed.disabled ? 'adminUsers.suspendedToast' : 'adminUsers.reactivatedToast', {
              email: isolate(changed.email),
            }),
          );
        },
        onError: (err) => {
          setAsking(false);
          errorToast(err);
        },
      },
    );
  return (
    <>
      <Button variant={user.disabled ? 'outline' : 'destructive'} onClick={() => setAsking(true)}>
        {t(`adminUsers.${action}`)}
      </Button>
      <ConfirmDialog
        open={asking}
        onCancel={() => setAsking(false)}
        title={t(`adminUsers.${action}Title`)}
        description={t(`adminUsers.${action}Text`, { email: isolate(user.email) })}
        confirm={t(`adminUsers.${action}`)}
        variant={user.disabled ? 'default' : 'destructive'}
        busy={change.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
