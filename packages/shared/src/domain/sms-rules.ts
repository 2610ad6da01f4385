/**
 * The SMS form's rules as plain functions: the contracts (contracts/sms.ts) and the
 * browser's form both call them, so they can never disagree. Each answers a field code
 * with its params, or null when the value is fine.
 */
import type { FieldProblem } from './field-codes.js';
import {
  NUMERIC_SENDER,
  SENDER_ID_CHARACTERS,
  SENDER_NUMERIC_MAX,
  SENDER_REASON_MAX,
  SENDER_REASON_MIN,
} from './sender-id.js';
import { PHONE_PATTERN, SENDER_ID_MAX, SMS_MAX_CHARACTERS } from './sms.js';
import { textProblemCode } from './text.js';

/** Characters as the server counts them: code points, so an emoji is one. */
export const characterCount = (text: string) => Array.from(text).length;

/** The number as the server reads it: spaces, brackets and dashes dropped. */
export const normalRecipient = (value: string) => value.trim().replace(/[\s()-]/g, '');

/** A sender ID: letters, digits and a few signs; 11 characters, or 15 digits for a number. */
export function senderIdProblem(sender: string): FieldProblem | null {
  const value = sender.trim();
  if (!value) return { code: 'SENDER_ID_REQUIRED' };
  if (!SENDER_ID_CHARACTERS.test(value)) return { code: 'SENDER_ID_CHARACTERS' };
  if (NUMERIC_SENDER.test(value)) {
    if (value.replace(/^\+/, '').length > SENDER_NUMERIC_MAX)
      return { code: 'SENDER_NUMERIC_TOO_LONG', params: { max: SENDER_NUMERIC_MAX } };
    return null;
  }
  if (characterCount(value) > SENDER_ID_MAX)
    return { code: 'SENDER_ID_TOO_LONG', params: { max: SENDER_ID_MAX } };
  return null;
}

/** A sender request's reason: what the sender is for, in a line of reasonable length. */
export function senderReasonProblem(reason: string): FieldProblem | null {
  const length = characterCount(reason.trim());
  if (length < SENDER_REASON_MIN)
    return { code: 'SENDER_REASON_TOO_SHORT', params: { min: SENDER_REASON_MIN } };
  if (length > SENDER_REASON_MAX)
    return { code: 'SENDER_REASON_TOO_LONG', params: { max: SENDER_REASON_MAX } };
  return null;
}

/** An international number, written with or without +, spaces, brackets and dashes. */
export function recipientProblem(recipient: string): FieldProblem | null {
  if (!recipient.trim()) return { code: 'RECIPIENT_REQUIRED' };
  if (!PHONE_PATTERN.test(normalRecipient(recipient))) return { code: 'RECIPIENT_INVALID' };
  return null;
}

/** A message's text: not blank, at most 160 characters. */
export function messageProblem(message: string): FieldProblem | null {
  if (!message.trim()) return { code: 'MESSAGE_REQUIRED' };
  if (characterCount(message) > SMS_MAX_CHARACTERS)
    return { code: 'MESSAGE_TOO_LONG', params: { max: SMS_MAX_CHARACTERS } };
  // As every text field on the server: the form then holds it rather than sending it.
  const text = textProblemCode(message);
  return text ? { code: text } : null;
}
