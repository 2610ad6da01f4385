import { type ChildProcess, spawn } from 'node:child_process';

export interface Daemon {
  child: ChildProcess;
  /** Ends it by its pid: SIGTERM, then SIGKILL after five seconds. */
  stop(): Promise<void>;
}

/**
 * Starts an edge program (Kamailio, rtpengine) in the foreground, its log lines going to
 * `log`. Resolves once a line matches `ready` (or, for a function, once it answers
 * true); rejects with its last lines when it exits first or does not get there in 15 s.
 */
export async function startDaemon(opts: {
  name: string;
  bin: string;
  args: string[];
  cwd: string;
  ready: RegExp | (() => Promise<boolean>);
  log?: (line: string) => void;
}): Promise<Daemon> {
  const child = spawn(opts.bin, opts.args, { cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${opts.name} did not start:\n${lines.slice(-30).join('\n')}`));
    }, 15_000);
    const read = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(line);
        if (lines.length > 200) lines.shift();
        opts.log?.(line);
        if (opts.ready instanceof RegExp && opts.ready.test(line)) {
          clearTimeout(timer);
          setTimeout(resolve, 300);
        }
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    const probe = opts.ready;
    if (typeof probe === 'function') {
      const again = async () => {
        if (child.exitCode !== null) return;
        if (await probe().catch(() => false)) {
          clearTimeout(timer);
          resolve();
        } else setTimeout(again, 100);
      };
      void again();
    }
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`${opts.name} could not be started: ${err.message}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${opts.name} exited (${code}):\n${lines.slice(-30).join('\n')}`));
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
