import type { AlertSettings, CallStatus } from '@parley/shared';
import { voiceMonitoringApi } from '@parley/shared/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, urlOf } from '@/lib/api';
import { pollWhileSeen } from '@/lib/polling';
import { voiceKeys } from '@/lib/voice-query-keys';

/**
 * Live while open: the customer's event stream (lib/customer-events.ts) invalidates
 * everything under voiceKeys.voiceMonitoring on `call.updated`; without an event (a
 * proxy that drops the stream) the figures still refresh this often.
 */
export const MONITORING_POLL_MS = 30_000;
export const CALLS_PAGE_SIZE = 20;

export type CallFilters = {
  status?: CallStatus;
  destination?: string;
  from?: string;
  to?: string;
};
export type Range = { from?: string; to?: string };

const live = pollWhileSeen(MONITORING_POLL_MS);

export const overviewQueryOptions = (range: Range) =>
  queryOptions({
    queryKey: voiceKeys.voiceMonitoringPart('overview', range),
    queryFn: () => call(voiceMonitoringApi.overview, { query: range }),
  });

export const useMonitoringOverview = (range: Range) =>
  useQuery({ ...overviewQueryOptions(range), ...live, placeholderData: (previous) => previous });

export const callsQueryOptions = (filters: CallFilters, page: number) =>
  queryOptions({
    queryKey: voiceKeys.voiceMonitoringPart('calls', { ...filters, page }),
    queryFn: () =>
      call(voiceMonitoringApi.calls, {
        query: { ...filters, page, pageSize: CALLS_PAGE_SIZE },
      }),
  });

export const useMonitoringCalls = (filters: CallFilters, page: number) =>
  useQuery({ ...callsQueryOptions(filters, page), ...live, placeholderData: (p) => p });

/** The CSV export's address with the same filters: the browser downloads it itself. */
export const exportUrl = (filters: CallFilters) =>
  urlOf(voiceMonitoringApi.exportCalls, { query: filters });

export const qualityQueryOptions = (range: Range) =>
  queryOptions({
    queryKey: voiceKeys.voiceMonitoringPart('quality', range),
    queryFn: () => call(voiceMonitoringApi.quality, { query: range }),
  });

export const useMonitoringQuality = (range: Range) =>
  useQuery({ ...qualityQueryOptions(range), ...live, placeholderData: (p) => p });

export const alertsQueryOptions = queryOptions({
  queryKey: voiceKeys.voiceMonitoringPart('alerts'),
  queryFn: () => call(voiceMonitoringApi.alerts),
});

export const useMonitoringAlerts = () => useQuery({ ...alertsQueryOptions, ...live });

export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AlertSettings) =>
      call(voiceMonitoringApi.saveAlertSettings, { body: settings }),
    onSuccess: (data) => queryClient.setQueryData(alertsQueryOptions.queryKey, data),
  });
}
