import type { Call, CallHistory } from '@parley/shared';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { voiceKeys } from '@/lib/voice-query-keys';

/** How far along a call is, so an older report never replaces a newer one. */
const STAGE: Record<Call['status'], number> = {
  dialing: 0,
  ringing: 1,
  answered: 2,
  ended: 3,
  busy: 3,
  no_answer: 3,
  failed: 3,
  cancelled: 3,
};

/**
 * The newer of two reports of the same call (say an event and the history's copy): the
 * one further along; on a tie the first.
 */
export function newerCall(a: Call | undefined, b: Call | undefined): Call | undefined {
  if (!a || !b) return a ?? b;
  return STAGE[b.status] > STAGE[a.status] ? b : a;
}

/**
 * Puts a call's newest state where the screens read it: its own entry (the live call
 * panel) and its row in the lists, which then reload. A call that has ended changes the
 * balance and how long the next call may last, so the balance, the price and the SIP
 * account's active calls reload too. Used by the event stream and after placing or
 * hanging up a call.
 */
export function storeCall(queryClient: QueryClient, updated: Call): void {
  // An answer and an event can arrive in either order: the one further along stays.
  queryClient.setQueryData<Call | null>(
    voiceKeys.voiceCall(updated.id),
    (old) => newerCall(updated, old ?? undefined) ?? null,
  );
  queryClient.setQueriesData<CallHistory>({ queryKey: voiceKeys.voiceHistory }, (old) =>
    old?.items.some((c) => c.id === updated.id)
      ? {
          ...old,
          items: old.items.map((c) => (c.id === updated.id ? (newerCall(updated, c) ?? c) : c)),
        }
      : old,
  );
  const reload: (readonly unknown[])[] = [
    voiceKeys.voiceHistory,
    voiceKeys.voiceRecent,
    voiceKeys.voiceStatus,
  ];
  const open = STAGE[updated.status] < 3;
  if (!open) reload.push(queryKeys.user, ['voice-quote'], voiceKeys.sipAccount);
  for (const queryKey of reload) void queryClient.invalidateQueries({ queryKey });
}
