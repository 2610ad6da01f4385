import type { NoticeTexts } from '../types.js';

export const en: NoticeTexts = {
  codes: {
    'renewal.reminder': {
      title: '{item} renews soon',
      body: '{item} renews on {renewsAt} for {amount}. Your balance does not cover it: add {shortfall} to keep it running.',
    },
    'renewal.charged': {
      title: '{item} renewed',
      body: 'We charged {amount} to renew {item}. Next renewal: {renewsAt}.',
    },
    'renewal.failed': {
      title: 'Renewal failed: {item}',
      body: 'We could not charge {amount} for {item}. It keeps working until {graceUntil}; we try again every day and whenever you add funds.',
    },
    'subscription.suspended': {
      title: '{item} suspended',
      body: '{item} is suspended because its renewal was not paid. Add funds to reactivate it.',
      bodyWithRelease:
        '{item} is suspended because its renewal was not paid. Add funds to reactivate it; if it is still unpaid on {releaseAt}, the number is released.',
    },
    'subscription.reactivated': {
      title: '{item} reactivated',
      body: 'We charged {amount} and {item} works again. Next renewal: {renewsAt}.',
    },
    'subscription.released': {
      title: '{item} released',
      body: '{item} stayed unpaid after its suspension, so it has ended and is no longer yours.',
    },
    'subscription.ended': {
      title: '{item} ended',
      body: '{item} was cancelled and its paid period is over.',
    },
    'subscription.graceExtended': {
      title: 'More time for {item}',
      body: '{item} keeps working until {graceUntil}. Add funds before then to keep it.',
    },
    'subscription.waived': {
      title: '{item}: period waived',
      body: 'This period of {item} is free of charge. Next renewal: {renewsAt}.',
    },
    'balance.low': {
      title: 'Low balance',
      body: 'Your balance is {balance}, below your alert level of {threshold}. Add funds to keep your services running.',
    },
    'payment.approved': {
      title: 'Payment approved',
      body: 'Your payment of {crypto} was approved: {amount} was added to your balance.',
    },
    'payment.rejected': {
      title: 'Payment rejected',
      body: 'Your payment of {crypto} was rejected, so nothing was added to your balance.',
      bodyWithReason:
        'Your payment of {crypto} was rejected, so nothing was added to your balance. Reason: {reason}',
    },
    'deposit.reversed': {
      title: 'Payment reversed',
      body: 'Your payment of {crypto} left the blockchain after it was credited, so {amount} was taken back from your balance.',
    },
    'webhook.disabled': {
      title: 'Webhook endpoint turned off',
      body: 'We stopped sending webhooks to {url}: it failed for days or answered that it is gone. Fix it, then turn it back on in your account.',
    },
  },
  unknown: {
    title: 'Notification',
    body: 'Sign in to Parley to see the details.',
  },
  email: {
    greeting: 'Hello,',
    footer: 'You receive this email because you have a Parley account.',
    link: 'All your notifications: {url}',
  },
};
