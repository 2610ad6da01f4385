import type { User } from '@parley/shared';
import {
  catalogueApi,
  paymentsAdminApi,
  setupAdminApi,
  smsAdminApi,
  voiceAdminApi,
  voiceMonitoringApi,
} from '@parley/shared/api';
import { NUMBER_SHOP_PAGE_SIZE } from '@/features/catalogue/api/search-numbers';
import { urlOf } from '@/lib/api';

/**
 * The first reads of the page at `pathname`, exactly as its code asks for them, started
 * early when the app is opened there by `user` (lib/early-fetch.ts). A test renders each
 * page and checks that it still asks for these.
 */
export function openedAtReads(
  pathname: string,
  search: string,
  user: Pick<User, 'isAdmin'> | null,
): string[] {
  // Only for someone signed in (and the admin's for an admin): others are refused.
  if (!user) return [];
  switch (pathname) {
    case '/did-numbers':
      return [urlOf(catalogueApi.numbers, { query: { page: 1, pageSize: NUMBER_SHOP_PAGE_SIZE } })];
    case '/sip-monitoring':
      return [urlOf(voiceMonitoringApi.overview)];
    case '/admin': {
      if (!user.isAdmin) return [];
      const tab = new URLSearchParams(search).get('tab');
      return [
        urlOf(setupAdminApi.checklist),
        urlOf(smsAdminApi.status),
        urlOf(voiceAdminApi.status),
        ...(tab === null || tab === 'payments' ? [urlOf(paymentsAdminApi.list)] : []),
      ];
    }
    default:
      return [];
  }
}
