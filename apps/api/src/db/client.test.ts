import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NEW_DATA_DIR_TIMEOUT_MS, tempDir } from '../../test/helpers.js';
import { createSystemRepo } from '../modules/system/system.repo.js';
import { type Database, openDatabase, PGLITE_SETTINGS } from './client.js';
import { DataDirLockedError } from './lock.js';
import { rowsOf } from './raw.js';

/** The embedded database's memory rests on these settings (docs/performance.md, "Memory"). */
async function expectSettings(database: Database, opening: string) {
  for (const [name, value] of Object.entries(PGLITE_SETTINGS)) {
    const [row] = rowsOf<Record<string, string>>(
      await database.db.execute(sql.raw(`show ${name}`)),
    );
    expect(row?.[name], `${opening}: ${name}`).toBe(value);
  }
}

// One new data folder for all of it: initdb (in a child process) is most of its time.
describe('embedded database', () => {
  it('keeps its data and settings across a restart, and refuses a second opener meanwhile', {
    timeout: NEW_DATA_DIR_TIMEOUT_MS,
  }, async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ kind: 'pglite', dataDir });
    expect(fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    await expectSettings(first, 'created');
    const installedAt = await createSystemRepo(first.db).installedAt(
      new Date('2026-01-02T03:04:05Z'),
    );
    expect(installedAt).toBe('2026-01-02T03:04:05.000Z');
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(DataDirLockedError);
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    await expectSettings(second, 'reopened');
    expect(await createSystemRepo(second.db).installedAt(new Date())).toBe(installedAt);
    await second.close();
  });
});
