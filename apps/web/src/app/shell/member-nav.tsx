import type { User } from '@parley/shared';
import { ChevronDown } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useCustomerEvents } from '@/app/customer-events';
import { Button, buttonVariants } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useAccountLanguage } from '@/lib/account-language';
import { cn } from '@/lib/utils';
import { ChatWindow } from './chat-window';
import { LanguagePicker } from './language-picker';
import { CALL_CENTER_ITEMS, type NavItem, SERVICE_ITEMS } from './nav-items';
import { NotificationBell } from './notification-bell';
import { UserMenu } from './user-menu';

// Admins only: the live chat's unread count and its alerts, in a chunk of their own.
const chatBadge = () => import('@/features/chat/admin/nav-badge');
const ChatUnreadCount = lazy(() => chatBadge().then((m) => ({ default: m.ChatUnreadCount })));
const ChatAlerts = lazy(() => chatBadge().then((m) => ({ default: m.ChatAlerts })));
// Loaded only once someone is signed in, so visitors never download the menus.
const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(buttonVariants({ variant: 'ghost', size: 'sm' }), isActive && 'bg-accent');

function MenuOf({
  label,
  items,
  withDescriptions,
}: {
  label: string;
  items: NavItem[];
  withDescriptions?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm">
          {label}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className={withDescriptions ? 'w-72' : undefined}>
        {items.map((item) => (
          <DropdownMenuItem key={item.key} asChild>
            <Link to={item.to} className="items-start">
              <item.icon aria-hidden="true" className="mt-0.5 text-primary" />
              <span>
                <span className="block font-medium">{t(`nav.items.${item.key}.name`)}</span>
                {withDescriptions && (
                  <span className="block text-xs text-muted-foreground">
                    {t(`nav.items.${item.key}.description`)}
                  </span>
                )}
              </span>
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function MemberLinks({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <>
      <MenuOf label={t('nav.services')} items={SERVICE_ITEMS} />
      <MenuOf label={t('nav.callCenter')} items={CALL_CENTER_ITEMS} withDescriptions />
      <NavLink to="/dashboard" className={linkClass}>
        {t('nav.dashboard')}
      </NavLink>
      {user.isAdmin && (
        <>
          <NavLink to="/admin" className={linkClass}>
            {t('nav.admin')}
          </NavLink>
          <NavLink to="/admin-chat" className={linkClass} data-testid="nav-live-chat">
            {t('nav.liveChat')}
            <Suspense>
              <ChatUnreadCount />
            </Suspense>
          </NavLink>
        </>
      )}
    </>
  );
}

export default function MemberNav({ user, part }: { user: User; part: 'links' | 'menu' }) {
  // The menu part is always on screen while signed in, so it holds the tab's one stream
  // (each open stream holds one of the browser's six connections to the server): the
  // customer's, or for admins the admin stream, which the panel and chat console share.
  useCustomerEvents(part === 'menu' && !user.isAdmin);
  useAccountLanguage(part === 'menu' ? user.id : null);
  if (part === 'links') return <MemberLinks user={user} />;
  return (
    <>
      {user.isAdmin && (
        <Suspense>
          <ChatAlerts />
        </Suspense>
      )}
      <ChatWindow />
      {!user.isAdmin && (
        <Suspense>
          <NotificationBell />
        </Suspense>
      )}
      <LanguagePicker />
      <UserMenu user={user} />
    </>
  );
}
