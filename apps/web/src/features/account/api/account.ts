import type { ChangePasswordInput } from '@parley/shared';
import { authApi } from '@parley/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { forgetSession } from '@/lib/session-memory';

/** A new password; the server ends every other session of the user. */
export function changePassword(input: ChangePasswordInput) {
  return call(authApi.changePassword, { body: input });
}

/** Ends every session of the user, this one included. */
export function signOutEverywhere() {
  return call(authApi.logoutEverywhere);
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
      forgetSession();
      queryClient.clear();
      window.location.assign('/');
    },
  });
}
