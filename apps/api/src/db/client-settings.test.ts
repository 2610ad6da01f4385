import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NEW_DATA_DIR_TIMEOUT_MS, tempDir } from '../../test/helpers.js';
import { openDatabase, PGLITE_SETTINGS } from './client.js';
import { rowsOf } from './raw.js';

/** The embedded database's memory rests on these settings (docs/performance.md, "Memory"). */
describe('embedded database settings', () => {
  it('runs with the configured settings, created in a child process and reopened', {
    timeout: NEW_DATA_DIR_TIMEOUT_MS,
  }, async () => {
    const dataDir = tempDir();
    for (const opening of ['created', 'reopened']) {
      const database = await openDatabase({ kind: 'pglite', dataDir });
      try {
        for (const [name, value] of Object.entries(PGLITE_SETTINGS)) {
          const [row] = rowsOf<Record<string, string>>(
            await database.db.execute(sql.raw(`show ${name}`)),
          );
          expect(row?.[name], `${opening}: ${name}`).toBe(value);
        }
      } finally {
        await database.close();
      }
      expect(fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    }
  });
});
