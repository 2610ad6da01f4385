import type { Call, CallerIds } from '@parley/shared';
import { voiceApi } from '@parley/shared/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { storeCall } from '@/features/voice/call-updates';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useDebounced } from '@/lib/use-debounced';
import { voiceKeys } from '@/lib/voice-query-keys';
import { isOpenCall } from '../call-rules';
import { VOICE_SIGN_IN } from './voice-errors';

/** The calling screen lists the 5 latest calls. */
export const RECENT_CALLS = 5;
export const QUOTE_DEBOUNCE_MS = 300;
/** While a call is open the history is asked again this often, in case an event is missed. */
export const OPEN_CALL_POLL_MS = 4000;

export const callHistoryQueryOptions = queryOptions({
  queryKey: [...voiceKeys.voiceHistory, RECENT_CALLS],
  queryFn: () => call(voiceApi.history, { query: { pageSize: RECENT_CALLS } }),
});

/** The 5 latest calls; polled while one of them is still going (events are the fast path). */
export function useCallHistory() {
  return useQuery({
    ...callHistoryQueryOptions,
    refetchInterval: (query) =>
      query.state.data?.items.some((c) => isOpenCall(c.status)) ? OPEN_CALL_POLL_MS : false,
  });
}

export function useVoiceStatus() {
  return useQuery({
    queryKey: voiceKeys.voiceStatus,
    queryFn: () => call(voiceApi.status),
  });
}

export const callerIdsQueryOptions = queryOptions({
  queryKey: voiceKeys.voiceCallerIds,
  queryFn: () => call(voiceApi.callerIds),
});

export function useCallerIds() {
  return useQuery(callerIdsQueryOptions);
}

/** The customer's SIP account; `enabled` false leaves it unasked (the sandbox's softphone). */
export function useSipAccount(enabled = true) {
  return useQuery({
    queryKey: voiceKeys.sipAccount,
    queryFn: () => call(voiceApi.account),
    enabled,
  });
}

/**
 * The price per minute and the longest call for a destination, asked once it is valid
 * (`destination` non-null) and has not changed for 300 ms. `waiting` while either.
 */
export function useCallQuote(destination: string | null) {
  const settled = useDebounced(destination, QUOTE_DEBOUNCE_MS);
  const ready = destination !== null && settled === destination;
  const query = useQuery({
    queryKey: voiceKeys.voiceQuote(destination ?? ''),
    queryFn: () => call(voiceApi.quote, { query: { destination: destination ?? '' } }),
    enabled: ready,
    staleTime: 30_000,
  });
  return { ...query, waiting: destination !== null && (!ready || query.isPending) };
}

/** Stores a call's newest state (lib/call-updates.ts), as the event stream does. */
export function useStoreCall() {
  const queryClient = useQueryClient();
  return (updated: Call) => storeCall(queryClient, updated);
}

/** A call's newest state as pushed by the event stream or set after placing or hanging up. */
export function useCallState(id: string | null) {
  return useQuery<Call | null>({
    queryKey: voiceKeys.voiceCall(id ?? ''),
    // Nothing to fetch (the server has no single-call read): events and answers fill it.
    queryFn: () => null,
    enabled: false,
    initialData: null,
  });
}

/**
 * Places a call; the new call is stored for the live panel, and the lists and the user
 * (whose balance now holds the call's maximum) reload, as the spec has it.
 */
export function usePlaceCall() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: VOICE_SIGN_IN,
    mutationFn: (input: { callerId: string; destination: string }) =>
      call(voiceApi.call, { body: input }),
    onSuccess: (placed) => {
      storeCall(queryClient, placed);
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
  });
}

export function useHangUp() {
  const store = useStoreCall();
  return useMutation({
    meta: VOICE_SIGN_IN,
    mutationFn: (id: string) => call(voiceApi.hangup, { params: { id } }),
    onSuccess: (ended) => store(ended),
  });
}

export function useStartVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: VOICE_SIGN_IN,
    mutationFn: (number: string) => call(voiceApi.verifyStart, { body: { number } }),
    // The list names the code now waiting, so its entry resumes after a reload.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voiceKeys.voiceCallerIds }),
  });
}

export function useConfirmVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: VOICE_SIGN_IN,
    mutationFn: (input: { number: string; code: string }) =>
      call(voiceApi.verifyConfirm, { body: input }),
    onSuccess: (ids: CallerIds) => queryClient.setQueryData(voiceKeys.voiceCallerIds, ids),
  });
}

export function useRegeneratePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: VOICE_SIGN_IN,
    mutationFn: () => call(voiceApi.regeneratePassword),
    onSuccess: (account) => queryClient.setQueryData(voiceKeys.sipAccount, account),
  });
}
