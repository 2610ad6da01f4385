import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminAnalyticsQueryOptions } from '@/features/analytics/admin/get-analytics';
import { adminPaymentsQueryOptions } from '@/features/payments/admin/payments-admin';
import { adminKeys } from '@/lib/admin-query-keys';
import { paymentServiceName } from '@/lib/payment-text';
import { queryKeys } from '@/lib/query-keys';
import { showToast } from '@/lib/toast';
import { useStream } from '@/lib/use-stream';
import { voiceKeys } from '@/lib/voice-query-keys';

/**
 * Listens to the admin event stream while the panel is open: a new payment shows a
 * 10-second toast and the lists it touches reload. The browser reconnects by
 * itself, sending Last-Event-ID, so nothing is missed in between.
 */
export function useAdminEvents(enabled: boolean): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reload = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  useStream('admin', enabled, {
    // A fresh stream starts at the newest event: the lists it keeps current are read again,
    // in case something changed between their first read and this moment. (A resumed
    // stream replays what it missed instead.) The counted figures follow their own clock.
    connected: ({ resumed }) => {
      if (resumed) return;
      for (const key of [
        adminPaymentsQueryOptions.queryKey,
        adminKeys.adminUsers,
        voiceKeys.adminCalls,
        adminKeys.adminSenderIds,
        adminKeys.adminSubscriptions,
        adminKeys.adminFulfilment,
      ])
        reload(key);
    },
    'transaction.created': (payment) => {
      showToast(
        'info',
        t('admin.events.newPayment'),
        t('admin.events.newPaymentText', {
          service: paymentServiceName(t, payment),
          amount: payment.amount,
          fiat: payment.amountCurrency ?? '',
          currency: payment.currency,
        }),
        10_000,
      );
      reload(adminPaymentsQueryOptions.queryKey);
      reload(adminAnalyticsQueryOptions.queryKey);
    },
    'transaction.updated': () => {
      reload(adminPaymentsQueryOptions.queryKey);
      reload(adminAnalyticsQueryOptions.queryKey);
    },
    // Another admin adjusted a balance: the users' balances and the books reload.
    'balance.adjusted': () => {
      reload(adminKeys.adminUsers);
      reload(adminKeys.adminLedgerCheck);
    },
    'user.created': () => {
      reload(adminKeys.adminUsers);
      reload(adminAnalyticsQueryOptions.queryKey);
    },
    // A call started, changed or ended: the Calls tab, the gateway's count, voice revenue.
    'call.updated': () => {
      reload(voiceKeys.adminCalls);
      reload(voiceKeys.adminVoiceStatus);
      reload(adminAnalyticsQueryOptions.queryKey);
    },
    // A sender ID was asked for or decided (by this admin or another): the list follows.
    'sender.updated': () => reload(adminKeys.adminSenderIds),
    // A monthly item renewed, fell into grace, was suspended, extended or waived.
    'subscription.updated': () => reload(adminKeys.adminSubscriptions),
    // A customer bought an item the team sets up, or another admin marked one done.
    'fulfilment.updated': () => reload(adminKeys.adminFulfilment),
    // Signed out, disabled or no longer an admin: the stream stops; the user query finds out.
    ended: () => reload(queryKeys.user),
  });
}
