import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers.js';

// postgres.js's queues, fixed after install by scripts/patch-dependencies.mjs
// (docs/performance.md, "The database driver under saturation").
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const modules = path.join(root, 'node_modules');
const QUEUE_FILES = ['src/queue.js', 'cf/src/queue.js', 'cjs/src/queue.js'];

interface Patcher {
  PATCHES: { name: string; version: string; files: string[]; edits: [string, string][] }[];
  applyPatches(modules?: string): string[];
}
const patcher = (): Promise<Patcher> =>
  import(pathToFileURL(path.join(root, 'scripts/patch-dependencies.mjs')).href);

interface Queue<T> {
  readonly length: number;
  push(x: T): T;
  shift(): T | undefined;
  remove(x: T): T | null;
}
const installedQueue = async (): Promise<(initial?: unknown[]) => Queue<object>> =>
  (await import(pathToFileURL(path.join(modules, 'postgres/src/queue.js')).href)).default;

describe('the installed postgres.js', () => {
  it('carries the queue fix in each of its builds', () => {
    for (const file of QUEUE_FILES) {
      expect(fs.readFileSync(path.join(modules, 'postgres', file), 'utf8'), file).toContain(
        'Parley: only the live entries',
      );
    }
  });

  it('keeps a queue that never empties in order, with removals, as a plain list does', async () => {
    const Queue = await installedQueue();
    const queue = Queue();
    const model: object[] = [];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    // Ten live entries at all times, as a pool's busy queue under load, over enough moves
    // to drop the holes many times; some shifted entries are removed again (not there).
    for (let i = 0; i < 10; i++) model.push(queue.push({ i }));
    const gone: object[] = [];
    for (let step = 0; step < 20_000; step++) {
      const roll = random();
      if (roll < 0.45) {
        const out = queue.shift();
        expect(out).toBe(model.shift());
        if (out) gone.push(out);
      } else if (roll < 0.55 && model.length > 0) {
        const victim = model[Math.floor(random() * model.length)] as object;
        expect(queue.remove(victim)).toBe(victim);
        model.splice(model.indexOf(victim), 1);
      } else if (roll < 0.6 && gone.length > 0) {
        expect(queue.remove(gone[gone.length - 1] as object)).toBeNull();
      } else model.push(queue.push({ step }));
      if (model.length < 10) model.push(queue.push({ refill: step }));
      expect(queue.length).toBe(model.length);
    }
    while (model.length) expect(queue.shift()).toBe(model.shift());
    expect(queue.length).toBe(0);
  });
});

describe('scripts/patch-dependencies.mjs', () => {
  /** A node_modules holding postgres's queue files as released (the fix undone). */
  async function released(version: string): Promise<string> {
    const { PATCHES } = await patcher();
    const patch = PATCHES.find((p) => p.name === 'postgres');
    if (!patch) throw new Error('no postgres patch');
    const dir = tempDir('parley-modules-');
    fs.mkdirSync(path.join(dir, 'postgres'));
    fs.writeFileSync(path.join(dir, 'postgres/package.json'), JSON.stringify({ version }));
    for (const file of patch.files) {
      const fixed = fs.readFileSync(path.join(modules, 'postgres', file), 'utf8');
      const original = patch.edits.reduce(
        (text, [before, after]) => text.replace(after, before),
        fixed,
      );
      fs.mkdirSync(path.dirname(path.join(dir, 'postgres', file)), { recursive: true });
      fs.writeFileSync(path.join(dir, 'postgres', file), original);
    }
    return dir;
  }

  it('fixes the released files once, and leaves them alone after', async () => {
    const { applyPatches, PATCHES } = await patcher();
    const version = PATCHES.find((p) => p.name === 'postgres')?.version ?? '';
    const dir = await released(version);
    expect(fs.readFileSync(path.join(dir, 'postgres/src/queue.js'), 'utf8')).not.toContain(
      'Parley:',
    );
    expect(applyPatches(dir)).toEqual([]);
    for (const file of QUEUE_FILES) {
      expect(fs.readFileSync(path.join(dir, 'postgres', file), 'utf8')).toBe(
        fs.readFileSync(path.join(modules, 'postgres', file), 'utf8'),
      );
    }
    expect(applyPatches(dir)).toEqual([]);
  });

  it('leaves another version alone and reports text it does not recognise', async () => {
    const { applyPatches, PATCHES } = await patcher();
    const other = await released('9.9.9');
    const before = fs.readFileSync(path.join(other, 'postgres/src/queue.js'), 'utf8');
    expect(applyPatches(other)).toEqual([]);
    expect(fs.readFileSync(path.join(other, 'postgres/src/queue.js'), 'utf8')).toBe(before);

    const version = PATCHES.find((p) => p.name === 'postgres')?.version ?? '';
    const changed = await released(version);
    fs.writeFileSync(path.join(changed, 'postgres/cjs/src/queue.js'), 'module.exports = 1\n');
    expect(applyPatches(changed)).toEqual([
      'postgres/cjs/src/queue.js: the text to fix is not there',
    ]);
    expect(fs.readFileSync(path.join(changed, 'postgres/cjs/src/queue.js'), 'utf8')).toBe(
      'module.exports = 1\n',
    );
  });
});
