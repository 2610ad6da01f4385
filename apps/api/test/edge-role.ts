import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { edgeRoleSql } from '../src/integrations/voice/edge-role.js';

/**
 * The SIP edge's database role in a test database, made by the SQL that
 * docs/operations/sip-edge.md gives (`npm run voice:edge -- role-sql`) under a name of
 * its own (roles belong to the whole server, which other test files share). `url`
 * connects as it; `drop()` after the database is gone.
 */
export async function createEdgeRole(databaseUrl: string) {
  const role = `parley_edge_${randomBytes(6).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  const owner = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await owner.unsafe(edgeRoleSql(role));
    await owner.unsafe(`alter role ${role} password '${password}'`);
  } finally {
    await owner.end();
  }
  const url = new URL(databaseUrl);
  url.username = role;
  url.password = password;
  return {
    role,
    url: url.toString(),
    async drop() {
      const admin = postgres(process.env.TEST_DATABASE_URL ?? databaseUrl, {
        max: 1,
        onnotice: () => {},
      });
      await admin.unsafe(`drop role if exists ${role}`);
      await admin.end();
    },
  };
}
