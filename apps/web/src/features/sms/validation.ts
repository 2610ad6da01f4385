import {
  compareDecimal,
  MIN_SMS_BALANCE,
  PHONE_PATTERN,
  SENDER_ID_MAX,
  SMS_MAX_CHARACTERS,
} from '@parley/shared/domain';

export interface SmsDraft {
  senderId: string;
  recipient: string;
  message: string;
}

export type SmsField = keyof SmsDraft;

/** Translation keys of each field's problem (SPEC §5), empty when the draft is valid. */
export type SmsErrors = Partial<Record<SmsField, string>>;

const SENDER_CHARACTERS = /^[A-Za-z0-9 .&+-]+$/;

/** Characters as the server counts them: code points, so an emoji is one. */
export const characterCount = (text: string) => Array.from(text).length;

/** The number as the server reads it: spaces, brackets and dashes dropped. */
export const normalRecipient = (value: string) => value.trim().replace(/[\s()-]/g, '');

export function senderIdError(senderId: string): string | undefined {
  const value = senderId.trim();
  if (!value) return 'sms.errors.senderIdRequired';
  if (characterCount(value) > SENDER_ID_MAX) return 'sms.errors.senderIdTooLong';
  if (!SENDER_CHARACTERS.test(value)) return 'sms.errors.senderIdCharacters';
  return undefined;
}

export function recipientError(recipient: string): string | undefined {
  if (!recipient.trim()) return 'sms.errors.recipientRequired';
  if (!PHONE_PATTERN.test(normalRecipient(recipient))) return 'sms.errors.recipientInvalid';
  return undefined;
}

export function messageError(message: string): string | undefined {
  if (!message.trim()) return 'sms.errors.messageRequired';
  if (characterCount(message) > SMS_MAX_CHARACTERS) return 'sms.errors.messageTooLong';
  return undefined;
}

export function validateSms(draft: SmsDraft): SmsErrors {
  const errors: SmsErrors = {
    senderId: senderIdError(draft.senderId),
    recipient: recipientError(draft.recipient),
    message: messageError(draft.message),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as SmsErrors;
}

// The server's English messages for the same rules, so its field errors are translated too.
const SERVER_MESSAGES: Record<string, string> = {
  'Sender ID is required': 'sms.errors.senderIdRequired',
  'Sender ID must be 11 characters or less': 'sms.errors.senderIdTooLong',
  'Sender ID may use letters, digits, spaces and . & + -': 'sms.errors.senderIdCharacters',
  'Recipient is required': 'sms.errors.recipientRequired',
  'Invalid phone number format': 'sms.errors.recipientInvalid',
  'Message is required': 'sms.errors.messageRequired',
  'Message must be 160 characters or less': 'sms.errors.messageTooLong',
};

/** A server field message as a translation key when it is one of ours, else as it came. */
export const serverFieldMessage = (message: string) => SERVER_MESSAGES[message] ?? message;

/** SPEC §5: a balance must be present and at least 0.05 before anything is sent. */
export const hasBalanceForSms = (balance: string | null | undefined) =>
  Boolean(balance) && compareDecimal(balance ?? '0', MIN_SMS_BALANCE) >= 0;
