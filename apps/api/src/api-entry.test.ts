import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtFromSource } from '../test/api-entry.js';
import { tempDir } from '../test/helpers.js';

/** A package folder with these files, each written at `seconds` past a fixed time. */
function packageWith(files: Record<string, number>): string {
  const root = tempDir('parley-api-entry-');
  for (const [name, seconds] of Object.entries(files)) {
    const file = path.join(root, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '');
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
    fs.utimesSync(file, at, at);
  }
  return root;
}

// Child servers run the build only when it holds every change (test/api-entry.ts).
describe('whether the build is current', () => {
  it('is when every compiled and copied file was written after its source', () => {
    const root = packageWith({
      'src/main.ts': 1,
      'src/db/seed/catalogue.json': 1,
      'src/main.test.ts': 9,
      'src/types/smpp.d.ts': 9,
      'dist/main.js': 2,
      'dist/db/seed/catalogue.json': 2,
    });
    expect(builtFromSource(root)).toBe(true);
  });

  it('is not when a source changed after its output, or has none', () => {
    expect(builtFromSource(packageWith({ 'src/main.ts': 3, 'dist/main.js': 2 }))).toBe(false);
    expect(
      builtFromSource(
        packageWith({ 'src/main.ts': 1, 'dist/main.js': 2, 'src/db/seed/catalogue.json': 3 }),
      ),
    ).toBe(false);
    expect(
      builtFromSource(packageWith({ 'src/main.ts': 1, 'src/cli/admin.ts': 1, 'dist/main.js': 2 })),
    ).toBe(false);
  });

  it('is not when the source holds a kind of file tsc does not build', () => {
    expect(
      builtFromSource(packageWith({ 'src/main.ts': 1, 'dist/main.js': 2, 'src/page.tsx': 1 })),
    ).toBe(false);
  });
});
