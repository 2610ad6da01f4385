import type { User } from '@parley/shared';
import { apiFetch } from '@/lib/api-client';

export interface AdminLoginInput {
  email: string;
  password: string;
}

export function adminLogin(input: AdminLoginInput): Promise<User> {
  return apiFetch<User>('/api/admin/login', { method: 'POST', body: JSON.stringify(input) });
}
