import type { NoticeTexts } from '../types.js';

export const zh: NoticeTexts = {
  codes: {
    'renewal.reminder': {
      title: '{item} 即将续订',
      body: '{item} 将于 {renewsAt} 以 {amount} 续订。您的余额不足：请充值 {shortfall} 以继续使用。',
    },
    'renewal.charged': {
      title: '{item} 已续订',
      body: '我们已扣除 {amount} 用于续订 {item}。下次续订：{renewsAt}。',
    },
    'renewal.failed': {
      title: '续订失败：{item}',
      body: '我们无法为 {item} 扣除 {amount}。它可继续使用至 {graceUntil}；我们每天以及您每次充值时都会重试。',
    },
    'subscription.suspended': {
      title: '{item} 已暂停',
      body: '由于续订费用未支付，{item} 已暂停。充值即可重新启用。',
      bodyWithRelease:
        '由于续订费用未支付，{item} 已暂停。充值即可重新启用；如果到 {releaseAt} 仍未支付，该号码将被释放。',
    },
    'subscription.reactivated': {
      title: '{item} 已恢复',
      body: '我们已扣除 {amount}，{item} 已恢复使用。下次续订：{renewsAt}。',
    },
    'subscription.released': {
      title: '{item} 已释放',
      body: '{item} 在暂停后仍未支付，因此已终止，不再归您所有。',
    },
    'subscription.ended': {
      title: '{item} 已结束',
      body: '{item} 已取消，其已付费期限已结束。',
    },
    'subscription.graceExtended': {
      title: '{item} 宽限期已延长',
      body: '{item} 可继续使用至 {graceUntil}。请在此之前充值以保留它。',
    },
    'subscription.waived': {
      title: '{item}：本期免费',
      body: '{item} 的本期费用已免除。下次续订：{renewsAt}。',
    },
    'balance.low': {
      title: '余额不足',
      body: '您的余额为 {balance}，低于您设置的提醒金额 {threshold}。请充值以保持服务正常运行。',
    },
    'payment.approved': {
      title: '付款已批准',
      body: '您支付的 {crypto} 已获批准：{amount} 已存入您的余额。',
    },
    'payment.rejected': {
      title: '付款被拒绝',
      body: '您支付的 {crypto} 被拒绝，您的余额未增加任何金额。',
      bodyWithReason: '您支付的 {crypto} 被拒绝，您的余额未增加任何金额。原因：{reason}',
    },
    'deposit.reversed': {
      title: '付款已撤销',
      body: '您的 {crypto} 付款在入账后离开了区块链，因此已从您的余额中扣回 {amount}。',
    },
    'webhook.disabled': {
      title: 'Webhook 端点已停用',
      body: '我们已停止向 {url} 发送 webhook：它连续多天失败，或回复称已不存在。请修复后在您的账户中重新启用。',
    },
  },
  unknown: {
    title: '通知',
    body: '请登录 Parley 查看详情。',
  },
  email: {
    greeting: '您好：',
    footer: '您收到这封邮件，是因为您拥有 Parley 账户。',
    link: '查看全部通知：{url}',
  },
};
