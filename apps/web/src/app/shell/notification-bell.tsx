import { lazy } from 'react';
import { loadFullEnglish } from '@/lib/i18n';

/**
 * The customers' notifications bell (navbar and drawer), loaded with the signed-in menu
 * in a chunk of its own, together with the rest of English.
 */
export const NotificationBell = lazy(() =>
  Promise.all([
    import('@/features/notifications/components/notification-bell'),
    loadFullEnglish(),
  ]).then(([m]) => ({ default: m.NotificationBell })),
);
