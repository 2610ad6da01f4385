import { ISOLATED_TESTS, webProject } from './vitest.base.ts';

// One module graph and one DOM per worker, not per file: importing React, the components
// and English again for every file was three quarters of this project's time. Each file
// starts from a clean page, storage and English (src/test/setup.ts).
export default webProject({
  name: 'web',
  include: ['src/**/*.test.{ts,tsx}'],
  exclude: ISOLATED_TESTS,
  isolate: false,
});
