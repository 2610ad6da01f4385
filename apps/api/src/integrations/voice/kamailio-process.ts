import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type EdgeSettings, kamailioSettings } from './kamailio-config.js';

/** deploy/voice/, where the SIP edge's configuration lives. */
export const DEPLOY_VOICE = path.resolve(import.meta.dirname, '../../../../../deploy/voice');

/**
 * Renders the settings into `runDir` beside a copy of deploy/voice/kamailio.cfg and
 * starts Kamailio in the foreground (its log on our stderr or `log`). Resolves once it
 * has checked its configuration and is running; `stop()` ends it by its pid.
 */
export async function startKamailio(opts: {
  settings: EdgeSettings;
  runDir: string;
  bin?: string;
  log?: (line: string) => void;
}): Promise<{ child: ChildProcess; stop(): Promise<void> }> {
  fs.mkdirSync(opts.runDir, { recursive: true });
  fs.copyFileSync(path.join(DEPLOY_VOICE, 'kamailio.cfg'), path.join(opts.runDir, 'kamailio.cfg'));
  fs.writeFileSync(path.join(opts.runDir, 'parley-settings.cfg'), kamailioSettings(opts.settings));
  const cfg = path.join(opts.runDir, 'kamailio.cfg');
  const child = spawn(opts.bin ?? 'kamailio', ['-f', cfg, '-DD', '-E', '-Y', opts.runDir], {
    cwd: opts.runDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const read = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      lines.push(line);
      if (lines.length > 200) lines.shift();
      opts.log?.(line);
    }
  };
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Kamailio logs its process list once the listeners are up.
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Kamailio did not start:\n${lines.join('\n')}`)),
      15_000,
    );
    const check = () => {
      if (lines.some((l) => /processes \(at least\)|init_tcp|sip:.*listening/i.test(l))) {
        clearTimeout(timer);
        setTimeout(resolve, 300);
      }
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Kamailio exited (${code}):\n${lines.slice(-30).join('\n')}`));
    });
  });
  return {
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
