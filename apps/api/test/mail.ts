import { type MailRecord, mailRecords } from '@parley/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import type { MailDns } from '../src/integrations/mail/dns.js';
import { fundedCustomer, queryRows, send } from './helpers.js';

/** The test apps' mail edge secret and MAIL_HOST. */
export const MAIL_ENV = {
  MAIL_EDGE_SECRET: 'mail-edge-secret-for-tests-only-0123456789',
  MAIL_HOST: 'mail.parley.test',
};

/**
 * Published records by name, as a zone holds them: what the domain checks read in tests
 * that do not run a DNS server (the DNS itself is tested against one in dns.peer.test.ts).
 */
export function recordedDns(): MailDns & {
  publish(records: MailRecord[]): void;
  zone: Map<string, string[]>;
} {
  const zone = new Map<string, string[]>();
  return {
    zone,
    publish(records) {
      for (const r of records) zone.set(`${r.type} ${r.host}`, [r.value]);
    },
    txt: async (name) => zone.get(`TXT ${name}`) ?? [],
    cname: async (name) => zone.get(`CNAME ${name}`)?.[0] ?? null,
  };
}

async function packageId(database: Database, name: string) {
  const [row] = await queryRows<{ id: string }>(
    database,
    sql`select id from packages where name = ${name}`,
  );
  if (!row) throw new Error(`no package ${name}`);
  return row.id;
}

/** A funded customer who bought `pkg`, with a verified domain (its records published). */
export async function mailCustomer(
  app: FastifyInstance,
  database: Database,
  dns: ReturnType<typeof recordedDns>,
  opts: { balance?: string; pkg?: string; domain?: string } = {},
) {
  const c = await fundedCustomer(app, database, opts.balance ?? '100');
  const bought = await send(app, 'POST', '/api/orders', c.cookie, {
    itemId: await packageId(database, opts.pkg ?? 'SMTP Basic'),
  });
  expect(bought.statusCode, bought.body).toBe(201);
  const domain = opts.domain ?? `d${c.id.slice(0, 8)}.example.com`;
  const added = await send(app, 'POST', '/api/mail/domains', c.cookie, { domain });
  expect(added.statusCode, added.body).toBe(201);
  const { id, records } = added.json() as { id: string; records: MailRecord[] };
  dns.publish(records.length ? records : mailRecords(domain, MAIL_ENV.MAIL_HOST, ''));
  const verified = await send(app, 'POST', `/api/mail/domains/${id}/verify`, c.cookie);
  expect(verified.json().verifiedAt, verified.body).not.toBeNull();
  const user = await send(app, 'POST', '/api/mail/credentials', c.cookie, {});
  expect(user.statusCode, user.body).toBe(201);
  const { username, password } = user.json() as { username: string; password: string };
  return { ...c, domain, domainId: id, username, password };
}

/** A question of the mail edge's, with its secret. */
export function edgeAsk(app: FastifyInstance, step: string, body: object) {
  return app.inject({
    method: 'POST',
    url: `/internal/mail/${step}`,
    headers: { authorization: `Bearer ${MAIL_ENV.MAIL_EDGE_SECRET}` },
    payload: body,
  });
}
