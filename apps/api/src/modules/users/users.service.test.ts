import { describe, expect, it } from 'vitest';
import type { UserRow, UsersRepo } from './users.repo.js';
import { createUsersService } from './users.service.js';

const NOW = new Date('2026-04-01T10:00:00.000Z');

function userRow(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: 'u1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: null,
    passwordHash: 'hash',
    contactMethod: 'telegram',
    contactValue: '@ada',
    cryptoBalance: '12.5000',
    held: '1.2500',
    isAdmin: false,
    disabledAt: null,
    language: null,
    createdAt: new Date('2026-03-01T00:00:00.000Z'),
    updatedAt: new Date('2026-03-02T00:00:00.000Z'),
    ...overrides,
  };
}

/** A repo holding `rows` by id; `setDisabled` calls are recorded. */
function fakeRepo(rows: UserRow[]) {
  const calls: { id: string; disabled: boolean; by: unknown; now: Date }[] = [];
  const repo: UsersRepo = {
    async search(_filter, page, pageSize) {
      return { items: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length };
    },
    async find(id) {
      return rows.find((r) => r.id === id);
    },
    async setDisabled(id, disabled, by, now) {
      calls.push({ id, disabled, by, now });
      const row = rows.find((r) => r.id === id);
      return row && { ...row, disabledAt: disabled ? now : null };
    },
  };
  return { repo, calls };
}

describe('users service', () => {
  it('lists users as admins see them: suspended when disabled, with the page asked for', async () => {
    const { repo } = fakeRepo([userRow(), userRow({ id: 'u2', disabledAt: NOW })]);
    const page = await createUsersService({ repo }).search({ page: 1, pageSize: 10 });
    expect(page.items.map((u) => [u.id, u.disabled])).toEqual([
      ['u1', false],
      ['u2', true],
    ]);
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 10 });
  });

  it("shows one user's detail with what calls hold and how to reach them", async () => {
    const { repo } = fakeRepo([userRow()]);
    const detail = await createUsersService({ repo }).detail('u1');
    expect(detail).toMatchObject({
      id: 'u1',
      cryptoBalance: '12.50',
      held: '1.25',
      contactMethod: 'telegram',
      contactValue: '@ada',
      disabled: false,
    });
  });

  it('answers NOT_FOUND for a user that does not exist, to read or to suspend', async () => {
    const { repo } = fakeRepo([]);
    const service = createUsersService({ repo, now: () => NOW });
    await expect(service.detail('nobody')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      service.setDisabled('nobody', true, { id: 'admin', ip: null }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('never lets an admin suspend themselves, and asks the repo nothing', async () => {
    const { repo, calls } = fakeRepo([userRow({ id: 'admin', isAdmin: true })]);
    const service = createUsersService({ repo, now: () => NOW });
    await expect(
      service.setDisabled('admin', true, { id: 'admin', ip: '10.0.0.1' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(calls).toEqual([]);
    // Reactivating oneself is not refused.
    await expect(
      service.setDisabled('admin', false, { id: 'admin', ip: null }),
    ).resolves.toMatchObject({ disabled: false });
  });

  it('suspends another user as the acting admin, at the service clock', async () => {
    const { repo, calls } = fakeRepo([userRow()]);
    const service = createUsersService({ repo, now: () => NOW });
    const user = await service.setDisabled('u1', true, { id: 'admin', ip: '10.0.0.1' });
    expect(user.disabled).toBe(true);
    expect(calls).toEqual([
      { id: 'u1', disabled: true, by: { actorId: 'admin', ip: '10.0.0.1' }, now: NOW },
    ]);
  });
});
