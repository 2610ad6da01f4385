import fs from 'node:fs';
import path from 'node:path';
import { type Daemon, startDaemon } from './daemon.js';
import { type EdgeSettings, kamailioSettings, tlsConfig } from './kamailio-config.js';
import { type MediaSettings, rtpengineConfig } from './rtpengine-config.js';
import { pingRtpengine } from './rtpengine-ng.js';

/** deploy/voice/, where the SIP edge's configuration lives. */
export const DEPLOY_VOICE = path.resolve(import.meta.dirname, '../../../../../deploy/voice');

/**
 * Renders the settings into `runDir` beside a copy of deploy/voice/kamailio.cfg and
 * starts Kamailio in the foreground. Resolves once its listeners are up.
 */
export function startKamailio(opts: {
  settings: EdgeSettings;
  runDir: string;
  log?: (line: string) => void;
}): Promise<Daemon> {
  fs.mkdirSync(opts.runDir, { recursive: true });
  fs.copyFileSync(path.join(DEPLOY_VOICE, 'kamailio.cfg'), path.join(opts.runDir, 'kamailio.cfg'));
  let settings = opts.settings;
  if (settings.tls) {
    const configFile = path.join(opts.runDir, 'tls.cfg');
    fs.writeFileSync(configFile, tlsConfig(settings.tls));
    settings = { ...settings, tls: { ...settings.tls, configFile } };
  }
  fs.writeFileSync(path.join(opts.runDir, 'parley-settings.cfg'), kamailioSettings(settings));
  return startDaemon({
    name: 'Kamailio',
    bin: 'kamailio',
    args: ['-f', path.join(opts.runDir, 'kamailio.cfg'), '-DD', '-E', '-Y', opts.runDir],
    cwd: opts.runDir,
    // It logs its process list once the listeners are up.
    ready: /processes \(at least\)|init_tcp|sip:.*listening/i,
    log: opts.log,
  });
}

/** Writes rtpengine's configuration into `runDir` and starts it in the foreground. */
export function startRtpengine(opts: {
  media: MediaSettings;
  runDir: string;
  log?: (line: string) => void;
}): Promise<Daemon> {
  fs.mkdirSync(opts.runDir, { recursive: true });
  const file = path.join(opts.runDir, 'rtpengine.conf');
  fs.writeFileSync(file, rtpengineConfig(opts.media));
  return startDaemon({
    name: 'rtpengine',
    bin: 'rtpengine',
    args: [
      `--config-file=${file}`,
      '--config-section=parley',
      `--pidfile=${opts.runDir}/rtpengine.pid`,
    ],
    cwd: opts.runDir,
    // Ready when its control socket answers.
    ready: () => pingRtpengine(opts.media.control, 200),
    log: opts.log,
  });
}

/** The whole edge: rtpengine first (Kamailio controls it), then Kamailio; stopped in
 * the opposite order. */
export async function startEdge(opts: {
  settings: EdgeSettings;
  media: MediaSettings;
  runDir: string;
  log?: (line: string) => void;
}): Promise<{ kamailio: Daemon; rtpengine: Daemon; stop(): Promise<void> }> {
  const rtpengine = await startRtpengine(opts);
  let kamailio: Daemon;
  try {
    kamailio = await startKamailio(opts);
  } catch (err) {
    await rtpengine.stop();
    throw err;
  }
  return {
    kamailio,
    rtpengine,
    async stop() {
      await kamailio.stop();
      await rtpengine.stop();
    },
  };
}
