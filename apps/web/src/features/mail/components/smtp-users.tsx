import { MAIL_MAX_CREDENTIALS, type MailCredential } from '@parley/shared';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@/components/confirm-button';
import { DataTable } from '@/components/data-table';
import { useFormErrorMessage } from '@/components/form-error';
import { QueryState } from '@/components/query-state';
import { ltr } from '@/lib/bidi';
import { showToast } from '@/lib/toast';
import { useMailCredentials, useRemoveMailCredential } from '../api/mail';
import { useMailFormat } from '../mail-format';
import { CreateSmtpUser } from './create-smtp-user';
import { MailCard } from './mail-card';

function UserRow({ user, onRemove }: { user: MailCredential; onRemove: () => void }) {
  const { t } = useTranslation();
  const f = useMailFormat();
  return (
    <tr className="border-t" data-testid={`mail-user-${user.username}`}>
      <td className="p-3">
        <code dir="ltr" className="break-all font-mono">
          {user.username}
        </code>
      </td>
      <td className="p-3 tabular-nums">
        {t('mail.users.perHour', { n: f.count(user.hourlyLimit) })}
      </td>
      <td className="p-3">{f.when(user.createdAt)}</td>
      <td className="p-3">
        {user.lastUsedAt ? f.when(user.lastUsedAt) : t('mail.users.neverUsed')}
      </td>
      <td className="p-3 text-end">
        <ConfirmButton
          size="sm"
          variant="destructive"
          title={t('mail.users.removeTitle')}
          description={t('mail.users.removeText', { username: ltr(user.username) })}
          confirmLabel={t('mail.users.remove')}
          onConfirm={onRemove}
        >
          {t('mail.users.remove')}
          <span className="sr-only"> {user.username}</span>
        </ConfirmButton>
      </td>
    </tr>
  );
}

/** The customer's SMTP users: each one's name, hourly limit and use; create and remove. */
export function SmtpUsers() {
  const { t } = useTranslation();
  const users = useMailCredentials();
  const remove = useRemoveMailCredential();
  const messageOf = useFormErrorMessage();
  const removeUser = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => showToast('success', t('common.success'), t('mail.users.removed')),
      onError: (err) =>
        showToast(
          'error',
          t('common.error'),
          messageOf(err, t('mail.users.removeFailed'), t('account.network')),
        ),
    });
  const full = (users.data?.length ?? 0) >= MAIL_MAX_CREDENTIALS;
  return (
    <MailCard
      id="mail-users-title"
      icon={KeyRound}
      title={t('mail.users.title')}
      description={t('mail.users.description')}
    >
      <CreateSmtpUser disabled={users.data === undefined || full} />
      {full && (
        <p className="text-sm text-muted-foreground">
          {t('mail.users.full', { max: MAIL_MAX_CREDENTIALS })}
        </p>
      )}
      <QueryState
        // A failed reload keeps what was shown: an open dialog must not unmount.
        query={{ ...users, isError: users.isError && users.data === undefined }}
        errorText={t('mail.users.loadFailed')}
        empty={t('mail.users.empty')}
        isEmpty={(list) => list.length === 0}
        small
      >
        {(list) => (
          <DataTable
            cards
            caption={t('mail.users.title')}
            headers={[
              t('mail.users.username'),
              t('mail.users.hourlyLimit'),
              t('mail.users.created'),
              t('mail.users.lastUsed'),
              { label: t('mail.actions'), end: true },
            ]}
          >
            {list.map((user) => (
              <UserRow key={user.id} user={user} onRemove={() => removeUser(user.id)} />
            ))}
          </DataTable>
        )}
      </QueryState>
    </MailCard>
  );
}
