import type { NoticeTexts } from '../types.js';

export const ar: NoticeTexts = {
  codes: {
    'renewal.reminder': {
      title: 'اقترب موعد تجديد {item}',
      body: 'يتجدد {item} في {renewsAt} مقابل {amount}. رصيدك لا يكفي: أضف {shortfall} ليستمر العمل.',
    },
    'renewal.charged': {
      title: 'تم تجديد {item}',
      body: 'خصمنا {amount} لتجديد {item}. التجديد التالي: {renewsAt}.',
    },
    'renewal.failed': {
      title: 'تعذّر تجديد {item}',
      body: 'تعذّر علينا خصم {amount} مقابل {item}. سيستمر في العمل حتى {graceUntil}؛ ونعيد المحاولة يوميًا وعند كل إضافة رصيد.',
    },
    'subscription.suspended': {
      title: 'تم إيقاف {item}',
      body: 'تم إيقاف {item} لأن تجديده لم يُدفع. أضف رصيدًا لإعادة تفعيله.',
      bodyWithRelease:
        'تم إيقاف {item} لأن تجديده لم يُدفع. أضف رصيدًا لإعادة تفعيله؛ وإن بقي دون دفع في {releaseAt} فسيُحرَّر الرقم.',
    },
    'subscription.reactivated': {
      title: 'أُعيد تفعيل {item}',
      body: 'خصمنا {amount} وعاد {item} إلى العمل. التجديد التالي: {renewsAt}.',
    },
    'subscription.released': {
      title: 'تم تحرير {item}',
      body: 'بقي {item} دون دفع بعد إيقافه، لذا انتهى ولم يعد لك.',
    },
    'subscription.ended': {
      title: 'انتهى {item}',
      body: 'أُلغي {item} وانتهت مدته المدفوعة.',
    },
    'subscription.graceExtended': {
      title: 'مهلة إضافية لـ {item}',
      body: 'يستمر {item} في العمل حتى {graceUntil}. أضف رصيدًا قبل ذلك للاحتفاظ به.',
    },
    'subscription.waived': {
      title: '{item}: فترة معفاة',
      body: 'هذه الفترة من {item} مجانية. التجديد التالي: {renewsAt}.',
    },
    'balance.low': {
      title: 'رصيد منخفض',
      body: 'رصيدك {balance}، وهو أقل من حد التنبيه الذي حددته وهو {threshold}. أضف رصيدًا لتستمر خدماتك في العمل.',
    },
    'payment.approved': {
      title: 'تمت الموافقة على الدفعة',
      body: 'تمت الموافقة على دفعتك البالغة {crypto}، وأُضيف {amount} إلى رصيدك.',
    },
    'payment.rejected': {
      title: 'تم رفض الدفعة',
      body: 'تم رفض دفعتك البالغة {crypto}، لذلك لم يُضف أي مبلغ إلى رصيدك.',
      bodyWithReason:
        'تم رفض دفعتك البالغة {crypto}، لذلك لم يُضف أي مبلغ إلى رصيدك. السبب: {reason}',
    },
    'deposit.reversed': {
      title: 'تم عكس الدفعة',
      body: 'خرجت دفعتك البالغة {crypto} من سلسلة الكتل بعد إضافتها، لذا خُصم {amount} من رصيدك.',
    },
    'webhook.disabled': {
      title: 'تم إيقاف نقطة نهاية الويب هوك',
      body: 'توقفنا عن إرسال الويب هوك إلى {url}: فقد فشل لأيام أو أجاب بأنه لم يعد موجودًا. أصلحه ثم أعد تفعيله من حسابك.',
    },
  },
  unknown: {
    title: 'إشعار',
    body: 'سجّل الدخول إلى Parley لرؤية التفاصيل.',
  },
  email: {
    greeting: 'مرحبًا،',
    footer: 'تصلك هذه الرسالة لأن لديك حسابًا في Parley.',
    link: 'كل إشعاراتك: {url}',
  },
};
