import type { NoticeTexts } from '../types.js';

export const ru: NoticeTexts = {
  codes: {
    'renewal.reminder': {
      title: 'Скоро продление: {item}',
      body: '{item} продлевается {renewsAt} за {amount}. Вашего баланса не хватает: пополните его на {shortfall}, чтобы услуга продолжала работать.',
    },
    'renewal.charged': {
      title: 'Продлено: {item}',
      body: 'Мы списали {amount} за продление {item}. Следующее продление: {renewsAt}.',
    },
    'renewal.failed': {
      title: 'Не удалось продлить: {item}',
      body: 'Нам не удалось списать {amount} за {item}. Услуга работает до {graceUntil}; мы повторяем попытку каждый день и при каждом пополнении.',
    },
    'subscription.suspended': {
      title: 'Приостановлено: {item}',
      body: '{item}: услуга приостановлена, так как продление не оплачено. Пополните баланс, чтобы возобновить её.',
      bodyWithRelease:
        '{item}: услуга приостановлена, так как продление не оплачено. Пополните баланс, чтобы возобновить её; если к {releaseAt} оплаты не будет, номер будет освобождён.',
    },
    'subscription.reactivated': {
      title: 'Возобновлено: {item}',
      body: 'Мы списали {amount}, и {item} снова работает. Следующее продление: {renewsAt}.',
    },
    'subscription.released': {
      title: 'Освобождено: {item}',
      body: '{item}: после приостановки оплата так и не поступила, поэтому услуга завершена и больше вам не принадлежит.',
    },
    'subscription.ended': {
      title: 'Завершено: {item}',
      body: '{item}: услуга отменена, и оплаченный период закончился.',
    },
    'subscription.graceExtended': {
      title: 'Больше времени: {item}',
      body: '{item} работает до {graceUntil}. Пополните баланс до этой даты, чтобы сохранить услугу.',
    },
    'subscription.waived': {
      title: 'Период без оплаты: {item}',
      body: 'Этот период {item} бесплатен. Следующее продление: {renewsAt}.',
    },
    'balance.low': {
      title: 'Низкий баланс',
      body: 'Ваш баланс — {balance}, это ниже порога уведомления {threshold}. Пополните баланс, чтобы ваши услуги продолжали работать.',
    },
    'payment.approved': {
      title: 'Платёж подтверждён',
      body: 'Ваш платёж на {crypto} подтверждён: на баланс зачислено {amount}.',
    },
    'payment.rejected': {
      title: 'Платёж отклонён',
      body: 'Ваш платёж на {crypto} отклонён, поэтому на баланс ничего не зачислено.',
      bodyWithReason:
        'Ваш платёж на {crypto} отклонён, поэтому на баланс ничего не зачислено. Причина: {reason}',
    },
    'deposit.reversed': {
      title: 'Платёж отменён',
      body: 'Ваш платёж {crypto} исчез из блокчейна после зачисления, поэтому {amount} списано с вашего баланса.',
    },
  },
  unknown: {
    title: 'Уведомление',
    body: 'Войдите в Parley, чтобы увидеть подробности.',
  },
  email: {
    greeting: 'Здравствуйте!',
    footer: 'Вы получили это письмо, потому что у вас есть аккаунт Parley.',
    link: 'Все ваши уведомления: {url}',
  },
};
