import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The product spec is not part of the repository, so a comment that only points at one of
// its sections tells a newcomer nothing: comments say the rule itself.

const root = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');
const CITATION = /\bSPEC\s*§/;

/** Files under `dir` whose names match `name`, skipping installed packages and builds. */
function listFiles(dir: string, name: RegExp): string[] {
  const full = posix.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && name.test(e.name))
    .map((e) => posix.relative(root, posix.join(e.parentPath, e.name)))
    .filter((path) => !/(^|\/)(node_modules|dist)\//.test(path));
}

/** Lines whose comment (`//`, `/*` or a ` * ` continuation) cites a spec section. */
function commentCitations(path: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    const at = line.search(CITATION);
    if (at < 0) return [];
    const before = line.slice(0, at);
    const inComment = before.includes('//') || before.includes('/*') || /^\s*\*/.test(line);
    return inComment ? [`${path}:${i + 1}: ${line.trim()}`] : [];
  });
}

const sourceDirs = () =>
  [
    ...readdirSync(posix.join(root, 'apps')).map((app) => `apps/${app}/src`),
    'packages/shared/src',
    'e2e',
    'scripts',
  ].flatMap((dir) => listFiles(dir, /\.(ts|tsx|mjs)$/));

describe('comments', () => {
  it('say the rule they follow instead of citing sections of the spec', () => {
    const files = sourceDirs();
    // The walk must have found the code, or an empty list would pass.
    expect(files).toContain('packages/shared/src/domain/sender-id.ts');
    expect(files).toContain('apps/web/src/lib/toast.ts');
    const found = files.flatMap((f) =>
      commentCitations(f, readFileSync(posix.join(root, f), 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('in the Markdown docs do not send readers to spec sections either', () => {
    const docs = ['README.md', 'CONTRIBUTING.md', ...listFiles('docs', /\.md$/)].filter((f) =>
      existsSync(posix.join(root, f)),
    );
    // The walk goes into docs/ at every depth: the pages the README moved there included.
    expect(docs).toContain('docs/architecture.md');
    expect(docs).toContain('docs/features/sms.md');
    expect(docs).toContain('docs/operations/sip-edge.md');
    const found = docs.filter((f) => CITATION.test(readFileSync(posix.join(root, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds citations in line, block and continued comments, not in strings', () => {
    const cite = ['SPEC', '§5'].join(' ');
    const text = [
      `const a = 1; // ${cite}`,
      `/** The rule (${cite}). */`,
      ` * ${cite}: the rule.`,
      `it('keeps a test name (${cite})', () => {});`,
      '// A comment that says the rule.',
    ].join('\n');
    expect(commentCitations('x.ts', text)).toEqual([
      `x.ts:1: const a = 1; // ${cite}`,
      `x.ts:2: /** The rule (${cite}). */`,
      `x.ts:3: * ${cite}: the rule.`,
    ]);
  });
});
