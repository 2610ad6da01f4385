import {
  characterCount,
  compareDecimal,
  type FieldProblem,
  MIN_SMS_BALANCE,
  messageProblem,
  normalRecipient,
  recipientProblem,
  senderIdProblem,
  senderReasonProblem,
} from '@parley/shared/domain';

// The rules are the contract's own (domain/sms-rules.ts); only the form's shape is here.
export { characterCount, normalRecipient };

export interface SmsDraft {
  senderId: string;
  recipient: string;
  message: string;
}

export type SmsField = keyof SmsDraft;

/** Each field's problem as a code with its params, empty when the draft is valid. */
export type SmsErrors = Partial<Record<SmsField, FieldProblem>>;

export const senderIdError = (senderId: string) => senderIdProblem(senderId) ?? undefined;
export const senderReasonError = (reason: string) => senderReasonProblem(reason) ?? undefined;
export const recipientError = (recipient: string) => recipientProblem(recipient) ?? undefined;
export const messageError = (message: string) => messageProblem(message) ?? undefined;

export function validateSms(draft: SmsDraft): SmsErrors {
  const errors: SmsErrors = {
    senderId: senderIdError(draft.senderId),
    recipient: recipientError(draft.recipient),
    message: messageError(draft.message),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as SmsErrors;
}

/** A balance must be present and at least 0.05 before anything is sent. */
export const hasBalanceForSms = (balance: string | null | undefined) =>
  Boolean(balance) && compareDecimal(balance ?? '0', MIN_SMS_BALANCE) >= 0;
