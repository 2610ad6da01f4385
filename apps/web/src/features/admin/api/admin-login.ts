import { apiFetch } from '@/lib/api-client';

export interface AdminLoginInput {
  email: string;
  password: string;
}

export function adminLogin(input: AdminLoginInput): Promise<unknown> {
  return apiFetch('/api/admin/login', { method: 'POST', body: JSON.stringify(input) });
}
