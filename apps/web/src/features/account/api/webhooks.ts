import type { WebhookCreateInput, WebhookUpdateInput } from '@parley/shared';
import { webhooksApi } from '@parley/shared/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export function useWebhooks() {
  return useQuery({ queryKey: queryKeys.webhooks, queryFn: () => call(webhooksApi.list) });
}

export function useWebhookDeliveries(id: string, page: number) {
  return useQuery({
    queryKey: queryKeys.webhookDeliveries(id, page),
    queryFn: () => call(webhooksApi.deliveries, { params: { id }, query: { page, pageSize: 10 } }),
    placeholderData: keepPreviousData,
    // A delivery not tried yet (or in its first try) shows its outcome without a reload.
    refetchInterval: (q) =>
      q.state.data?.items.some((d) => d.status === 'pending' && d.lastAttemptAt === null)
        ? 2000
        : false,
  });
}

/** Every change refreshes the list (and the logs under it). */
function useWebhookMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks }),
  });
}

export const useCreateWebhook = () =>
  useWebhookMutation((body: WebhookCreateInput) => call(webhooksApi.create, { body }));

export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, ...body }: WebhookUpdateInput & { id: string }) =>
    call(webhooksApi.update, { params: { id }, body }),
  );

export const useRemoveWebhook = () =>
  useWebhookMutation((id: string) => call(webhooksApi.remove, { params: { id } }));

export const useRotateWebhookSecret = () =>
  useWebhookMutation((id: string) => call(webhooksApi.rotateSecret, { params: { id } }));

export const useTestWebhook = () =>
  useWebhookMutation((id: string) => call(webhooksApi.test, { params: { id } }));

export const useRedeliverWebhook = () =>
  useWebhookMutation(({ id, deliveryId }: { id: string; deliveryId: string }) =>
    call(webhooksApi.redeliver, { params: { id, deliveryId } }),
  );
