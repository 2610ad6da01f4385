import type { z } from 'zod';
import { isSingleLine } from '../domain/text.js';
import { fieldIssue } from './field-text.js';

/**
 * A single-line field (a name, an email, a sender ID, an address): refuses TAB, LF, CR
 * and every other control character. The server refuses control characters in all text
 * before validation (plugins/text-guard.ts); this adds the line rule where one line is
 * meant, and gives the browser's form the same check.
 */
export function singleLine<T extends z.ZodString>(schema: T, label = 'This field'): T {
  const { params } = fieldIssue({ code: 'NOT_ONE_LINE' });
  return schema.refine(isSingleLine, {
    message: `${label} must be one line without control characters`,
    params,
  });
}
