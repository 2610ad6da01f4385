import type { SenderRequestInput } from '@parley/shared';
import { smsApi } from '@parley/shared/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The customer's sender IDs, the brand sender and their numbers (under `sms`). */
export const smsSendersQueryOptions = queryOptions({
  queryKey: queryKeys.smsSenders,
  queryFn: () => call(smsApi.senders),
});

export function useSmsSenders() {
  return useQuery(smsSendersQueryOptions);
}

/** Asks for a sender ID; the list and any quote (which names the sender) reload. */
export function useRequestSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SenderRequestInput) => call(smsApi.requestSender, { body: input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: smsSendersQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.smsQuote }),
      ]),
  });
}
