import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, createTestApp, send } from '../../../test/helpers.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
const NAMES = [
  '=HYPERLINK("http://evil.example","Click")',
  '+Plus Island',
  '-Minus Isle',
  '@Atoll',
];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await adminSession(ctx, 'csv-admin@example.com');
  for (const countryName of NAMES) {
    const res = await send(ctx.app, 'POST', '/api/admin/country-pricing', admin, {
      countryName,
      region: 'Europe',
      smsPrice: '0.0100',
      voipPrice: '0.0200',
      didPrice: '1.00',
      sipTrunkPrice: '2.00',
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => ctx.close());

const exportCsv = async () =>
  (await send(ctx.app, 'GET', '/api/admin/country-pricing/export', admin)).body;
const importCsv = (text: string, commit: boolean) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/country-pricing/import${commit ? '?commit=true' : ''}`,
    headers: { cookie: admin, 'content-type': 'text/csv' },
    payload: text,
  });

describe('the country pricing export', () => {
  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const text = await exportCsv();
    // No cell, quoted or not, starts with = + - @ or TAB.
    expect(text).not.toMatch(/(^|[,\n])"?[=+\-@\t]/);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")",`);
    expect(text).toContain("\r\n'+Plus Island,");
    expect(text).toContain("\r\n'-Minus Isle,");
    expect(text).toContain("\r\n'@Atoll,");
  });

  it('imports back as it was: same names, no quote added', async () => {
    const text = await exportCsv();
    const preview = (await importCsv(text, false)).json();
    expect(preview.valid).toBe(true);
    const labels = preview.rows.map((r: { label: string }) => r.label);
    for (const name of NAMES) expect(labels).toContain(name);
    expect(new Set(preview.rows.map((r: { action: string }) => r.action))).toEqual(
      new Set(['update']),
    );
    expect((await importCsv(text, true)).statusCode).toBe(200);
    const names = (await send(ctx.app, 'GET', '/api/admin/country-pricing', admin))
      .json()
      .map((r: { countryName: string }) => r.countryName);
    for (const name of NAMES) expect(names).toContain(name);
    expect(names.filter((n: string) => n.startsWith("'"))).toEqual([]);
    expect(await exportCsv()).toBe(text);
  });
});
