import type { Trunk, Trunks, TrunkUpdate } from '@parley/shared';
import { sipTrunkApi } from '@parley/shared/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { pollWhileSeen } from '@/lib/polling';
import { queryKeys } from '@/lib/query-keys';

const KEY = queryKeys.sipTrunks;

export const trunksQueryOptions = queryOptions({
  queryKey: KEY,
  queryFn: () => call(sipTrunkApi.trunks),
});

/** The customer's trunks; today's figures change with every call, so reloaded every 15 s. */
export function useTrunks() {
  return useQuery({ ...trunksQueryOptions, ...pollWhileSeen(15_000) });
}

/** Puts one trunk's new state into the list, so the page shows it before the next reload. */
function replaceTrunk(data: Trunks | undefined, id: string, change: (t: Trunk) => Trunk) {
  if (!data) return data;
  return { ...data, items: data.items.map((t) => (t.id === id ? change(t) : t)) };
}

/** Saves the Configure Service dialog; the answer is the trunk as stored. */
export function useUpdateTrunk(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TrunkUpdate) => call(sipTrunkApi.update, { params: { id }, body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, (data: Trunks | undefined) =>
        replaceTrunk(data, id, () => saved),
      );
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
}

/** A new password for a trunk: the old one stops working at once. */
export function useNewTrunkPassword(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(sipTrunkApi.newPassword, { params: { id } }),
    onSuccess: ({ password }) =>
      queryClient.setQueryData(KEY, (data: Trunks | undefined) =>
        replaceTrunk(data, id, (t) => ({ ...t, password })),
      ),
  });
}

/** Rings a number on a trunk's PBX, or (null) on the customer's softphones again. */
export function useRouteNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ numberId, trunkId }: { numberId: string; trunkId: string | null }) =>
      call(sipTrunkApi.routeNumber, { params: { id: numberId }, body: { trunkId } }),
    // The choice shows at once; the reload after puts back the stored one if it failed.
    onMutate: ({ numberId, trunkId }) =>
      queryClient.setQueryData(KEY, (data: Trunks | undefined) =>
        data
          ? {
              ...data,
              numbers: data.numbers.map((n) => (n.id === numberId ? { ...n, trunkId } : n)),
            }
          : data,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
