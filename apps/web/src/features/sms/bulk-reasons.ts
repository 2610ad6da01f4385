import { BULK_MAX_RECIPIENTS } from '@parley/shared/domain';

/** The limit of a bulk file, checked before it is read (the server refuses more). */
export const BULK_MAX_FILE_BYTES = 512 * 1024;

/**
 * A preview's reason for skipping a line: one of ours as a translation key and its
 * values, or a reason we do not know as the text the server sent (never looked up as a
 * key, so a reason can never read as some other message of ours).
 */
export type Reason = { key: string; values?: Record<string, string> } | { text: string };

export function reasonOf(reason: string): Reason {
  if (reason === 'Invalid phone number format') return { key: 'sms.errors.recipientInvalid' };
  if (reason === 'Duplicate') return { key: 'sms.bulk.reasons.duplicate' };
  if (reason === `More than ${BULK_MAX_RECIPIENTS} recipients`)
    return { key: 'sms.bulk.reasons.tooMany', values: { max: String(BULK_MAX_RECIPIENTS) } };
  const unsupported = /^Destination not supported \(([A-Z]{2})\)$/.exec(reason);
  if (unsupported?.[1])
    return { key: 'sms.bulk.reasons.unsupported', values: { country: unsupported[1] } };
  return { text: reason };
}
