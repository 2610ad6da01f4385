import type { ForgotPasswordInput, ResetPasswordInput } from '@parley/shared';
import { authApi } from '@parley/shared/api';
import { call } from '@/lib/api';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function forgotPassword(input: ForgotPasswordInput) {
  return call(authApi.forgotPassword, { body: input });
}

/** Sets a new password from a reset link; every session of the user ends. */
export function resetPassword(input: ResetPasswordInput) {
  return call(authApi.resetPassword, { body: input });
}

/** The token a reset link carries in its fragment (`/reset-password#<token>`), if any. */
export function tokenOfHash(hash: string): string | null {
  const token = hash.replace(/^#/, '');
  return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}
