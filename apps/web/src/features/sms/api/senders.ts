import type { SenderRequest, SenderRequestInput, SmsSenders } from '@parley/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { SMS_KEY } from './sms';

/** The customer's sender IDs, the brand sender and their numbers (under SMS_KEY). */
export const smsSendersQueryOptions = queryOptions({
  queryKey: [...SMS_KEY, 'senders'],
  queryFn: () => apiFetch<SmsSenders>('/api/sms/senders'),
});

export function useSmsSenders() {
  return useQuery(smsSendersQueryOptions);
}

/** Asks for a sender ID; the list and any quote (which names the sender) reload. */
export function useRequestSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SenderRequestInput) =>
      apiFetch<SenderRequest>('/api/sms/senders', {
        method: 'POST',
        body: JSON.stringify(input),
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: smsSendersQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: ['sms-quote'] }),
      ]),
  });
}
