import type { User } from '@parley/shared';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LayoutDashboard, LogOut, MessagesSquare, Shield } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { fullName } from '@/lib/current-user';
import { LOGOUT_URL } from '@/lib/routes';
import { forgetSession } from '@/lib/session-memory';
import { AccountLines } from './account-lines';

function initials(user: User): string {
  const letters = [user.firstName, user.lastName].map((n) => n?.trim()[0] ?? '').join('');
  return (letters || user.email[0] || '?').toUpperCase();
}

export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  // Signing out forgets cached transactions, SMS and call history at once.
  const queryClient = useQueryClient();
  const name = fullName(user) || user.email;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="round"
          // The name starts with the initials on show (WCAG 2.5.3), then says whose menu it is.
          aria-label={
            user.profileImageUrl
              ? t('userMenu.open', { name })
              : `${initials(user)}, ${t('userMenu.open', { name })}`
          }
        >
          {user.profileImageUrl ? (
            <img src={user.profileImageUrl} alt="" className="size-9 rounded-full object-cover" />
          ) : (
            <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
              {initials(user)}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>
          <AccountLines user={user} />
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/dashboard">
            <LayoutDashboard aria-hidden="true" />
            {t('nav.dashboard')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/account">
            <KeyRound aria-hidden="true" />
            {t('userMenu.account')}
          </Link>
        </DropdownMenuItem>
        {user.isAdmin && (
          <>
            <DropdownMenuItem asChild>
              <Link to="/admin">
                <Shield aria-hidden="true" />
                {t('nav.adminPanel')}
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/admin-chat">
                <MessagesSquare aria-hidden="true" />
                {t('nav.liveChat')}
              </Link>
            </DropdownMenuItem>
          </>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <a
            href={LOGOUT_URL}
            onClick={() => {
              forgetSession();
              queryClient.clear();
            }}
          >
            <LogOut aria-hidden="true" />
            {t('userMenu.logout')}
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
