import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Daemon, startDaemon } from '../voice/daemon.js';
import { harakaFiles, spoolOf } from './haraka-config.js';
import type { MailEdgeSettings } from './settings.js';
import { smtpGreets } from './smtp-probe.js';

/** The edge refused to start: each problem names its setting. */
export class MailEdgeRefused extends Error {
  constructor(readonly problems: string[]) {
    super(`mail:edge cannot start:\n  ${problems.join('\n  ')}`);
    this.name = 'MailEdgeRefused';
  }
}

const requireHere = createRequire(import.meta.url);
/** `.ts` when run from source (tests, tsx), `.js` from the build. */
const EXT = path.extname(fileURLToPath(import.meta.url));
const PLUGIN_MODULE = path.join(import.meta.dirname, `plugin${EXT}`);

/** Node's arguments for Haraka: from source, the same TypeScript loader this runs under. */
function harakaArgs(runDir: string): string[] {
  const loader =
    EXT === '.ts'
      ? ['--conditions=@parley/source', '--import', pathToFileURL(requireHere.resolve('tsx')).href]
      : [];
  return [...loader, requireHere.resolve('haraka/bin/haraka'), '-c', runDir];
}

/** A new folder only this user can read (the secret and the TLS key are in it). */
function privateRunDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-mail-edge-'));
  fs.chmodSync(dir, 0o700);
  return dir;
}

function render(runDir: string, files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(runDir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const refusedBy = (lock: string, holder?: number) =>
  new MailEdgeRefused([
    holder
      ? `MAIL_EDGE_QUEUE_DIR: in use by another edge (pid ${holder})`
      : `MAIL_EDGE_QUEUE_DIR: its lock ${lock} could not be taken`,
  ]);

/** One edge per spool: two would deliver the same queue twice. */
function lockSpool(queueDir: string): () => void {
  const spool = spoolOf(queueDir);
  for (const dir of [queueDir, spool.outbound, spool.reports])
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Created exclusively: of two edges starting at once, one gets it. A lock whose
  // holder has exited is taken over (removed, then created exclusively again).
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(spool.lock, `${process.pid}\n`, { mode: 0o600, flag: 'wx' });
      return () => fs.rmSync(spool.lock, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0)
        throw refusedBy(spool.lock);
    }
    const holder = Number.parseInt(fs.readFileSync(spool.lock, 'utf8').trim() || '0', 10) || 0;
    if (holder && holder !== process.pid && alive(holder)) throw refusedBy(spool.lock, holder);
    fs.rmSync(spool.lock, { force: true });
  }
}

function readTls(s: MailEdgeSettings) {
  const read = (file: string, key: string) => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      throw new MailEdgeRefused([`${key}: cannot be read`]);
    }
  };
  return {
    certificate: read(s.tls.certificate, 'MAIL_EDGE_TLS_CERT'),
    privateKey: read(s.tls.privateKey, 'MAIL_EDGE_TLS_KEY'),
  };
}

const listenersOf = (s: MailEdgeSettings) => [
  { port: s.ports.submission, secure: false, what: 'submission, STARTTLS' },
  { port: s.ports.smtps, secure: true, what: 'SMTPS' },
  { port: s.ports.bounce, secure: false, what: 'bounces and reports' },
];

async function allGreet(s: MailEdgeSettings): Promise<boolean> {
  const probe = s.listen === '0.0.0.0' ? '127.0.0.1' : s.listen === '::' ? '::1' : s.listen;
  const answers = await Promise.all(
    listenersOf(s).map((l) => smtpGreets(probe, l.port, l.secure, 1000)),
  );
  return answers.every(Boolean);
}

/**
 * What `npm run mail:edge` does before it waits for a signal: locks the spool, renders
 * Haraka's configuration and Parley's plugin into a new private folder, starts Haraka and
 * prints one readiness line once all three listeners greet. `stop()` ends it by its PID
 * and removes the folder; the queue stays.
 */
export async function launchMailEdge(opts: {
  settings: MailEdgeSettings;
  print: (line: string) => void;
  log?: (line: string) => void;
}): Promise<{ haraka: Daemon; runDir: string; stop(): Promise<void> }> {
  const s = opts.settings;
  const tls = readTls(s);
  const unlock = lockSpool(s.queueDir);
  const runDir = privateRunDir();
  const cleanUp = () => {
    fs.rmSync(runDir, { recursive: true, force: true });
    unlock();
  };
  let haraka: Daemon;
  try {
    render(runDir, harakaFiles(s, PLUGIN_MODULE, tls));
    haraka = await startDaemon({
      name: 'Haraka',
      bin: process.execPath,
      args: harakaArgs(runDir),
      cwd: runDir,
      ready: () => allGreet(s),
      log: opts.log,
    });
  } catch (err) {
    cleanUp();
    throw err;
  }
  const at = (p: number) => (s.listen.includes(':') ? `[${s.listen}]:${p}` : `${s.listen}:${p}`);
  const where = s.relay ? `via ${s.relay.host}:${s.relay.port}` : 'to MX hosts';
  opts.print(
    `mail:edge ready: Haraka (pid ${haraka.child.pid}) answers for ${s.host} on ` +
      `${listenersOf(s)
        .map((l) => `${at(l.port)} (${l.what})`)
        .join(', ')}; delivers ${where}; queue in ${s.queueDir}`,
  );
  return {
    haraka,
    runDir,
    async stop() {
      await haraka.stop();
      cleanUp();
    },
  };
}
