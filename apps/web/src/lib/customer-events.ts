import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useEffect } from 'react';
import { userQueryOptions } from './current-user';
import { loadFullEnglish } from './i18n';
import { showToast } from './toast';

/** What a payment decision changes on screen: the history, orders and the balance. */
const TOUCHED: QueryKey[] = [['transactions'], ['orders'], userQueryOptions.queryKey];

function statusOf(event: Event): string | null {
  try {
    const data = JSON.parse(String((event as MessageEvent).data)) as { status?: unknown };
    return typeof data.status === 'string' ? data.status : null;
  } catch (err) {
    console.warn('Unreadable payment event', err);
    return null;
  }
}

/**
 * Listens to the signed-in customer's own event stream (GET /api/events): when an admin
 * approves or rejects one of their payments, the history, orders and balance reload and
 * a toast says so, without a page reload. One stream per tab; the browser reconnects by
 * itself with Last-Event-ID, so a decision made while disconnected still arrives.
 */
export function useCustomerEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    const reload = (keys: QueryKey[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    // A payment submitted in another tab shows up in this one's history too.
    source.addEventListener('transaction.created', () => reload([['transactions']]));
    source.addEventListener('transaction.updated', (event) => {
      reload(TOUCHED);
      const status = statusOf(event);
      if (status !== 'approved' && status !== 'rejected') return;
      // The messages live outside the first bundle; the global t follows the language.
      void loadFullEnglish()
        .catch(() => undefined)
        .then(() =>
          status === 'approved'
            ? showToast('success', i18next.t('events.approved'), i18next.t('events.approvedText'))
            : showToast('error', i18next.t('events.rejected'), i18next.t('events.rejectedText')),
        );
    });
    // The server ended the stream: this session was signed out (another tab, "sign out
    // everywhere", a password change elsewhere). Stop, and let the user query find out.
    source.addEventListener('ended', () => {
      source.close();
      reload([userQueryOptions.queryKey]);
    });
    return () => source.close();
  }, [enabled, queryClient]);
}
