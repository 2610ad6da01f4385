import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkImports, readSources, type SourceFile } from '../test/import-rules.js';

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
});
