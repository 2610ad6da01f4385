import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { hashKeySecret, newKeySecret } from './api-key-secret.js';
import type { ApiKeyRow, ApiKeysRepo, KeyRow, NewApiKey } from './api-keys.repo.js';
import { createApiKeysService, TOUCH_EVERY_MS } from './api-keys.service.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const SECRET = `prl_live_${'a'.repeat(43)}`;

const user = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: null,
  profileImageUrl: null,
  cryptoBalance: '1.5',
  isAdmin: false,
  createdAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
};

function fakeRepo(found: KeyRow | undefined) {
  const touched: string[] = [];
  const inserted: NewApiKey[] = [];
  const repo: Pick<ApiKeysRepo, 'findLive' | 'touch' | 'insert' | 'listOf' | 'revoke'> = {
    findLive: async (hash) => (hash === hashKeySecret(SECRET) ? found : undefined),
    touch: async (id) => void touched.push(id),
    insert: async (key) => {
      inserted.push(key);
      return { ...key, id: 'k1', createdAt: NOW } as ApiKeyRow;
    },
    listOf: async () => [],
    revoke: async () => undefined,
  };
  return { repo, touched, inserted };
}
const noLimit = { take: async () => {} };
const keyRow = (lastUsedMs: number | null): KeyRow => ({
  ...user,
  keyId: 'k1',
  scopes: 'sms:read sms:send',
  lastUsedMs,
});

describe('authenticating a key', () => {
  it('gives the user and the key’s scopes, in the contract’s order', async () => {
    const { repo } = fakeRepo(keyRow(null));
    const keys = createApiKeysService({ repo, limit: noLimit, now: () => NOW });
    const found = await keys.authenticate(SECRET, '10.0.0.1');
    expect(found.user).toMatchObject({ id: 'u1', cryptoBalance: '1.50' });
    expect(found.key).toEqual({ id: 'k1', scopes: ['sms:send', 'sms:read'] });
  });

  it('answers the same 401 for a malformed and an unknown key, asking nothing for the first', async () => {
    const { repo } = fakeRepo(undefined);
    let asked = 0;
    const counting = { ...repo, findLive: async () => void asked++ };
    const keys = createApiKeysService({ repo: counting, limit: noLimit, now: () => NOW });
    for (const secret of ['prl_live_x', SECRET]) {
      const error = await keys.authenticate(secret, '::1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('API_KEY_INVALID');
    }
    expect(asked).toBe(1);
  });

  it('writes the last use only when a minute has passed since the one recorded', async () => {
    for (const [last, writes] of [
      [null, 1],
      [NOW.getTime() - TOUCH_EVERY_MS + 1, 0],
      [NOW.getTime() - TOUCH_EVERY_MS, 1],
    ] as const) {
      const { repo, touched } = fakeRepo(keyRow(last));
      await createApiKeysService({ repo, limit: noLimit, now: () => NOW }).authenticate(
        SECRET,
        '::1',
      );
      expect(touched, String(last)).toHaveLength(writes);
    }
  });
});

describe('creating a key', () => {
  it('stores the hash, a four-character prefix and each scope once', async () => {
    const { repo, inserted } = fakeRepo(undefined);
    const keys = createApiKeysService({ repo, limit: noLimit, now: () => NOW });
    const created = await keys.create(
      'u1',
      { name: ' CI ', scopes: ['sms:read', 'sms:read'] },
      '::1',
    );
    expect(inserted[0]).toMatchObject({ name: 'CI', scopes: ['sms:read'], expiresAt: null });
    expect(inserted[0]?.tokenHash).toBe(hashKeySecret(created.secret));
    expect(created.prefix).toBe(created.secret.slice(0, 13));
  });

  it('refuses an expiry that is not in the future', async () => {
    const { repo } = fakeRepo(undefined);
    const keys = createApiKeysService({ repo, limit: noLimit, now: () => NOW });
    const input = { name: 'CI', scopes: ['sms:read' as const], expiresAt: NOW.toISOString() };
    await expect(keys.create('u1', input, '::1')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('a new secret', () => {
  it('is the prefix and 43 base62 characters, never twice the same', () => {
    const seen = new Set(Array.from({ length: 200 }, () => newKeySecret()));
    expect(seen.size).toBe(200);
    for (const s of seen) expect(s).toMatch(/^prl_live_[0-9A-Za-z]{43}$/);
  });
});
