import type { NoticeTexts } from '../types.js';

export const ja: NoticeTexts = {
  codes: {
    'renewal.reminder': {
      title: '{item} の更新が近づいています',
      body: '{item} は {renewsAt} に {amount} で更新されます。残高が不足しています。利用を続けるには {shortfall} を入金してください。',
    },
    'renewal.charged': {
      title: '{item} を更新しました',
      body: '{item} の更新料金として {amount} を請求しました。次回の更新日: {renewsAt}。',
    },
    'renewal.failed': {
      title: '更新できませんでした: {item}',
      body: '{item} の料金 {amount} を請求できませんでした。{graceUntil} までは引き続きご利用いただけます。毎日、および入金のたびに再試行します。',
    },
    'subscription.suspended': {
      title: '{item} を停止しました',
      body: '更新料金が未払いのため、{item} を停止しました。再開するには入金してください。',
      bodyWithRelease:
        '更新料金が未払いのため、{item} を停止しました。再開するには入金してください。{releaseAt} までに支払いがない場合、番号は解放されます。',
    },
    'subscription.reactivated': {
      title: '{item} を再開しました',
      body: '{amount} を請求し、{item} は再びご利用いただけます。次回の更新日: {renewsAt}。',
    },
    'subscription.released': {
      title: '{item} を解放しました',
      body: '停止後も {item} の支払いがなかったため、契約は終了し、お客様のものではなくなりました。',
    },
    'subscription.ended': {
      title: '{item} は終了しました',
      body: '{item} は解約済みで、支払い済みの期間が終了しました。',
    },
    'subscription.graceExtended': {
      title: '{item} の猶予期間を延長しました',
      body: '{item} は {graceUntil} までご利用いただけます。継続するには、それまでに入金してください。',
    },
    'subscription.waived': {
      title: '{item}: 今期は無料です',
      body: '{item} の今期分は請求されません。次回の更新日: {renewsAt}。',
    },
    'balance.low': {
      title: '残高が少なくなっています',
      body: '残高は {balance} で、通知の基準額 {threshold} を下回っています。サービスを継続するには入金してください。',
    },
    'payment.approved': {
      title: 'お支払いが承認されました',
      body: '{crypto} のお支払いが承認され、{amount} が残高に追加されました。',
    },
    'payment.rejected': {
      title: 'お支払いが却下されました',
      body: '{crypto} のお支払いは却下されたため、残高には何も追加されていません。',
      bodyWithReason:
        '{crypto} のお支払いは却下されたため、残高には何も追加されていません。理由：{reason}',
    },
    'deposit.reversed': {
      title: '支払いの取り消し',
      body: '{crypto} のお支払いは入金後にブロックチェーンから外れたため、残高から {amount} を差し戻しました。',
    },
    'webhook.disabled': {
      title: 'Webhook エンドポイントを停止しました',
      body: '{url} への webhook の送信を停止しました。数日間失敗し続けたか、存在しないと応答しました。修正してから、アカウントで再度有効にしてください。',
    },
  },
  unknown: {
    title: 'お知らせ',
    body: '詳細は Parley にサインインしてご確認ください。',
  },
  email: {
    greeting: 'こんにちは。',
    footer: 'このメールは、Parley のアカウントをお持ちの方にお送りしています。',
    link: 'すべてのお知らせ: {url}',
  },
};
