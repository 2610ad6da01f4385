import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RouteName, routes } from '@parley/shared';
import { describe, expect, it } from 'vitest';

// Decision 0048: a route is named after the module that serves it,
// `<module>.<key>` or `<module>.<audience>.<key>`.
const modulesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modules');
const camel = (dir: string) => dir.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
/** Routes registered outside a module: the OpenAPI documents are a plugin's. */
const OUTSIDE_MODULES = new Set<string>(['docs.openapi', 'docs.admin.openapi']);
const AUDIENCES = new Set(['admin', 'edge']);

/** Every `route(app, 'name', …)` of each module's routes files, by module folder. */
function registered(): Map<string, string[]> {
  const byModule = new Map<string, string[]>();
  for (const dir of fs.readdirSync(modulesDir)) {
    const folder = path.join(modulesDir, dir);
    if (!fs.statSync(folder).isDirectory()) continue;
    const names = fs
      .readdirSync(folder)
      .filter((file) => file.endsWith('.routes.ts'))
      .flatMap((file) => {
        const source = fs.readFileSync(path.join(folder, file), 'utf8');
        return [...source.matchAll(/route\(\s*app,\s*'([\w.]+)'/g)].map((m) => m[1] ?? '');
      });
    byModule.set(dir, names);
  }
  return byModule;
}

describe('route names (decision 0048)', () => {
  const byModule = registered();
  const names = Object.keys(routes) as RouteName[];

  it('start with the name of the module whose routes file registers them', () => {
    for (const [dir, list] of byModule)
      for (const name of list)
        expect(name.split('.')[0], `${name} in modules/${dir}`).toBe(camel(dir));
  });

  it('are each registered by exactly one module (the docs route by its plugin)', () => {
    const all = [...byModule.values()].flat();
    expect(all.sort()).toEqual(names.filter((n) => !OUTSIDE_MODULES.has(n)).sort());
  });

  it('are `module.key` or `module.admin|edge.key`', () => {
    const modules = new Set([...byModule.keys()].map(camel));
    for (const name of names) {
      const parts = name.split('.');
      if (!OUTSIDE_MODULES.has(name)) expect(modules.has(parts[0] ?? ''), name).toBe(true);
      expect(
        parts.length === 2 || (parts.length === 3 && AUDIENCES.has(parts[1] ?? '')),
        name,
      ).toBe(true);
    }
  });

  it('put every /api/admin path in its module’s admin sub-group, and only those', () => {
    for (const name of names) {
      const underAdmin = routes[name].path.startsWith('/api/admin/');
      expect(name.split('.')[1] === 'admin', `${name} ${routes[name].path}`).toBe(underAdmin);
    }
  });
});
