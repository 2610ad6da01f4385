import type { AdminUserDetail } from '@parley/shared';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useAdminErrorToast } from '@/lib/admin-errors';
import { isolate } from '@/lib/bidi';
import { useUser } from '@/lib/current-user';
import { resetPasswordUrl } from '@/lib/routes';
import { useIssuePasswordReset } from './user-detail';

/**
 * A one-time password reset link for a customer who cannot get one by email: asked for,
 * then shown once with a copy button (the server keeps only its hash). Not for the
 * admin's own account, nor a suspended one.
 */
export function ResetLink({ user }: { user: AdminUserDetail }) {
  const { t, i18n } = useTranslation();
  const { data: me } = useUser();
  const [asking, setAsking] = useState(false);
  const issue = useIssuePasswordReset();
  const errorToast = useAdminErrorToast();
  // Admins reset by email or npm run admin: the server refuses a link for one.
  if (me?.id === user.id || user.disabled || user.isAdmin) return null;
  const issued = issue.data;
  const link = issued ? resetPasswordUrl(window.location.origin, issued.token) : '';
  const until = issued
    ? new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(
        new Date(issued.expiresAt),
      )
    : '';
  const confirm = () =>
    issue.mutate(user.id, {
      onSuccess: () => setAsking(false),
      onError: (err) => {
        setAsking(false);
        errorToast(err);
      },
    });
  return (
    <>
      <Button variant="outline" onClick={() => setAsking(true)}>
        <KeyRound aria-hidden="true" />
        {t('adminUsers.resetLink.button')}
      </Button>
      <ConfirmDialog
        open={asking}
        onCancel={() => setAsking(false)}
        title={t('adminUsers.resetLink.title')}
        description={t('adminUsers.resetLink.text', { email: isolate(user.email) })}
        confirm={t('adminUsers.resetLink.create')}
        busy={issue.isPending}
        onConfirm={confirm}
      />
      <Dialog open={Boolean(issued)} onOpenChange={(open) => !open && issue.reset()}>
        <DialogContent closeLabel={t('common.close')}>
          <DialogTitle>{t('adminUsers.resetLink.readyTitle')}</DialogTitle>
          <DialogDescription>
            {t('adminUsers.resetLink.readyText', { email: isolate(user.email), until })}
          </DialogDescription>
          <div className="flex flex-col gap-2">
            <label htmlFor="reset-link-value" className="text-sm font-medium">
              {t('adminUsers.resetLink.label')}
            </label>
            <Input
              id="reset-link-value"
              readOnly
              dir="ltr"
              value={link}
              onFocus={(e) => e.currentTarget.select()}
            />
            <div>
              <CopyButton text={link} label={t('adminUsers.resetLink.copy')} />
            </div>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
