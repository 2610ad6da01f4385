import type { AdminSubscription } from '@parley/shared';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminErrorToast } from '@/lib/admin-errors';
import { ApiError } from '@/lib/api-client';
import { isolate } from '@/lib/bidi';
import { showToast } from '@/lib/toast';
import { useExtendGrace, useWaivePeriod } from './subscriptions-admin';

/** An item and its customer as the toasts and dialogs name them. */
export const named = (s: AdminSubscription) => ({
  item: isolate(s.name),
  customer: isolate(s.email),
});

/**
 * Extending a grace period and waiving a period due: the item being decided, the calls
 * and what they say. `changed` is set when a row changed (it may leave the filter).
 */
export function useSubscriptionDecisions(changed: RefObject<boolean>) {
  const { t, i18n } = useTranslation();
  const [extending, setExtending] = useState<AdminSubscription | null>(null);
  const [waiving, setWaiving] = useState<AdminSubscription | null>(null);
  const extend = useExtendGrace();
  const waive = useWaivePeriod();
  const errorToast = useAdminErrorToast();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'SUBSCRIPTION_STATE')
      showToast('error', t('common.error'), t('admin.subscriptions.stateChanged'));
    else errorToast(err);
  };
  const confirmExtend = (item: AdminSubscription, days: number) =>
    extend.mutate(
      { id: item.id, days },
      {
        onSuccess: (after) => {
          changed.current = true;
          setExtending(null);
          showToast(
            'success',
            t('common.success'),
            t('admin.subscriptions.extend.done', {
              ...named(after),
              date: isolate(date.format(new Date(after.graceUntil ?? Date.now()))),
            }),
          );
        },
        onError: (err) => {
          setExtending(null);
          failed(err);
        },
      },
    );

  const confirmWaive = () => {
    if (!waiving) return;
    waive.mutate(waiving.id, {
      onSuccess: (after) => {
        changed.current = true;
        setWaiving(null);
        showToast(
          'success',
          t('common.success'),
          t('admin.subscriptions.waive.done', {
            ...named(after),
            date: isolate(after.renewsAt ? date.format(new Date(after.renewsAt)) : '—'),
          }),
        );
      },
      onError: (err) => {
        setWaiving(null);
        failed(err);
      },
    });
  };

  return {
    extending,
    setExtending,
    waiving,
    setWaiving,
    extend,
    waive,
    confirmExtend,
    confirmWaive,
  };
}
