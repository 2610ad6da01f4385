import type { BulkPreview } from '@parley/shared';

/** The limit of a bulk file, checked before it is read (the server refuses more). */
export const BULK_MAX_FILE_BYTES = 512 * 1024;

type Line = BulkPreview['invalid'][number];

/**
 * A preview's reason for skipping a line, as a translation key and its values: the
 * server sends a code with params, never text to read.
 */
export function reasonOf(line: Pick<Line, 'code' | 'params'>): {
  key: string;
  values: Record<string, string | number>;
} {
  switch (line.code) {
    case 'RECIPIENT_INVALID':
      return { key: 'fieldErrors.RECIPIENT_INVALID', values: {} };
    case 'RECIPIENT_DUPLICATE':
      return { key: 'sms.bulk.reasons.duplicate', values: {} };
    case 'TOO_MANY_RECIPIENTS':
      return { key: 'sms.bulk.reasons.tooMany', values: { max: line.params.max ?? '' } };
    case 'DESTINATION_NOT_SUPPORTED':
      return {
        key: 'sms.bulk.reasons.unsupported',
        values: { country: line.params.country ?? '' },
      };
    default:
      return { key: `errors.${line.code}`, values: {} };
  }
}
