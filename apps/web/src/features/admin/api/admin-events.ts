import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { userQueryOptions } from '@/lib/current-user';
import { showToast } from '@/lib/toast';
import { adminAnalyticsQueryOptions } from './get-analytics';
import { adminUsersQueryOptions } from './get-users';
import { adminPaymentsQueryOptions } from './payments-admin';

/**
 * Listens to the admin event stream while the panel is open: a new payment shows a
 * 10-second toast (SPEC §9) and the lists it touches reload. The browser reconnects by
 * itself, sending Last-Event-ID, so nothing is missed in between.
 */
export function useAdminEvents(enabled: boolean): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/admin/events');
    const reload = (queryKey: readonly unknown[]) =>
      void queryClient.invalidateQueries({ queryKey });
    const parse = (event: MessageEvent): Record<string, string> | null => {
      try {
        return JSON.parse(String(event.data)) as Record<string, string>;
      } catch (err) {
        console.warn('Unreadable admin event', err);
        return null;
      }
    };
    source.addEventListener('transaction.created', (event) => {
      const data = parse(event as MessageEvent);
      if (!data) return;
      showToast(
        'info',
        t('admin.events.newPayment'),
        t('admin.events.newPaymentText', {
          service: data.serviceName,
          amount: data.amount,
          fiat: data.amountCurrency ?? '',
          currency: data.currency,
        }),
        10_000,
      );
      reload(adminPaymentsQueryOptions.queryKey);
      reload(adminAnalyticsQueryOptions.queryKey);
    });
    source.addEventListener('transaction.updated', () => {
      reload(adminPaymentsQueryOptions.queryKey);
      reload(adminAnalyticsQueryOptions.queryKey);
    });
    source.addEventListener('user.created', () => {
      reload(adminUsersQueryOptions.queryKey);
      reload(adminAnalyticsQueryOptions.queryKey);
    });
    // Signed out, disabled or no longer an admin: stop, and let the user query find out.
    source.addEventListener('ended', () => {
      source.close();
      void queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
    });
    return () => source.close();
  }, [enabled, queryClient, t]);
}
