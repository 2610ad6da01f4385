import type { User } from '@parley/shared';
import { apiFetch } from '@/lib/api-client';

export interface SignInInput {
  email: string;
  password: string;
}

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  contactMethod: ContactMethod;
  contactValue: string;
}

export const CONTACT_METHODS = ['telegram', 'phone', 'whatsapp'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];

export function signIn(input: SignInInput): Promise<User> {
  return apiFetch<User>('/api/auth/login', { method: 'POST', body: JSON.stringify(input) });
}

export function signUp(input: SignUpInput): Promise<User> {
  return apiFetch<User>('/api/auth/signup', { method: 'POST', body: JSON.stringify(input) });
}
