// How a test starts one of the API's programs (the server, a CLI) in a child process:
// from the build when it is up to date with the source, else from the source through
// tsx. `npm test` type-checks with `tsc -b` before Vitest runs, which writes the build;
// a child then starts in about 2.7 s instead of 4–5 s (tsx compiles and resolves every
// module again in each child, and the SIGKILL tests start dozens of them).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const API_ROOT = path.resolve(import.meta.dirname, '..');
const SHARED_ROOT = path.resolve(API_ROOT, '../../packages/shared');
const REPO_ROOT = path.resolve(API_ROOT, '../..');

/**
 * Every file tsc compiles or copies (`.ts` but tests and declarations, `.json`) has its
 * output, written after it was last changed; any other kind of file means no.
 */
export function builtFromSource(root: string): boolean {
  const src = path.join(root, 'src');
  for (const entry of fs.readdirSync(src, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(test|d)\.ts$/.test(entry.name)) continue;
    const source = path.join(entry.parentPath, entry.name);
    const relative = path.relative(src, source);
    if (!/\.(ts|json)$/.test(relative)) return false;
    const built = path.join(root, 'dist', relative.replace(/\.ts$/, '.js'));
    const builtAt = fs.statSync(built, { throwIfNoEntry: false })?.mtimeMs;
    if (builtAt === undefined || builtAt < fs.statSync(source).mtimeMs) return false;
  }
  return true;
}

let upToDate: boolean | undefined;
/**
 * Whether the children run the build (checked once per worker). PARLEY_TEST_CHILDREN=
 * source or build decides instead: tsc leaves a file's output alone when only its time
 * changed (a stash popped, a branch switched back), and the check then says source.
 */
export function buildIsCurrent(): boolean {
  const forced = process.env.PARLEY_TEST_CHILDREN;
  if (forced === 'source' || forced === 'build') return forced === 'build';
  upToDate ??= builtFromSource(SHARED_ROOT) && builtFromSource(API_ROOT);
  return upToDate;
}

/** Node's arguments for `src/<name>.ts` of the API, e.g. `main` or `cli/admin`. */
export function apiNodeArgs(name: string): string[] {
  return buildIsCurrent()
    ? [path.join(API_ROOT, 'dist', `${name}.js`)]
    : ['--conditions=@parley/source', '--import', 'tsx', path.join(API_ROOT, 'src', `${name}.ts`)];
}

/** `src/<name>.ts` in a child process from the repository's root, with only PATH and `env`. */
export function spawnApi(name: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, apiNodeArgs(name), {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
