import type { Subscription } from '@parley/shared';
import { IN_SERVICE } from '@parley/shared/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { subscriptionsQueryOptions } from '@/lib/account-queries';
import { useUser } from '@/lib/current-user';

const inService: readonly string[] = IN_SERVICE;

/**
 * What the signed-in customer holds now (in service: active or in grace), by catalogue
 * item id, so a plan page can mark the customer's own plan. A visitor asks for nothing.
 */
export function useHeldItems(): ReadonlyMap<string, Subscription> {
  const { data: user } = useUser();
  const lang = useTranslation().i18n.language;
  const { data } = useQuery({ ...subscriptionsQueryOptions(lang), enabled: Boolean(user) });
  const held = new Map<string, Subscription>();
  for (const item of data?.items ?? [])
    if (inService.includes(item.status) && !held.has(item.itemId)) held.set(item.itemId, item);
  return held;
}
