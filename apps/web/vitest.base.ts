import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, mergeConfig, type TestUserConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const src = path.join(import.meta.dirname, 'src');

/**
 * The test files that replace a module (vi.mock, vi.doMock, vi.unmock), reload them all
 * (vi.resetModules), or say they must run alone (a line
 * starting `// Runs isolated:` with the reason). They run in project web-mocks, each in
 * its own module graph: shared, a mock would leak into the next file's imports.
 */
const ISOLATED =
  /\bvi\s*\.\s*(?:do)?(?:un)?mock\s*[<(]|\bvi\.resetModules\(|^\s*\/\/ Runs isolated:/m;

export const ISOLATED_TESTS = fs
  .readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => ISOLATED.test(fs.readFileSync(path.join(src, file), 'utf8')))
  .map((file) => `src/${file.replaceAll('\\', '/')}`);

/** The browser code's tests in happy-dom; each project names which files it runs. */
export const webProject = (test: TestUserConfig) =>
  mergeConfig(
    viteConfig,
    defineConfig({
      test: {
        environment: 'happy-dom',
        setupFiles: ['./src/test/setup.ts'],
        // The heaviest screens (axe over a softphone in a call, 50 pages of a list) take
        // 2–3 s alone and passed 5 s with the whole suite on two slow cores.
        testTimeout: 15_000,
        // A global a file stubbed (fetch, mostly) is put back after each test.
        unstubGlobals: true,
        ...test,
      },
    }),
  );
