import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers.js';
import { loadConfig } from './env.js';
import { resolveSessionSecret } from './session-secret.js';

describe('resolveSessionSecret', () => {
  it('generates a secret once in the data folder, owner-only, and reuses it', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = resolveSessionSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'session-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveSessionSecret(config)).toBe(first);
  });

  it('prefers the environment and writes nothing', () => {
    const dataDir = tempDir();
    const secret = 'e'.repeat(48);
    expect(resolveSessionSecret(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: secret }))).toBe(
      secret,
    );
    expect(fs.existsSync(path.join(dataDir, 'session-secret'))).toBe(false);
  });
});
