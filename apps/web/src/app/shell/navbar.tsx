import type { User } from '@parley/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { LOGIN_URL, SIGNUP_URL } from '@/lib/routes';
import { cn } from '@/lib/utils';
import { LanguagePicker } from './language-picker';
import { Logo } from './logo';
import { MobileNav } from './mobile-nav';
import { LANDING_ANCHORS } from './nav-items';

const MemberNav = lazy(() => import('./member-nav'));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(buttonVariants({ variant: 'ghost', size: 'sm' }), isActive && 'bg-accent');

export function Navbar({ user }: { user: User | null }) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <nav
        aria-label={t('nav.main')}
        className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4"
      >
        <MobileNav user={user} />
        <Logo />
        <div className="ms-6 hidden items-center gap-1 md:flex">
          <NavLink to="/" end className={linkClass}>
            {t('nav.home')}
          </NavLink>
          {user ? (
            <Suspense>
              <MemberNav user={user} part="links" />
            </Suspense>
          ) : (
            LANDING_ANCHORS.slice(0, 3).map((anchor) => (
              <a
                key={anchor}
                href={`/#${anchor}`}
                className={buttonVariants({ variant: 'ghost', size: 'sm' })}
              >
                {t(`nav.anchors.${anchor}`)}
              </a>
            ))
          )}
        </div>
        <div className="ms-auto flex items-center gap-2">
          {user ? (
            <Suspense>
              <MemberNav user={user} part="menu" />
            </Suspense>
          ) : (
            <>
              <LanguagePicker />
              <a
                href={LOGIN_URL}
                className={cn(
                  buttonVariants({ variant: 'ghost', size: 'sm' }),
                  'hidden sm:inline-flex',
                )}
              >
                {t('nav.login')}
              </a>
              <a href={SIGNUP_URL} className={buttonVariants({ size: 'sm' })}>
                {t('nav.signUp')}
              </a>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
