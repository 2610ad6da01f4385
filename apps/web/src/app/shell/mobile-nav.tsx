import type { User } from '@parley/shared';
import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

const MobileDrawer = lazy(() => import('./mobile-drawer'));

/** The menu button on small screens; the drawer's code loads when it is first opened. */
export function MobileNav({ user }: { user: User | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label={t('nav.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" />
      </Button>
      {wanted && (
        <Suspense>
          <MobileDrawer user={user} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
