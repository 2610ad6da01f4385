import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers.js';
import { acquireDataDirLock, DataDirLockedError } from './lock.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** A separate process that writes a lock file the way a running server would and stays alive. */
function holdLockElsewhere(dataDir: string): Promise<ChildProcess> {
  const file = path.join(dataDir, 'parley.lock');
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('fs').writeFileSync(${JSON.stringify(file)}, String(process.pid)); console.log('held'); setTimeout(() => {}, 30000)`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  return new Promise((resolve) => child.stdout?.once('data', () => resolve(child)));
}

describe('acquireDataDirLock', () => {
  it('creates the folder and releases the lock', () => {
    const dataDir = path.join(tempDir(), 'a', 'b');
    const release = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(path.join(dataDir, 'parley.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dataDir, 'parley.lock'))).toBe(false);
  });

  it('refuses a folder this process already holds', () => {
    const dataDir = tempDir();
    const release = acquireDataDirLock(dataDir);
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    release();
    acquireDataDirLock(dataDir)();
  });

  it('refuses a folder held by another live process, naming it', async () => {
    const dataDir = tempDir();
    const child = await holdLockElsewhere(dataDir);
    expect(() => acquireDataDirLock(dataDir)).toThrow(
      `The data folder ${dataDir} is in use by another Parley process (pid ${child.pid}).`,
    );
  });

  it('takes over a lock left by a process that has exited', async () => {
    const dataDir = tempDir();
    const child = await holdLockElsewhere(dataDir);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const release = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(path.join(dataDir, 'parley.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('takes over a stale lock that carries our own pid (a restarted container)', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'parley.lock'), String(process.pid));
    acquireDataDirLock(dataDir)();
  });
});

describe('racing for a stale lock', () => {
  it('lets exactly one of several processes take it over', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'parley.lock'), '999999999');
    const lockModule = path.resolve(import.meta.dirname, 'lock.ts');
    const script = `
      import { acquireDataDirLock } from ${JSON.stringify(lockModule)};
      try { acquireDataDirLock(${JSON.stringify(dataDir)}); console.log('won'); setTimeout(() => {}, 3000); }
      catch (e) { console.log(e.name); }`;
    const racers = Array.from({ length: 4 }, () => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      children.push(child);
      return new Promise<string>((resolve) =>
        child.stdout?.once('data', (d) => resolve(String(d).trim())),
      );
    });
    const outcomes = await Promise.all(racers);
    expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'DataDirLockedError')).toHaveLength(3);
  });
});
