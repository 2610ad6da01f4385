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
 * early when the app is opened there (lib/early-fetch.ts). Each page's test checks that
 * the page still asks for these.
 */
export function openedAtReads(pathname: string, search: string): string[] {
  switch (pathname) {
    case '/did-numbers':
      return [urlOf(catalogueApi.numbers, { query: { page: 1, pageSize: NUMBER_SHOP_PAGE_SIZE } })];
    case '/sip-monitoring':
      return [urlOf(voiceMonitoringApi.overview)];
    case '/admin': {
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
