import type { FastifyPluginAsync } from 'fastify';
import { sendCsv } from '../../plugins/csv-file.js';
import { route } from '../../plugins/endpoints.js';
import { userId } from '../../plugins/guards.js';
import type { VoiceMonitoringService } from './voice-monitoring.service.js';

/** The customer's SIP monitoring: overview, calls (and their CSV), quality and alerts. */
export const voiceMonitoringRoutes: FastifyPluginAsync<{
  monitoring: VoiceMonitoringService;
}> = async (app, { monitoring }) => {
  route(app, 'voiceMonitoring.overview', (r) => monitoring.overview(userId(r), r.query));
  route(app, 'voiceMonitoring.calls', (r) => monitoring.calls(userId(r), r.query));
  route(app, 'voiceMonitoring.exportCalls', async (r, reply) => {
    const { filename, csv } = await monitoring.exportCalls(userId(r), r.query);
    return sendCsv(reply, filename, csv);
  });
  route(app, 'voiceMonitoring.quality', (r) => monitoring.quality(userId(r), r.query));
  route(app, 'voiceMonitoring.alerts', (r) => monitoring.alerts(userId(r)));
  route(app, 'voiceMonitoring.saveAlertSettings', (r) =>
    monitoring.saveAlertSettings(userId(r), r.body),
  );
};
