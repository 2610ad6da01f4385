import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@parley/shared';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 43 base62 characters carry 256 bits. */
export const SECRET_LENGTH = 43;
const SHAPE = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${SECRET_LENGTH}}$`);

/**
 * A new key's secret: the prefix secret scanners look for, then 43 base62 characters
 * drawn without bias (bytes of 248 and over are thrown away: 248 = 4 × 62).
 */
export function newKeySecret(random: (n: number) => Buffer = randomBytes): string {
  let body = '';
  while (body.length < SECRET_LENGTH)
    for (const byte of random(64)) {
      if (byte >= 248 || body.length === SECRET_LENGTH) continue;
      body += BASE62[byte % 62];
    }
  return API_KEY_PREFIX + body;
}

/** Only this is stored; a request's key is looked up by it (no comparison to time). */
export const hashKeySecret = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');

/** What lists show: the prefix and four characters, enough to tell keys apart. */
export const displayPrefix = (secret: string): string => secret.slice(0, API_KEY_PREFIX.length + 4);

/** Whether a Bearer token is shaped like a key at all (anything else never reaches the database). */
export const isKeyShaped = (token: string): boolean => SHAPE.test(token);
