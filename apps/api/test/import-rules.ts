import { readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { checkGraph, type GraphRule } from './graph-rules.js';

/** A source file by its path from the repository root (forward slashes) and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

export interface Violation {
  file: string;
  specifier: string;
  rule: 'api-services-without-database' | 'web-feature-boundaries' | GraphRule;
}

const DATABASE_PACKAGES = ['drizzle-orm', 'postgres', '@electric-sql/pglite'];
const API_DB = 'apps/api/src/db/';
const API_PG_ERRORS = 'apps/api/src/lib/pg-errors';
const WEB_SRC = 'apps/web/src/';

/**
 * Every module a file names: static imports and re-exports (type-only ones too, as
 * they still tie the file to the module), side-effect imports, import() and require().
 */
export function specifiersOf(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const patterns = [
    /\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((p) => [...code.matchAll(p)].map((m) => m[1] ?? ''));
}

/**
 * Where a specifier leads: a path from the repository root without its extension for
 * relative and `@/` (web) imports, else the package name as written.
 */
export function resolveSpecifier(from: string, specifier: string): string {
  let target: string;
  if (specifier.startsWith('.')) target = posix.join(posix.dirname(from), specifier);
  else if (specifier.startsWith('@/') && from.startsWith(WEB_SRC))
    target = WEB_SRC + specifier.slice(2);
  else return specifier;
  return target.replace(/\.(js|jsx|ts|tsx|mjs|cjs)$/, '').replace(/\/index$/, '');
}

const isPackage = (target: string, name: string) =>
  target === name || target.startsWith(`${name}/`);

/** Route and business-logic files of the API: all of modules/ but repos, stores and wiring. */
function isApiLogic(path: string): boolean {
  return (
    /^apps\/api\/src\/modules\/.+\.ts$/.test(path) &&
    !/\.(repo|store|setup)\.ts$/.test(path) &&
    !/\.test\.ts$/.test(path)
  );
}

function reachesDatabase(target: string): boolean {
  return (
    target.startsWith(API_DB) ||
    target === API_PG_ERRORS ||
    DATABASE_PACKAGES.some((name) => isPackage(target, name))
  );
}

/** The feature a web path belongs to, if any. */
const featureOf = (path: string) => /^apps\/web\/src\/features\/([^/]+)\//.exec(path)?.[1];

/**
 * What breaks the rules in these files: services free of the database (0003), web
 * features apart, and the graph rules of decision 0049 (graph-rules.ts).
 */
export function checkImports(files: readonly SourceFile[]): Violation[] {
  const found: Violation[] = [];
  for (const file of files) {
    const feature = featureOf(file.path);
    for (const specifier of specifiersOf(file.text)) {
      const target = resolveSpecifier(file.path, specifier);
      if (isApiLogic(file.path) && reachesDatabase(target))
        found.push({ file: file.path, specifier, rule: 'api-services-without-database' });
      if (feature) {
        const other = featureOf(`${target}/`);
        if ((other && other !== feature) || `${target}/`.startsWith(`${WEB_SRC}app/`))
          found.push({ file: file.path, specifier, rule: 'web-feature-boundaries' });
      }
    }
  }
  return found;
}

/** Those rules and the import graph's (decision 0049: circles, back arrows, repos, stores). */
export function checkArchitecture(files: readonly SourceFile[]): Violation[] {
  return [...checkImports(files), ...checkGraph(files, resolveSpecifier)];
}

/** The TypeScript files under `dir` (a path from `root`), read from disk. */
export function readSources(root: string, dir: string): SourceFile[] {
  return readdirSync(posix.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => {
      const full = posix.join(e.parentPath, e.name);
      return { path: posix.relative(root, full), text: readFileSync(full, 'utf8') };
    });
}
