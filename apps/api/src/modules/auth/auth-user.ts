import { moneyText, type User } from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import { isoTime } from '../../lib/iso-time.js';
import type { UserRow } from './auth.repo.js';

/** The account columns a user's answer is made of (times as Dates, or as ISO text). */
export type SessionUserRow = Pick<
  UserRow,
  'id' | 'email' | 'firstName' | 'lastName' | 'profileImageUrl' | 'cryptoBalance' | 'isAdmin'
> & { createdAt: Date | string; updatedAt: Date | string };

export function toUser(row: SessionUserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    cryptoBalance: moneyText(row.cryptoBalance),
    isAdmin: row.isAdmin,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
}

export function splitName(name: string): { firstName: string; lastName: string | null } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.length ? rest.join(' ') : null };
}

export const invalidCredentials = () =>
  new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
export const secondFactorRequired = () =>
  new AppError(
    'SECOND_FACTOR_REQUIRED',
    'Enter the current code from your authenticator app, or a recovery code.',
  );
