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
function readPid(file: string): number {
  try {
    return Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
  } catch {
    return Number.NaN;
  }
}

/**
 * Takes a stale lock out of the way without removing one another process has just
 * created: the file is moved aside atomically (only one contender succeeds), then
 * checked; if it turns out to be a live lock, it is put back.
 */
function removeIfStill(file: string, stalePid: number, dataDir: string): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    fs.renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // someone else moved it
    throw err;
  }
  const moved = readPid(aside);
  if (moved !== stalePid && !Number.isNaN(moved) && isAlive(moved)) {
    fs.renameSync(aside, file);
    throw new DataDirLockedError(dataDir, moved);
  }
  fs.rmSync(aside, { force: true });
}

export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'parley.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    // Written aside, then linked into place: the lock never exists without its pid.
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, String(process.pid), { mode: 0o600 });
    try {
      fs.linkSync(tmp, file);
      fs.rmSync(tmp, { force: true });
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
      fs.rmSync(tmp, { force: true });
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readPid(file);
      // A restarted container often gets the same pid, so our own pid is live only if we hold it.
      const live = owner === process.pid ? held.has(file) : isAlive(owner);
      if (live) throw new DataDirLockedError(dataDir, owner);
      removeIfStill(file, owner, dataDir);
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}; another process is starting on it.`);
}
