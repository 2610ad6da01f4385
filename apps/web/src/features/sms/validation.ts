import {
  compareDecimal,
  MIN_SMS_BALANCE,
  PHONE_PATTERN,
  SENDER_ID_CHARACTERS,
  SENDER_ID_MAX,
  SENDER_NUMERIC_MAX,
  SENDER_REASON_MAX,
  SENDER_REASON_MIN,
  SMS_MAX_CHARACTERS,
  senderKind,
} from '@parley/shared/domain';

export interface SmsDraft {
  senderId: string;
  recipient: string;
  message: string;
}

export type SmsField = keyof SmsDraft;

/** Translation keys of each field's problem, empty when the draft is valid. */
export type SmsErrors = Partial<Record<SmsField, string>>;

/** Characters as the server counts them: code points, so an emoji is one. */
export const characterCount = (text: string) => Array.from(text).length;

/** The number as the server reads it: spaces, brackets and dashes dropped. */
export const normalRecipient = (value: string) => value.trim().replace(/[\s()-]/g, '');

export function senderIdError(senderId: string): string | undefined {
  const value = senderId.trim();
  if (!value) return 'sms.errors.senderIdRequired';
  // A number may be as long as an international number (15 digits).
  if (senderKind(value) === 'numeric')
    return value.replace(/^\+/, '').length > SENDER_NUMERIC_MAX
      ? 'sms.senders.errors.numericTooLong'
      : undefined;
  if (characterCount(value) > SENDER_ID_MAX) return 'sms.errors.senderIdTooLong';
  if (!SENDER_ID_CHARACTERS.test(value)) return 'sms.errors.senderIdCharacters';
  return undefined;
}

/** A sender ID request's reason: what the sender is for, in a line. */
export function senderReasonError(reason: string): string | undefined {
  const length = characterCount(reason.trim());
  if (length < SENDER_REASON_MIN) return 'sms.senders.errors.reasonShort';
  if (length > SENDER_REASON_MAX) return 'sms.senders.errors.reasonLong';
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
  'A numeric sender ID has at most 15 digits': 'sms.senders.errors.numericTooLong',
  'Reason is required': 'sms.senders.errors.reasonShort',
  'Say in at least 10 characters what it is for': 'sms.senders.errors.reasonShort',
  'At most 300 characters': 'sms.senders.errors.reasonLong',
  'Recipient is required': 'sms.errors.recipientRequired',
  'Invalid phone number format': 'sms.errors.recipientInvalid',
  'Message is required': 'sms.errors.messageRequired',
  'Message must be 160 characters or less': 'sms.errors.messageTooLong',
};

/** A server field message as a translation key when it is one of ours, else as it came. */
export const serverFieldMessage = (message: string) => SERVER_MESSAGES[message] ?? message;

/** A balance must be present and at least 0.05 before anything is sent. */
export const hasBalanceForSms = (balance: string | null | undefined) =>
  Boolean(balance) && compareDecimal(balance ?? '0', MIN_SMS_BALANCE) >= 0;
