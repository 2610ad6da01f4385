import type { ChangePasswordInput } from '@parley/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** A new password; the server ends every other session of the user. */
export function changePassword(input: ChangePasswordInput): Promise<void> {
  return apiFetch('/api/auth/password', { method: 'POST', body: JSON.stringify(input) });
}

/** Ends every session of the user, this one included. */
export function signOutEverywhere(): Promise<void> {
  return apiFetch('/api/auth/logout-everywhere', { method: 'POST' });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/** Once signed out, cached data is forgotten and the browser goes to the landing page. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: () => {
      queryClient.clear();
      window.location.assign('/');
    },
  });
}
