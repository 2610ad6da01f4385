import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.js';
import type { Database } from '../../db/client.js';
import { createEventBus, type DomainEvent } from '../../lib/event-bus.js';
import { createAdminAccounts } from './admin-accounts.js';
import { createAuthRepo } from './auth.repo.js';
import { hashPassword, verifyPassword } from './passwords.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('ADMIN_EMAIL and ADMIN_PASSWORD at start', () => {
  it('create the admin when missing, announcing the new user', async () => {
    const events: DomainEvent[] = [];
    const bus = createEventBus();
    bus.subscribe((e) => events.push(e));
    const repo = createAuthRepo(database.db);
    const accounts = createAdminAccounts({ repo, events: bus });
    expect(await accounts.ensureAdmin('ops@example.com', 'a long admin password')).toEqual({
      created: true,
      updated: false,
    });
    const admin = await repo.findUserByEmail('ops@example.com');
    expect(admin?.isAdmin).toBe(true);
    expect(await verifyPassword(admin?.passwordHash ?? '', 'a long admin password')).toBe(true);
    expect(events).toEqual([
      { type: 'user.created', data: { id: admin?.id, email: 'ops@example.com' } },
    ]);
    expect(await accounts.ensureAdmin('ops@example.com', 'a long admin password')).toEqual({
      created: false,
      updated: false,
    });
  });

  it('promote a user who registered the address first, replacing their password and sessions', async () => {
    const repo = createAuthRepo(database.db);
    const squatter = await repo.insertUser({
      email: 'cust@example.com',
      passwordHash: await hashPassword('their own password'),
    });
    if (!squatter) throw new Error('insert failed');
    await repo.insertSession({
      tokenHash: 'h'.repeat(64),
      userId: squatter.id,
      idleSeconds: 60,
      expiresAt: new Date(Date.now() + 60_000),
      absoluteExpiresAt: new Date(Date.now() + 60_000),
    });
    expect(
      await createAdminAccounts({ repo, events: createEventBus() }).ensureAdmin(
        'cust@example.com',
        'the operator password',
      ),
    ).toEqual({ created: false, updated: true });
    const user = await repo.findUserByEmail('cust@example.com');
    expect(user?.isAdmin).toBe(true);
    expect(await verifyPassword(user?.passwordHash ?? '', 'their own password')).toBe(false);
    expect(await verifyPassword(user?.passwordHash ?? '', 'the operator password')).toBe(true);
    expect(await repo.findSession('h'.repeat(64), new Date())).toBeUndefined();
  });
});
