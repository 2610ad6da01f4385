import { isLanguageCode, type LanguageCode } from './languages.js';

/** How an item is delivered: provisioned by Parley itself, or set up by the team by hand. */
export const FULFILMENT_KINDS = ['automatic', 'team'] as const;
export type FulfilmentKind = (typeof FULFILMENT_KINDS)[number];

export const FULFILMENT_STATUSES = ['open', 'done'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** The team sets an item up within this many business days (Monday to Friday, UTC). */
export const FULFILMENT_DUE_BUSINESS_DAYS = 2;

/**
 * When a task opened at `from` is due: that many business days later, at the same time
 * of day; Saturdays and Sundays do not count (decision 0067).
 */
export function fulfilmentDueAt(from: Date, days = FULFILMENT_DUE_BUSINESS_DAYS): Date {
  const due = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    due.setUTCDate(due.getUTCDate() + 1);
    const weekday = due.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return due;
}

/** True once the due time has passed and the task is still open. */
export const isOverdue = (task: { status: string; dueAt: string }, now: Date) =>
  task.status === 'open' && Date.parse(task.dueAt) < now.getTime();

/**
 * The team's first message in the customer's chat when they buy such an item, in their
 * language ({item} is the item's name as sold).
 */
const OPENING: Record<LanguageCode, string> = {
  en: 'Thank you for ordering {item}. Our team sets it up for you and will contact you here in this chat.',
  es: 'Gracias por contratar {item}. Nuestro equipo lo configura para usted y se pondrá en contacto aquí, en este chat.',
  fr: 'Merci d’avoir commandé {item}. Notre équipe le met en place pour vous et vous contactera ici, dans ce chat.',
  de: 'Vielen Dank für Ihre Bestellung von {item}. Unser Team richtet es für Sie ein und meldet sich hier im Chat bei Ihnen.',
  it: 'Grazie per aver ordinato {item}. Il nostro team lo configura per te e ti contatterà qui, in questa chat.',
  pt: 'Obrigado por encomendar {item}. A nossa equipa configura-o para si e entrará em contacto aqui, neste chat.',
  ru: 'Спасибо за заказ {item}. Наша команда настроит его для вас и свяжется с вами здесь, в этом чате.',
  zh: '感谢您订购 {item}。我们的团队将为您完成设置，并在此聊天中与您联系。',
  ja: '{item} をご注文いただきありがとうございます。担当チームが設定を行い、このチャットでご連絡します。',
  ar: 'شكرًا لطلبك {item}. سيقوم فريقنا بإعداده لك وسيتواصل معك هنا في هذه المحادثة.',
};

/** The opening message in `language` (English when it is not one of ours). */
export function fulfilmentOpening(item: string, language: string | null | undefined): string {
  const text = OPENING[isLanguageCode(language) ? language : 'en'];
  return text.replace('{item}', item);
}
