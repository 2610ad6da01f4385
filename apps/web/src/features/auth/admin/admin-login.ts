import type { SecondFactorSetup, User } from '@parley/shared';
import { authAdminApi } from '@parley/shared/api';
import { call } from '@/lib/api';

export interface AdminLoginInput {
  email: string;
  password: string;
  /** The authenticator's six digits or a recovery code; left out on the first sign-in. */
  code?: string;
}

/** A session (200), or the second factor's set-up step on a first sign-in (202). */
export type AdminLoginResult =
  | { kind: 'signed-in'; user: User }
  | { kind: 'setup'; setup: SecondFactorSetup };

export async function adminLogin(input: AdminLoginInput): Promise<AdminLoginResult> {
  const body = await call(authAdminApi.signIn, { body: input });
  return 'setupToken' in body ? { kind: 'setup', setup: body } : { kind: 'signed-in', user: body };
}

/** Finishes the set-up with the first code: a session and the recovery codes, shown once. */
export function confirmSecondFactor(input: { setupToken: string; code: string }) {
  return call(authAdminApi.setup, { body: input });
}
