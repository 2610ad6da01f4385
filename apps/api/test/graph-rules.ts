/**
 * The import graph's rules (decision 0049): no circles between API files, no back arrows
 * between layers, no repo values in services, shared stores only from repos. Imports are
 * followed through re-exports, so a file that passes a name on hides no edge.
 */

export type GraphRule =
  | 'no-import-circles'
  | 'no-back-arrows'
  | 'no-repo-values-in-services'
  | 'shared-stores-from-repos';

interface File {
  path: string;
  text: string;
}

/** One import or re-export of a file, and whether it is erased at run time (types only). */
export interface ImportOf {
  specifier: string;
  typeOnly: boolean;
  reExport: boolean;
}

const API = 'apps/api/src/';
const MODULES = `${API}modules/`;

/** Every module a file names, with whether only types come from it. */
export function importsOf(text: string): ImportOf[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: ImportOf[] = [];
  for (const m of code.matchAll(/\b(import|export)\s([^'";]*?)\bfrom\s*['"]([^'"]+)['"]/g)) {
    const clause = (m[2] ?? '').trim();
    found.push({
      specifier: m[3] ?? '',
      typeOnly: isTypeOnly(clause),
      reExport: m[1] === 'export',
    });
  }
  for (const m of code.matchAll(/\bimport\s*['"]([^'"]+)['"]/g))
    found.push({ specifier: m[1] ?? '', typeOnly: false, reExport: false });
  for (const m of code.matchAll(/\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g))
    found.push({ specifier: m[1] ?? '', typeOnly: false, reExport: false });
  return found;
}

/** `type X`, `type { … }`, or braces whose every name is marked `type`. */
function isTypeOnly(clause: string): boolean {
  if (/^type\b/.test(clause)) return true;
  const names = /^\{([\s\S]*)\}$/.exec(clause)?.[1];
  if (names === undefined) return false;
  const list = names
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return list.length > 0 && list.every((n) => /^type\s/.test(n));
}

/** A file's key: its path without extension or `/index`, as resolved specifiers are. */
const keyOf = (path: string) => path.replace(/\.(ts|tsx)$/, '').replace(/\/index$/, '');

interface Edge {
  from: string;
  to: string;
  specifier: string;
  typeOnly: boolean;
}

type Resolve = (from: string, specifier: string) => string;

/** Each file's edges to the files given, re-exports followed to where a name comes from. */
function edgesOf(files: readonly File[], resolve: Resolve): Map<string, Edge[]> {
  const byKey = new Map(files.map((f) => [keyOf(f.path), f]));
  const direct = new Map<string, Edge[]>();
  for (const file of files) {
    const from = keyOf(file.path);
    const edges = importsOf(file.text)
      .map((i) => ({ ...i, to: resolve(file.path, i.specifier) }))
      .filter((i) => byKey.has(i.to));
    direct.set(
      from,
      edges.map((i) => ({ from, to: i.to, specifier: i.specifier, typeOnly: i.typeOnly })),
    );
  }
  const reExports = (key: string) => {
    const file = byKey.get(key);
    if (!file) return [];
    return importsOf(file.text)
      .filter((i) => i.reExport)
      .map((i) => ({ to: resolve(file.path, i.specifier), typeOnly: i.typeOnly }))
      .filter((i) => byKey.has(i.to));
  };
  const all = new Map<string, Edge[]>();
  for (const [from, edges] of direct) {
    const out: Edge[] = [];
    for (const edge of edges) {
      out.push(edge);
      // What the target passes on is reached too (types only if either hop is).
      const seen = new Set([edge.to]);
      const queue = reExports(edge.to).map((r) => ({
        ...r,
        typeOnly: r.typeOnly || edge.typeOnly,
      }));
      while (queue.length) {
        const next = queue.shift();
        if (!next || seen.has(next.to)) continue;
        seen.add(next.to);
        out.push({ from, to: next.to, specifier: edge.specifier, typeOnly: next.typeOnly });
        for (const r of reExports(next.to))
          queue.push({ to: r.to, typeOnly: r.typeOnly || next.typeOnly });
      }
    }
    all.set(from, out);
  }
  return all;
}

/** The layer a file is in, for back arrows. */
function layerOf(key: string): string | null {
  if (key.startsWith('packages/shared/')) return 'shared';
  if (key.startsWith('apps/')) {
    const m = /^apps\/api\/src\/(plugins|lib|db|config|modules)\//.exec(key);
    return m?.[1] ?? 'app';
  }
  return null;
}

/** Which layers each layer must not import from: lower layers never reach up. */
const FORBIDDEN: Record<string, readonly string[]> = {
  plugins: ['modules'],
  lib: ['modules', 'db'],
  db: ['modules'],
  config: ['modules'],
  shared: ['app', 'plugins', 'lib', 'db', 'config', 'modules'],
};

const isTest = (key: string) => /\.test$/.test(key);

/** Files in import circles (strongly connected parts of the graph), each once. */
function circles(edges: Map<string, Edge[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const { to } of edges.get(v) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) low.set(v, Math.min(low.get(v) ?? 0, index.get(to) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1) found.push(part.sort());
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** The graph rules' violations in these files (tests are outside them). */
export function checkGraph(files: readonly File[], resolve: Resolve) {
  const edges = edgesOf(
    files.filter((f) => !isTest(keyOf(f.path))),
    resolve,
  );
  const found: { file: string; specifier: string; rule: GraphRule }[] = [];
  const fileOf = (key: string) => files.find((f) => keyOf(f.path) === key)?.path ?? key;
  for (const part of circles(edges)) {
    if (!part.every((k) => k.startsWith(API))) continue;
    found.push({
      file: fileOf(part[0] ?? ''),
      specifier: part.join(' <-> '),
      rule: 'no-import-circles',
    });
  }
  for (const [from, out] of edges) {
    const layer = layerOf(from);
    for (const edge of out) {
      const push = (rule: GraphRule) =>
        found.push({ file: fileOf(from), specifier: edge.specifier, rule });
      const to = layerOf(edge.to);
      if (layer && to && FORBIDDEN[layer]?.includes(to)) push('no-back-arrows');
      if (!edge.typeOnly && /\.service$/.test(from) && /\.repo$/.test(edge.to))
        push('no-repo-values-in-services');
      if (/\.store$/.test(edge.to) && !/\.(repo|store)$/.test(from) && edge.to.startsWith(MODULES))
        push('shared-stores-from-repos');
    }
  }
  return found;
}
