import { ISOLATED_TESTS, webProject } from './vitest.base.ts';

// The files that mock a module, each in its own module graph.
export default webProject({ name: 'web-mocks', include: ISOLATED_TESTS });
