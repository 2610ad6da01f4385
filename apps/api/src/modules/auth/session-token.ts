import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'parley_session';
export const CUSTOMER_IDLE_SECONDS = 30 * 24 * 60 * 60;
export const ADMIN_IDLE_SECONDS = 12 * 60 * 60;

/** 256 random bits, URL-safe. Only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
