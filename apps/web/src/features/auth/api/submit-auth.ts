import type { User } from '@parley/shared';
import type { ContactMethod } from '@parley/shared/domain';
import { apiFetch } from '@/lib/api-client';

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

export function signIn(input: SignInInput): Promise<User> {
  return apiFetch<User>('/api/auth/login', { method: 'POST', body: JSON.stringify(input) });
}

export function signUp(input: SignUpInput): Promise<User> {
  return apiFetch<User>('/api/auth/signup', { method: 'POST', body: JSON.stringify(input) });
}
