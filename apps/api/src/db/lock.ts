import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by another Parley process (pid ${pid}). ` +
        'Stop that process, or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Folders this process holds, so a lock file with our own pid can be told apart from a stale one. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database has no lock between processes, so two servers on one folder
 * would corrupt it. We hold `parley.lock` (our pid) while running; a lock left by a
 * process that no longer exists is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'parley.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      held.add(file);
      return () => {
        held.delete(file);
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      // A restarted container often gets the same pid, so our own pid is live only if we hold it.
      const live = owner === process.pid ? held.has(file) : isAlive(owner);
      if (live) throw new DataDirLockedError(dataDir, owner);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}; another process is starting on it.`);
}
