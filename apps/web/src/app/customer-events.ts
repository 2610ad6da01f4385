import type { QuoteStatus } from '@parley/shared';
import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { isOld, shorten } from '@/features/chat/chat-thread';
import { chatDockState, noteMissedReply, setChatDock } from '@/features/chat/dock-state';
import { quoteStatusKey } from '@/features/payments/api/payments';
import { withDeposit } from '@/features/payments/deposit-state';
import { storeCall } from '@/features/voice/call-updates';
import { ledgerKey, subscriptionsKey } from '@/lib/account-queries';
import { loadFullEnglish } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { showToast } from '@/lib/toast';
import { useStream } from '@/lib/use-stream';
import { voiceKeys } from '@/lib/voice-query-keys';

/**
 * What a payment decision changes on screen: the history, orders (and the monthly items
 * an approved purchase starts) and the balance.
 */
const TOUCHED = [queryKeys.transactions, queryKeys.orders, subscriptionsKey, queryKeys.user];

/**
 * Listens to the signed-in customer's own event stream: when an admin approves or
 * rejects one of their payments, the history, orders and balance reload and a toast
 * says so, without a page reload. One stream per tab; the browser reconnects by itself
 * with Last-Event-ID, so a decision made while disconnected still arrives. Calls'
 * progress arrives on the same stream.
 */
export function useCustomerEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  const reload = (keys: readonly (readonly unknown[])[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  useStream('customer', enabled, {
    // A fresh stream starts at the newest event: a decision made between the page's first
    // reads and this moment would never arrive, so what the stream keeps current is read
    // again (a resumed stream replays what it missed instead).
    connected: ({ resumed }) => {
      if (!resumed)
        reload([...TOUCHED, ledgerKey, queryKeys.smsSenders, voiceKeys.voiceMonitoring]);
    },
    // A payment submitted in another tab shows up in this one's history too.
    'transaction.created': () => reload([queryKeys.transactions]),
    'transaction.updated': ({ status }) => {
      reload(TOUCHED);
      if (status !== 'approved' && status !== 'rejected') return;
      // The messages live outside the first bundle; the global t follows the language.
      void loadFullEnglish()
        .catch(() => undefined)
        .then(() =>
          status === 'approved'
            ? showToast('success', i18next.t('events.approved'), i18next.t('events.approvedText'))
            : showToast('error', i18next.t('events.rejected'), i18next.t('events.rejectedText')),
        );
    },
    // A sender ID was asked for (another tab) or decided: the SMS page's list and any quote
    // (which names the sender a message goes out with) follow; a decision says so.
    'sender.updated': ({ senderId, status }) => {
      reload([queryKeys.smsSenders, queryKeys.smsQuote]);
      if (status !== 'approved' && status !== 'rejected') return;
      void loadFullEnglish()
        .catch(() => undefined)
        .then(() =>
          status === 'approved'
            ? showToast(
                'success',
                i18next.t('senderEvents.approved'),
                i18next.t('senderEvents.approvedText', { sender: senderId }),
              )
            : showToast(
                'error',
                i18next.t('senderEvents.rejected'),
                i18next.t('senderEvents.rejectedText', { sender: senderId }),
              ),
        );
    },
    // A payment to a quote's own address moved on chain: the pay page's line follows at
    // once; once credited, the balance, history and a purchase's items reload.
    'deposit.updated': (deposit) => {
      queryClient.setQueryData<QuoteStatus>(quoteStatusKey(deposit.quoteId), (status) =>
        status ? withDeposit(status, deposit) : status,
      );
      // A read already in flight (a reconnect's) would answer from before this event and
      // overwrite it: read again, cancelling that one.
      void queryClient.invalidateQueries({ queryKey: quoteStatusKey(deposit.quoteId) });
      if (deposit.status === 'credited') reload([...TOUCHED, ledgerKey]);
    },
    // An admin credited or debited the balance: the balance and the history follow.
    'balance.adjusted': () => {
      reload([ledgerKey, queryKeys.user]);
      void loadFullEnglish()
        .catch(() => undefined)
        .then(() =>
          showToast('info', i18next.t('events.adjusted'), i18next.t('events.adjustedText')),
        );
    },
    // A call rang, was answered or ended: the live call panel and the call lists follow,
    // and SIP monitoring's figures reload.
    'call.updated': ({ call }) => {
      storeCall(queryClient, call);
      reload([voiceKeys.voiceMonitoring]);
    },
    // Support replied while the chat window is closed: say so, with a way to open it.
    'chat.message': ({ message }) => {
      if (!message.isAdminMessage || chatDockState() !== 'closed' || isOld(message.createdAt))
        return;
      noteMissedReply();
      void loadFullEnglish()
        .catch(() => undefined)
        .then(() =>
          showToast('info', i18next.t('chat.replyToast'), shorten(message.message, 120), 10_000, {
            label: i18next.t('chat.open'),
            onClick: () => setChatDock('open'),
          }),
        );
    },
    // The team set up an item the customer bought (or a purchase opened its task).
    'fulfilment.updated': () => reload([queryKeys.orders, subscriptionsKey]),
    // The server ended the stream: this session was signed out (another tab, "sign out
    // everywhere", a password change elsewhere). The stream stops; the user query finds out.
    ended: () => reload([queryKeys.user]),
  });
}
