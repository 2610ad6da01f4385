import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Daemon, startDaemon } from './daemon.js';
import { type EdgeSettings, kamailioSettings, tlsConfig } from './kamailio-config.js';
import { type MediaSettings, rtpengineConfig } from './rtpengine-config.js';
import { pingRtpengine } from './rtpengine-ng.js';

/** deploy/voice/, where the SIP edge's configuration lives. */
export const DEPLOY_VOICE = path.resolve(import.meta.dirname, '../../../../../deploy/voice');

/**
 * A new folder for the edge's rendered files: a random name (mkdtemp) and mode 0700, so
 * no other local user can read the secrets in it, or plant a folder or link there first.
 */
export function privateRunDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-voice-edge-'));
  fs.chmodSync(dir, 0o700);
  return checkedRunDir(dir);
}

/** `dir` itself (not a link), this process's user's, and closed to everyone else. */
function checkedRunDir(dir: string): string {
  const stat = fs.lstatSync(dir);
  const mine = process.getuid === undefined || stat.uid === process.getuid();
  if (!stat.isDirectory() || !mine || (stat.mode & 0o077) !== 0)
    throw new Error(`${dir} is not a private folder of this user (mode 0700): refused`);
  return dir;
}

/** A new file only its owner reads; never one that is already there (or a link). */
function writePrivate(dir: string, name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
  return file;
}

/** Kamailio's files in `runDir`: a copy of deploy/voice/kamailio.cfg, the settings it
 * imports and tls.cfg. Returns the path of kamailio.cfg. */
export function renderKamailio(given: EdgeSettings, runDir: string): string {
  checkedRunDir(runDir);
  let settings = given;
  if (settings.tls) {
    const configFile = path.join(runDir, 'tls.cfg');
    settings = { ...settings, tls: { ...settings.tls, configFile } };
  }
  const rendered = kamailioSettings(settings);
  const template = fs.readFileSync(path.join(DEPLOY_VOICE, 'kamailio.cfg'), 'utf8');
  if (settings.tls) writePrivate(runDir, 'tls.cfg', tlsConfig(settings.tls));
  writePrivate(runDir, 'parley-settings.cfg', rendered);
  return writePrivate(runDir, 'kamailio.cfg', template);
}

/** rtpengine's configuration file in `runDir`; returns its path. */
export function renderRtpengine(media: MediaSettings, runDir: string): string {
  checkedRunDir(runDir);
  return writePrivate(runDir, 'rtpengine.conf', rtpengineConfig(media));
}

/**
 * Renders Kamailio's files into `runDir` (a private folder: privateRunDir) and starts it
 * in the foreground. Resolves once its listeners are up.
 */
export function startKamailio(opts: {
  settings: EdgeSettings;
  runDir: string;
  log?: (line: string) => void;
}): Promise<Daemon> {
  renderKamailio(opts.settings, opts.runDir);
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

/** Writes rtpengine's configuration into `runDir` (private) and starts it in the
 * foreground. */
export function startRtpengine(opts: {
  media: MediaSettings;
  runDir: string;
  log?: (line: string) => void;
}): Promise<Daemon> {
  const file = renderRtpengine(opts.media, opts.runDir);
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
