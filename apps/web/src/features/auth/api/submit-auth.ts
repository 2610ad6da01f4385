import { authApi } from '@parley/shared/api';
import type { ContactMethod } from '@parley/shared/domain';
import { call } from '@/lib/api';

export interface SignInInput {
  email: string;
  password: string;
  altcha: string;
}

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  contactMethod: ContactMethod;
  contactValue: string;
  altcha: string;
}

export function signIn(input: SignInInput) {
  return call(authApi.signIn, { body: input });
}

export function signUp(input: SignUpInput) {
  return call(authApi.signUp, { body: input });
}
