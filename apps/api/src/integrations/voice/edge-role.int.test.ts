import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEdgeRole } from '../../../test/edge-role.js';
import { createTestApp, fundedCustomer, send } from '../../../test/helpers.js';
import { checkEdgeRole, edgeRoleSql } from './edge-role.js';

// Roles belong to the whole PostgreSQL server: only there, and under a name of this run's.
const onPostgres =
  process.env.PARLEY_TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)("the SIP edge's database role", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let owner: postgres.Sql;
  let edge: postgres.Sql;
  let ownerUrl = '';
  let edgeUrl = '';
  let role: Awaited<ReturnType<typeof createEdgeRole>>;
  let username = '';

  beforeAll(async () => {
    t = await createTestApp({ VOICE_GATEWAY: 'sip', VOICE_EDGE_SECRET: 'e'.repeat(32) });
    ownerUrl = t.database.url ?? '';
    const c = await fundedCustomer(t.app, t.database, '0');
    username = (await send(t.app, 'GET', '/api/sip/account', c.cookie)).json().username;
    // As docs/operations/sip-edge.md says: the SQL, then a password for the role.
    role = await createEdgeRole(ownerUrl);
    edgeUrl = role.url;
    owner = postgres(ownerUrl, { max: 1, onnotice: () => {} });
    edge = postgres(edgeUrl, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await edge?.end();
    await owner?.end();
    await t?.close();
    await role?.drop();
  });

  it('reads the SIP accounts through sip_subscribers, as Kamailio does', async () => {
    const rows = await edge`select username, ha1, ha1b from sip_subscribers`;
    expect(rows.map((r) => r.username)).toEqual([username]);
    expect(rows[0]?.ha1).toMatch(/^[0-9a-f]{32}$/);
  });

  it('reads the trunks’ IP sources and the table versions, as the permissions module does', async () => {
    expect(await edge`select id, grp, ip_addr, mask, port, tag from sip_trunk_sources`).toEqual([]);
    const versions = await edge`select table_name, table_version from sip_edge_versions`;
    expect(versions.map((v) => v.table_name).sort()).toEqual([
      'sip_subscribers',
      'sip_trunk_sources',
    ]);
  });

  it('reads nothing else and writes nothing', async () => {
    for (const query of [
      'select * from users',
      'select * from transactions',
      'select * from payment_quotes',
      'select * from sip_accounts',
      'select * from sip_trunks',
      'select * from sip_trunk_addresses',
      'select * from ledger_entries',
      'select * from sessions',
      `update users set crypto_balance = 1000`,
      `delete from sip_accounts`,
      `insert into sip_accounts (username) values ('x')`,
      'create table mine (id int)',
    ])
      await expect(edge.unsafe(query), query).rejects.toMatchObject({
        code: expect.stringMatching(/^42501$/),
      });
  });

  it('is what voice:edge accepts; a role that reaches more (the owner) is refused', async () => {
    expect(await checkEdgeRole(edgeUrl)).toEqual([]);
    const problems = await checkEdgeRole(ownerUrl);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^VOICE_EDGE_DATABASE_URL: its role \w+ may do more than read sip_subscribers, sip_trunk_sources, sip_edge_versions \(superuser, .*\d+ more\): .*role-sql/,
    );
  });

  it('is refused when given more, and narrowed again by the same SQL', async () => {
    await owner.unsafe(`grant select on users to ${role.role}`);
    expect(await checkEdgeRole(edgeUrl)).toEqual([
      expect.stringMatching(/^VOICE_EDGE_DATABASE_URL: .*may do more .*\(users\)/),
    ]);
    await owner.unsafe(edgeRoleSql(role.role));
    await expect(edge`select id from users`).rejects.toMatchObject({ code: '42501' });
    expect(await checkEdgeRole(edgeUrl)).toEqual([]);
  });
});
