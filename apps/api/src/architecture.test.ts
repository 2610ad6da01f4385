import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../test/graph-rules.js';
import {
  checkArchitecture,
  checkImports,
  readSources,
  type SourceFile,
} from '../test/import-rules.js';

const root = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');

describe('import rules', () => {
  it('keep the database out of API routes and services, and web features apart', () => {
    const files = [
      ...readSources(root, 'apps/api/src/modules'),
      ...readSources(root, 'apps/web/src/features'),
    ];
    // The walk must have found the code, or an empty list would pass.
    expect(files.some((f) => f.path.endsWith('sms/sms.service.ts'))).toBe(true);
    expect(files.some((f) => f.path.startsWith('apps/web/src/features/sms/'))).toBe(true);
    expect(checkImports(files)).toEqual([]);
  });

  it('reports forbidden imports, relative or not, and lets the allowed ones through', () => {
    const api = 'apps/api/src/modules/shop';
    const web = 'apps/web/src/features/shop';
    const files: SourceFile[] = [
      {
        path: `${api}/shop.service.ts`,
        text: [
          "import { applyLedgerEntry } from '../../db/ledger.js';",
          'import type {',
          '  Db,',
          "} from '../../db/client.js';",
          "import { pgErrorCode } from '../../lib/pg-errors.js';",
          "import type { ShopRepo } from './shop.repo.js';",
          "import { AppError } from '../../lib/app-error.js';",
          "// import { sql } from 'drizzle-orm';",
        ].join('\n'),
      },
      { path: `${api}/shop.routes.ts`, text: "import { sql } from 'drizzle-orm';" },
      { path: `${api}/shop-worker.ts`, text: "const pg = await import('@electric-sql/pglite');" },
      { path: `${api}/shop.repo.ts`, text: "import { sql } from 'drizzle-orm';" },
      { path: `${api}/shop.setup.ts`, text: "import type { Db } from '../../db/client.js';" },
      {
        path: `${web}/components/cart.tsx`,
        text: [
          "import { SmsForm } from '../../sms/components/sms-form';",
          "import { router } from '@/app/router';",
          "export { Price } from '@/features/payments/price';",
          "import { Basket } from '../basket';",
          "import { Button } from '@/components/ui/button';",
          "import { useCart } from '@/features/shop/hooks/use-cart';",
        ].join('\n'),
      },
    ];
    expect(checkImports(files)).toEqual([
      {
        file: `${api}/shop.service.ts`,
        specifier: '../../db/ledger.js',
        rule: 'api-services-without-database',
      },
      {
        file: `${api}/shop.service.ts`,
        specifier: '../../db/client.js',
        rule: 'api-services-without-database',
      },
      {
        file: `${api}/shop.service.ts`,
        specifier: '../../lib/pg-errors.js',
        rule: 'api-services-without-database',
      },
      {
        file: `${api}/shop.routes.ts`,
        specifier: 'drizzle-orm',
        rule: 'api-services-without-database',
      },
      {
        file: `${api}/shop-worker.ts`,
        specifier: '@electric-sql/pglite',
        rule: 'api-services-without-database',
      },
      {
        file: `${web}/components/cart.tsx`,
        specifier: '../../sms/components/sms-form',
        rule: 'web-feature-boundaries',
      },
      {
        file: `${web}/components/cart.tsx`,
        specifier: '@/app/router',
        rule: 'web-feature-boundaries',
      },
      {
        file: `${web}/components/cart.tsx`,
        specifier: '@/features/payments/price',
        rule: 'web-feature-boundaries',
      },
    ]);
  });

  it('keep the API free of circles and back arrows, and repo values out of services', () => {
    const files = [
      ...readSources(root, 'apps/api/src'),
      ...readSources(root, 'packages/shared/src'),
    ];
    expect(files.some((f) => f.path.endsWith('plugins/session.ts'))).toBe(true);
    expect(files.some((f) => f.path.startsWith('packages/shared/src/domain/'))).toBe(true);
    expect(checkArchitecture(files)).toEqual([]);
  });

  it('tells type-only imports from value imports', () => {
    const kinds = importsOf(
      [
        "import type { A } from './a.js';",
        "import { type B, type C } from './b.js';",
        "import { type D, e } from './d.js';",
        "import f, { type G } from './f.js';",
        "export type { H } from './h.js';",
        "export * from './i.js';",
        "import './j.js';",
      ].join('\n'),
    ).map((i) => [i.specifier, i.typeOnly, i.reExport]);
    expect(kinds).toEqual([
      ['./a.js', true, false],
      ['./b.js', true, false],
      ['./d.js', false, false],
      ['./f.js', false, false],
      ['./h.js', true, true],
      ['./i.js', false, true],
      ['./j.js', false, false],
    ]);
  });

  it('reports a planted circle between two API files, however long', () => {
    const api = 'apps/api/src/modules/shop';
    const files: SourceFile[] = [
      { path: `${api}/a.ts`, text: "import { b } from './b.js';" },
      { path: `${api}/b.ts`, text: "import type { C } from './c.js';" },
      { path: `${api}/c.ts`, text: "export { a } from './a.js';" },
      { path: `${api}/d.ts`, text: "import { a } from './a.js';" },
    ];
    expect(checkArchitecture(files)).toEqual([
      {
        file: `${api}/a.ts`,
        specifier: `${api}/a <-> ${api}/b <-> ${api}/c`,
        rule: 'no-import-circles',
      },
    ]);
  });

  it('reports back arrows, through re-exports too', () => {
    const src = 'apps/api/src';
    const files: SourceFile[] = [
      { path: `${src}/modules/shop/shop.service.ts`, text: 'export const x = 1;' },
      {
        path: `${src}/plugins/p.ts`,
        text: "import type { X } from '../modules/shop/shop.service.js';",
      },
      { path: `${src}/lib/l.ts`, text: "import { Db } from '../db/client.js';" },
      { path: `${src}/lib/barrel.ts`, text: "export * from '../modules/shop/shop.service.js';" },
      { path: `${src}/db/client.ts`, text: "import { x } from '../modules/shop/shop.service.js';" },
      { path: `${src}/config/c.ts`, text: "import { y } from '../lib/barrel.js';" },
      {
        path: 'packages/shared/src/s.ts',
        text: "import { z } from '../../../apps/api/src/lib/l.js';",
      },
      { path: `${src}/modules/shop/ok.ts`, text: "import { y } from '../../lib/barrel.js';" },
    ];
    expect(checkArchitecture(files)).toEqual([
      {
        file: `${src}/plugins/p.ts`,
        specifier: '../modules/shop/shop.service.js',
        rule: 'no-back-arrows',
      },
      { file: `${src}/lib/l.ts`, specifier: '../db/client.js', rule: 'no-back-arrows' },
      {
        file: `${src}/lib/barrel.ts`,
        specifier: '../modules/shop/shop.service.js',
        rule: 'no-back-arrows',
      },
      {
        file: `${src}/db/client.ts`,
        specifier: '../modules/shop/shop.service.js',
        rule: 'no-back-arrows',
      },
      { file: `${src}/config/c.ts`, specifier: '../lib/barrel.js', rule: 'no-back-arrows' },
      {
        file: 'packages/shared/src/s.ts',
        specifier: '../../../apps/api/src/lib/l.js',
        rule: 'no-back-arrows',
      },
    ]);
  });

  it('reports a value from a repo in a service, and a shared store outside repos', () => {
    const api = 'apps/api/src/modules/shop';
    const files: SourceFile[] = [
      { path: `${api}/shop.repo.ts`, text: "import { sell } from '../orders/orders.store.js';" },
      { path: `${api}/shop-names.ts`, text: "export { names } from './shop.repo.js';" },
      {
        path: `${api}/shop.service.ts`,
        text: [
          "import type { ShopRepo } from './shop.repo.js';",
          "import { names } from './shop-names.js';",
        ].join('\n'),
      },
      { path: `${api}/stock.service.ts`, text: "import { limit } from './shop.repo.js';" },
      {
        path: `${api}/shop.routes.ts`,
        text: "import type { Sale } from '../orders/orders.store.js';",
      },
      { path: 'apps/api/src/modules/orders/orders.store.ts', text: 'export const sell = 1;' },
    ];
    expect(checkArchitecture(files)).toEqual([
      {
        file: `${api}/shop.service.ts`,
        specifier: './shop-names.js',
        rule: 'no-repo-values-in-services',
      },
      {
        file: `${api}/stock.service.ts`,
        specifier: './shop.repo.js',
        rule: 'no-repo-values-in-services',
      },
      {
        file: `${api}/shop.routes.ts`,
        specifier: '../orders/orders.store.js',
        rule: 'shared-stores-from-repos',
      },
    ]);
  });
});
