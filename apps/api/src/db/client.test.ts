import { describe, expect, it } from 'vitest';
import { NEW_DATA_DIR_TIMEOUT_MS, tempDir } from '../../test/helpers.js';
import { createSystemRepo } from '../modules/system/system.repo.js';
import { openDatabase } from './client.js';
import { DataDirLockedError } from './lock.js';

describe('embedded database', () => {
  it('keeps its data across a restart and refuses a second opener meanwhile', {
    timeout: NEW_DATA_DIR_TIMEOUT_MS,
  }, async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ kind: 'pglite', dataDir });
    const installedAt = await createSystemRepo(first.db).installedAt(
      new Date('2026-01-02T03:04:05Z'),
    );
    expect(installedAt).toBe('2026-01-02T03:04:05.000Z');
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(DataDirLockedError);
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    expect(await createSystemRepo(second.db).installedAt(new Date())).toBe(installedAt);
    await second.close();
  });
});
