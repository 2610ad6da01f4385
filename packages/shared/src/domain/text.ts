/**
 * What text Parley accepts. No field anywhere takes a control character: C0 controls
 * (NUL included), DEL and C1 controls are refused, except TAB, LF and CR in multi-line
 * text (an SMS, a description, a file). Single-line fields (names, emails, sender IDs,
 * addresses) refuse TAB, LF and CR too. Text must also be well-formed Unicode (no lone
 * surrogate, which a database would silently turn into U+FFFD).
 */

/** A control character that no text may hold (TAB, LF and CR are allowed). */
const FORBIDDEN = /(?![\t\n\r])\p{Cc}/u;

/** Any control character, TAB, LF and CR included: what a single line may not hold. */
const FORBIDDEN_IN_LINE = /\p{Cc}/u;

/** A lone surrogate: half of a pair, which UTF-8 cannot carry (encoders write U+FFFD). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The field code of why `text` is refused anywhere, or null when it is acceptable text. */
export function textProblemCode(text: string): 'CONTROL_CHARACTERS' | 'INVALID_UNICODE' | null {
  if (FORBIDDEN.test(text)) return 'CONTROL_CHARACTERS';
  if (LONE_SURROGATE.test(text)) return 'INVALID_UNICODE';
  return null;
}

/** Why `text` is refused anywhere, in English, or null when it is acceptable text. */
export function textProblem(text: string): string | null {
  const code = textProblemCode(text);
  if (code === 'CONTROL_CHARACTERS') return 'Control characters are not allowed';
  if (code === 'INVALID_UNICODE') return 'Text is not valid Unicode';
  return null;
}

/** True when `text` is one line with no control character at all. */
export function isSingleLine(text: string): boolean {
  return !FORBIDDEN_IN_LINE.test(text) && !LONE_SURROGATE.test(text);
}
