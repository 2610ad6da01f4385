import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './env.js';

const FILE_NAME = 'instance-id';

/**
 * This instance's stable id: INSTANCE_ID, or one generated once and kept in the data
 * folder, so a restarted instance recognises the SMS it had claimed before a crash and
 * settles them at once. Two running instances must never share one.
 */
export function resolveInstanceId(config: Config): string {
  if (config.instanceId) return config.instanceId;
  const file = path.join(config.dataDir, FILE_NAME);
  try {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (/^[A-Za-z0-9._-]{1,64}$/.test(stored)) return stored;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const id = randomUUID();
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, `${id}\n`, { mode: 0o600 });
  return id;
}
