/**
 * SMS encoding and segments (GSM 03.38 and 03.40). A message that fits the GSM 7-bit
 * alphabet is sent as GSM-7 (160 septets, or 153 per part when concatenated); anything
 * else as UCS-2 (70 UTF-16 units, or 67 per part). Extension characters cost two
 * septets; a surrogate pair or an escape sequence is never split across parts.
 */

export const SMS_MAX_CHARACTERS = 160;
export const SENDER_ID_MAX = 11;
export const DEFAULT_SENDER_ID = 'Parley';
/** Below this balance (GBP) no SMS is sent at all. */
export const MIN_SMS_BALANCE = '0.05';
export const BULK_MAX_RECIPIENTS = 5000;
/** The spec's international number: an optional +, then 2 to 15 digits, not led by 0. */
export const PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';
const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsShape {
  encoding: SmsEncoding;
  /** Septets for GSM-7, UTF-16 code units for UCS-2. */
  units: number;
  segments: number;
  /** How many units one part holds at this length (160/153 or 70/67). */
  perSegment: number;
}

export const SMS_LIMITS = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
} as const;

export function isGsm7(text: string): boolean {
  for (const ch of text) if (!BASIC.has(ch) && !EXTENSION.has(ch)) return false;
  return true;
}

/** The units each character costs, in order (a surrogate pair is one entry of 2). */
function costs(text: string, encoding: SmsEncoding): number[] {
  return Array.from(text, (ch) => (encoding === 'GSM-7' ? (EXTENSION.has(ch) ? 2 : 1) : ch.length));
}

/** Splits a message into the parts it is sent as; one part when it fits in one. */
export function smsParts(text: string): { encoding: SmsEncoding; parts: string[] } {
  const encoding: SmsEncoding = isGsm7(text) ? 'GSM-7' : 'UCS-2';
  const chars = Array.from(text);
  const cost = costs(text, encoding);
  const total = cost.reduce((a, b) => a + b, 0);
  const limit = SMS_LIMITS[encoding];
  if (total <= limit.single) return { encoding, parts: text ? [text] : [] };
  const parts: string[] = [];
  let current = '';
  let used = 0;
  chars.forEach((ch, i) => {
    const c = cost[i] ?? 1;
    if (used + c > limit.part) {
      parts.push(current);
      current = '';
      used = 0;
    }
    current += ch;
    used += c;
  });
  if (current) parts.push(current);
  return { encoding, parts };
}

export function smsShape(text: string): SmsShape {
  const { encoding, parts } = smsParts(text);
  const units = costs(text, encoding).reduce((a, b) => a + b, 0);
  const limit = SMS_LIMITS[encoding];
  return {
    encoding,
    units,
    segments: parts.length,
    perSegment: parts.length > 1 ? limit.part : limit.single,
  };
}
