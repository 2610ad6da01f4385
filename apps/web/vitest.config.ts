import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      // The heaviest screens (axe over a softphone in a call, 50 pages of a list) take
      // 2–3 s alone and passed 5 s with the whole suite on two slow cores.
      testTimeout: 15_000,
    },
  }),
);
