import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('dates', () => {
  it('read one way per language: every date is written in the medium style (“28 Nov 2026”)', () => {
    const odd: string[] = [];
    for (const file of sources(root)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [, style] of text.matchAll(/dateStyle:\s*'(\w+)'/g))
        if (style !== 'medium') odd.push(`${path.relative(root, file)}: dateStyle '${style}'`);
      if (/toLocaleDateString|toLocaleString\(/.test(text))
        odd.push(`${path.relative(root, file)}: the browser's default date format`);
    }
    expect(odd).toEqual([]);
  });
});
