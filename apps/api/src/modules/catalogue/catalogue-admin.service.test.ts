import type { DomainEvent, ErrorCode, NumberInput } from '@parley/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { ConstraintError } from '../../lib/constraint-error.js';
import type { CatalogueAdminRepo } from './catalogue-admin.repo.js';
import { createCatalogueAdminService } from './catalogue-admin.service.js';

const BY = { actorId: 'a1', ip: null } as never;
const NOW = new Date('2026-03-02T10:00:00Z');
const GB_NUMBER: NumberInput = {
  number: '+442079460591',
  countryCode: 'GB',
  city: 'London',
  type: 'local',
  monthlyPrice: '4.00',
  setupPrice: '1.00',
  currency: 'USD',
  features: [],
  status: 'available',
} as NumberInput;

const domain = { id: 'd1', domain: 'sip.example.com', isActive: true, createdAt: NOW };
const numberRow = { id: 'n1', ...GB_NUMBER, status: 'available', createdAt: NOW, updatedAt: NOW };

/**
 * The admin catalogue with fakes: each table answers `answer` (a row, nothing, or a
 * database refusal), and every cache clear, event and write is logged in `steps`.
 */
function setUp(answer: 'row' | 'none' | ConstraintError = 'row', existing: string[] = []) {
  const steps: string[] = [];
  const reply = async <T>(what: string, row: T) => {
    steps.push(what);
    if (answer instanceof ConstraintError) throw answer;
    return answer === 'row' ? row : undefined;
  };
  const table = <T>(row: T) => ({
    insert: () => reply('insert', row),
    update: () => reply('update', row),
    remove: async () => (await reply('remove', true)) ?? false,
  });
  const repo = {
    services: table({ id: 's1' }),
    packages: table({ id: 'p1', serviceId: 's1' }),
    countryPricing: table({ id: 'c1' }),
    sipDomains: table(domain),
    numbers: table(numberRow),
    existingNumbers: async () => new Set(existing),
    insertNumbers: async (rows: unknown[]) => steps.push(`insert ${rows.length} numbers`),
    countryNames: async () => new Map(),
  };
  const service = createCatalogueAdminService({
    repo: repo as unknown as CatalogueAdminRepo,
    events: {
      publish: (e: DomainEvent) => steps.push(`publish ${JSON.stringify(e.data)}`),
      signal: () => {},
      subscribe: () => () => {},
    },
    priceCaches: { clear: () => steps.push('clear caches') },
    now: () => NOW,
  });
  return { service, steps };
}

async function refusal(p: Promise<unknown>): Promise<{ code: ErrorCode; message: string } | null> {
  try {
    await p;
    return null;
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, message: err.message };
    throw err;
  }
}

describe('writing the catalogue', () => {
  it('clears this instance’s price caches, then announces the change', async () => {
    const t = setUp();
    await t.service.createSipDomain({ domain: 'sip.example.com', isActive: true } as never, BY);
    expect(t.steps).toEqual([
      'insert',
      'clear caches',
      'publish {"entity":"sip-domain","action":"created","id":"d1"}',
    ]);
  });

  it('words a duplicate per kind of item, and announces nothing', async () => {
    const t = setUp(new ConstraintError('duplicate'));
    expect(await refusal(t.service.createSipDomain({} as never, BY))).toEqual({
      code: 'CONFLICT',
      message: 'This domain already exists',
    });
    expect(await refusal(t.service.createService({} as never, BY))).toMatchObject({
      message: 'A service with this slug already exists',
    });
    expect(t.steps).toEqual(['insert', 'insert']);
  });

  it('refuses a package of a service that does not exist as a validation error', async () => {
    const t = setUp(new ConstraintError('missing-reference'));
    expect(await refusal(t.service.createPackage({} as never, BY))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('answers NOT_FOUND for an update or delete of an item that is not there', async () => {
    const t = setUp('none');
    expect((await refusal(t.service.updateSipDomain('d9', {} as never, BY)))?.code).toBe(
      'NOT_FOUND',
    );
    expect((await refusal(t.service.deleteSipDomain('d9', BY)))?.code).toBe('NOT_FOUND');
    expect(t.steps).not.toContain('clear caches');
  });

  it('keeps a service that still has packages', async () => {
    const t = setUp(new ConstraintError('still-referenced'));
    expect(await refusal(t.service.deleteService('s1', BY))).toEqual({
      code: 'CONFLICT',
      message: 'This service still has packages; delete them first.',
    });
  });
});

describe('numbers', () => {
  it('refuses a number that is not of the country given, before writing it', async () => {
    const t = setUp();
    const wrong = { ...GB_NUMBER, countryCode: 'US' };
    expect(await refusal(t.service.createNumber(wrong, BY))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Not a valid US number',
    });
    expect(await refusal(t.service.updateNumber('n1', wrong, BY))).not.toBeNull();
    expect(t.steps).toEqual([]);
    await t.service.createNumber(GB_NUMBER, BY);
    expect(t.steps[0]).toBe('insert');
  });

  it('previews a CSV line by line, flags numbers already held, and commits only a clean file', async () => {
    const csv =
      'number,countryCode,city,type,monthlyPrice,setupPrice,features\n' +
      '+442079460591,GB,London,local,4.00,1.00,Voice\n' +
      '+442079460592,US,London,local,4.00,1.00,Voice\n';
    const t = setUp('row', ['+442079460591']);
    const preview = await t.service.importNumbers(csv, false, BY);
    expect(preview.committed).toBe(false);
    expect(preview.valid).toBe(false);
    expect(preview.rows.map((r) => r.errors.map((e) => e.code))).toEqual([
      ['NUMBER_EXISTS'],
      ['NUMBER_NOT_IN_COUNTRY'],
    ]);
    expect((await refusal(t.service.importNumbers(csv, true, BY)))?.code).toBe('VALIDATION_FAILED');
    expect(t.steps).toEqual([]);

    const clean = setUp();
    const done = await clean.service.importNumbers(
      csv.split('\n').slice(0, 2).join('\n'),
      true,
      BY,
    );
    expect(done).toMatchObject({ committed: true, valid: true });
    expect(clean.steps).toEqual([
      'insert 1 numbers',
      'clear caches',
      'publish {"entity":"number","action":"created","id":"csv-import"}',
    ]);
  });
});
