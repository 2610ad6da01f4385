import { ConfigError, loadConfig } from '../src/config/env.js';

/** The problems loadConfig names for this environment (it must refuse it). */
export function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}
