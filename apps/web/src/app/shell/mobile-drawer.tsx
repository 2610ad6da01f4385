import type { User } from '@parley/shared';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogOut } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { LOGIN_URL, LOGOUT_URL, SIGNUP_URL } from '@/lib/routes';
import { forgetSession } from '@/lib/session-memory';
import { cn } from '@/lib/utils';
import { AccountLines } from './account-lines';
import { LanguagePicker } from './language-picker';
import { CALL_CENTER_ITEMS, LANDING_ANCHORS, SERVICE_ITEMS } from './nav-items';
import { NotificationBell } from './notification-bell';

const itemClass = cn(buttonVariants({ variant: 'ghost', justify: 'start' }), 'w-full');

/** The side drawer on small screens; it mirrors the navigation bar. Loaded on first open. */
export default function MobileDrawer({
  user,
  open,
  onOpenChange,
}: {
  user: User | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  // Signing out forgets cached transactions, SMS and call history at once.
  const queryClient = useQueryClient();
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        closeLabel={t('common.close')}
        // Escape in the open language menu or notifications closes them only, not the drawer.
        onEscapeKeyDown={(e) => {
          if (e.target instanceof Element && e.target.closest('[role="menu"], [data-own-escape]'))
            e.preventDefault();
        }}
      >
        <SheetTitle className="text-lg font-semibold">Parley</SheetTitle>
        <SheetDescription className="sr-only">{t('nav.main')}</SheetDescription>
        {user && (
          <div data-testid="drawer-account" className="rounded-md border px-4 py-2">
            <AccountLines user={user} />
          </div>
        )}
        <nav aria-label={t('nav.main')} className="flex flex-col gap-1">
          <Link to="/" className={itemClass} onClick={close}>
            {t('nav.home')}
          </Link>
          {user ? (
            <>
              <p className="mt-3 px-4 text-xs font-semibold uppercase text-muted-foreground">
                {t('nav.services')}
              </p>
              {SERVICE_ITEMS.map((item) => (
                <Link key={item.key} to={item.to} className={itemClass} onClick={close}>
                  <item.icon aria-hidden="true" />
                  {t(`nav.items.${item.key}.name`)}
                </Link>
              ))}
              <p className="mt-3 px-4 text-xs font-semibold uppercase text-muted-foreground">
                {t('nav.callCenter')}
              </p>
              {CALL_CENTER_ITEMS.map((item) => (
                <Link key={item.key} to={item.to} className={itemClass} onClick={close}>
                  <item.icon aria-hidden="true" />
                  {t(`nav.items.${item.key}.name`)}
                </Link>
              ))}
              <Link to="/dashboard" className={cn(itemClass, 'mt-3')} onClick={close}>
                {t('nav.dashboard')}
              </Link>
              {!user.isAdmin && (
                <Suspense>
                  <NotificationBell variant="item" />
                </Suspense>
              )}
              <Link to="/account" className={itemClass} onClick={close}>
                <KeyRound aria-hidden="true" />
                {t('userMenu.account')}
              </Link>
              {user.isAdmin && (
                <>
                  <Link to="/admin" className={itemClass} onClick={close}>
                    {t('nav.admin')}
                  </Link>
                  <Link to="/admin-chat" className={itemClass} onClick={close}>
                    {t('nav.liveChat')}
                  </Link>
                </>
              )}
              <div className="mt-3 px-2">
                <LanguagePicker align="start" showName />
              </div>
              <a
                href={LOGOUT_URL}
                onClick={() => {
                  forgetSession();
                  queryClient.clear();
                }}
                className={itemClass}
              >
                <LogOut aria-hidden="true" />
                {t('userMenu.logout')}
              </a>
            </>
          ) : (
            <>
              {LANDING_ANCHORS.map((anchor) => (
                <a key={anchor} href={`/#${anchor}`} className={itemClass} onClick={close}>
                  {t(`nav.anchors.${anchor}`)}
                </a>
              ))}
              <div className="mt-4 flex items-center gap-2">
                <LanguagePicker align="start" />
                <a
                  href={LOGIN_URL}
                  className={cn(buttonVariants({ variant: 'outline' }), 'flex-1')}
                >
                  {t('nav.login')}
                </a>
                <a href={SIGNUP_URL} className={cn(buttonVariants(), 'flex-1')}>
                  {t('nav.signUp')}
                </a>
              </div>
            </>
          )}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
