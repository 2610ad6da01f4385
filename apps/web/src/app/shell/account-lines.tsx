import type { User } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { fullName } from '@/lib/current-user';
import { formatBalance } from '@/lib/money';

/**
 * Whose account this is and its balance: the avatar menu's heading, and the same in the
 * phone drawer, which mirrors it (SPEC). Without a name the email is the name: said once.
 */
export function AccountLines({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const name = fullName(user) || user.email;
  return (
    <>
      <p className="font-medium break-all">{name}</p>
      {name !== user.email && (
        <p className="truncate text-xs text-muted-foreground">
          <bdi>{user.email}</bdi>
        </p>
      )}
      <p className="mt-1 text-xs">
        {t('userMenu.balance', { amount: formatBalance(user.cryptoBalance, i18n.language) })}
      </p>
    </>
  );
}
