import {
  alertSettingsSchema,
  monitoringAlertsSchema,
  monitoringCallsQuerySchema,
  monitoringCallsSchema,
  monitoringExportQuerySchema,
  monitoringOverviewSchema,
  monitoringQualityQuerySchema,
  monitoringQualitySchema,
  monitoringRangeQuerySchema,
} from '../../contracts/voice-monitoring.js';

/** The customer's SIP monitoring, from their own call records. */
export const voiceMonitoringEndpoints = {
  'voiceMonitoring.overview': {
    summary: 'Active calls, calls and minutes today, answer-seizure ratio, spend, minutes left',
    query: monitoringRangeQuerySchema,
    responses: { 200: monitoringOverviewSchema },
  },
  'voiceMonitoring.calls': {
    summary: "The customer's calls, filtered by status, destination and days, newest first",
    query: monitoringCallsQuerySchema,
    responses: { 200: monitoringCallsSchema },
  },
  'voiceMonitoring.exportCalls': {
    summary: "The customer's calls with the same filters, as a CSV file",
    query: monitoringExportQuerySchema,
    responses: { 200: { description: 'calls-<from>-<to>.csv', contentType: 'text/csv' } },
  },
  'voiceMonitoring.quality': {
    summary: 'Answer rate, post-dial delay, failure causes, jitter, loss and MOS by country',
    query: monitoringQualityQuerySchema,
    responses: { 200: monitoringQualitySchema },
  },
  'voiceMonitoring.alerts': {
    summary: 'The alert thresholds and the alerts that trigger now',
    responses: { 200: monitoringAlertsSchema },
  },
  'voiceMonitoring.saveAlertSettings': {
    summary: 'Save the alert thresholds',
    body: alertSettingsSchema,
    responses: { 200: monitoringAlertsSchema },
  },
} as const;
