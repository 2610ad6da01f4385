import { SMPP_ACCOUNTS_MAX } from '@parley/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { createMemoryLimitStore } from '../../lib/limit-store-memory.js';
import { createRateLimiter } from '../../lib/rate-limiter.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type {
  BindAccountRow,
  NewSmppAccount,
  SmppAccountRow,
  SmppAccountsRepo,
} from './smpp-accounts.repo.js';
import { createSmppAccountsService } from './smpp-accounts.service.js';
import { BIND_FAILURES_PER_IP, BIND_FAILURES_PER_SYSTEM_ID } from './smpp-bind-auth.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const BY = { actorId: 'u1', ip: '10.0.0.1' };
const SERVER = { publicHost: 'smpp.example.com', port: 2775, tls: null, maxThroughput: 50 };
const INPUT = { label: 'Gateway', allowedIps: [], maxPerSecond: 10 };

function fakeRepo() {
  const rows: SmppAccountRow[] = [];
  const users = new Map<string, { disabled: boolean }>();
  const binds: { accountId: string; ip: string }[] = [];
  let inserts = 0;
  const repo: Parameters<typeof createSmppAccountsService>[0]['repo'] = {
    insert: async (account: NewSmppAccount, max: number) => {
      inserts++;
      if (rows.filter((r) => r.userId === account.userId).length >= max) return 'limit';
      if (rows.some((r) => r.systemId === account.systemId)) return 'clash';
      const row = {
        ...account,
        allowedIps: account.allowedIps ?? [],
        id: `a${rows.length + 1}`,
        createdAt: NOW,
        lastBindAt: null,
        lastBindIp: null,
      };
      rows.push(row);
      return row;
    },
    countOf: async (userId) => rows.filter((r) => r.userId === userId).length,
    listOf: async (userId) => ({ accounts: rows.filter((r) => r.userId === userId), sessions: [] }),
    remove: async () => false,
    findBySystemId: async (systemId): Promise<BindAccountRow | undefined> => {
      const row = rows.find((r) => r.systemId === systemId);
      return row && { ...row, userDisabled: users.get(row.userId)?.disabled ?? false };
    },
    recordBind: async (accountId, ip) => void binds.push({ accountId, ip }),
    liveSessions: async () => [],
    requestEnd: async () => false,
  } satisfies Partial<SmppAccountsRepo>;
  return { repo, rows, users, binds, inserts: () => inserts };
}

function service(extra: Partial<Parameters<typeof createSmppAccountsService>[0]> = {}) {
  const fake = fakeRepo();
  let clock = NOW.getTime();
  const store = createMemoryLimitStore(() => clock);
  const limits = {
    perSystemId: createRateLimiter(store, 'smpp.bindPerSystemId', BIND_FAILURES_PER_SYSTEM_ID),
    perIp: createRateLimiter(store, 'smpp.bindPerIp', BIND_FAILURES_PER_IP),
  };
  const accounts = createSmppAccountsService({
    repo: fake.repo,
    server: SERVER,
    limits,
    now: () => new Date(clock),
    ...extra,
  });
  const advance = (ms: number) => {
    clock += ms;
  };
  return { accounts, ...fake, advance };
}

/** An account stored directly, with a known password (hashing is slow: once per file). */
const KNOWN_PASSWORD = 'Abc23xyz';
const knownHash = hashPassword(KNOWN_PASSWORD);
async function seeded(allowedIps: string[] = [], userId = 'u1') {
  const s = service();
  s.rows.push({
    id: 'acc1',
    userId,
    systemId: 'pabcdefg',
    passwordHash: await knownHash,
    label: 'Gateway',
    allowedIps,
    maxPerSecond: 20,
    createdAt: NOW,
    lastBindAt: null,
    lastBindIp: null,
  });
  return s;
}
const bind = (password = KNOWN_PASSWORD, ip = '192.0.2.10', systemId = 'pabcdefg') => ({
  systemId,
  password,
  ip,
});

describe('creating an SMPP account', () => {
  it('generates a system ID of p and 7 base32 characters and an 8-character password, stored hashed', async () => {
    const { accounts, rows } = service();
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const created = await accounts.create(`u${i}`, INPUT, BY);
      expect(created.systemId).toMatch(/^p[a-z2-7]{7}$/);
      expect(created.password).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{8}$/);
      ids.add(created.systemId);
      const row = rows.find((r) => r.id === created.id);
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row?.passwordHash ?? '', created.password)).toBe(true);
      expect(created).toMatchObject({ bound: false, sessions: [], lastBindAt: null });
    }
    expect(ids.size).toBe(3);
  });

  it('tries another system ID when one is taken', async () => {
    const ids = ['ptaken22', 'ptaken22', 'pfresh22'];
    const s = service({ newSystemId: () => ids.shift() ?? 'pother22' });
    await s.accounts.create('u1', INPUT, BY);
    const second = await s.accounts.create('u1', INPUT, BY);
    expect(second.systemId).toBe('pfresh22');
    expect(s.inserts()).toBe(3);
  });

  it('refuses a throughput over the operator maximum with a field error, and stores nothing', async () => {
    const { accounts, rows } = service();
    const error = await accounts
      .create('u1', { ...INPUT, maxPerSecond: 51 }, BY)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'SMPP_THROUGHPUT_OVER_MAX',
      fields: [{ path: 'body.maxPerSecond', code: 'TOO_BIG', params: { maximum: 50 } }],
    });
    expect(rows).toHaveLength(0);
    await expect(accounts.create('u1', { ...INPUT, maxPerSecond: 50 }, BY)).resolves.toBeTruthy();
  });

  it(`refuses the ${SMPP_ACCOUNTS_MAX + 1}th account with SMPP_ACCOUNT_LIMIT`, async () => {
    const { accounts } = service({ newPassword: () => 'Abcdefgh' });
    for (let i = 0; i < SMPP_ACCOUNTS_MAX; i++) await accounts.create('u1', INPUT, BY);
    await expect(accounts.create('u1', INPUT, BY)).rejects.toMatchObject({
      code: 'SMPP_ACCOUNT_LIMIT',
    });
    await expect(accounts.create('u2', INPUT, BY)).resolves.toBeTruthy();
  });

  it('stores allowed addresses in one spelling, each once', async () => {
    const { accounts } = service();
    const created = await accounts.create(
      'u1',
      {
        ...INPUT,
        allowedIps: [
          ' 10.1.2.3/8 ',
          '2001:DB8:0:0::1',
          '2001:db8::1',
          '::ffff:192.0.2.1',
          '10.0.0.0/8',
        ],
      },
      BY,
    );
    expect(created.allowedIps).toEqual(['10.0.0.0/8', '2001:db8::1', '192.0.2.1']);
  });

  it('lists the accounts with where to connect, never a password', async () => {
    const s = service({ server: { ...SERVER, tls: { port: 3550, cert: '', key: '' } } });
    await s.accounts.create('u1', INPUT, BY);
    const list = await s.accounts.list('u1');
    expect(list).toMatchObject({
      maxPerSecond: 50,
      host: 'smpp.example.com',
      port: 2775,
      tlsPort: 3550,
    });
    expect(list.items).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain('password');
  });
});

describe('authenticating a bind', () => {
  it('accepts the right password and records the bind', async () => {
    const s = await seeded();
    const result = await s.accounts.authenticate(bind(KNOWN_PASSWORD, '::ffff:192.0.2.10'));
    expect(result).toEqual({
      ok: true,
      account: { id: 'acc1', userId: 'u1', systemId: 'pabcdefg', maxPerSecond: 20 },
    });
    expect(s.binds).toEqual([{ accountId: 'acc1', ip: '192.0.2.10' }]);
  });

  it('refuses a wrong password and an unknown system ID alike, recording nothing', async () => {
    const s = await seeded();
    expect(await s.accounts.authenticate(bind('Wrong123'))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await s.accounts.authenticate(bind(KNOWN_PASSWORD, '192.0.2.10', 'pnobody2'))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await s.accounts.authenticate(bind(KNOWN_PASSWORD, '192.0.2.10', 'p\0x'))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(s.binds).toEqual([]);
  });

  it('locks a system ID at an address after its failures there, even for the right password, until the window passes', async () => {
    const s = await seeded();
    for (let i = 0; i < BIND_FAILURES_PER_SYSTEM_ID.max; i++)
      expect((await s.accounts.authenticate(bind('Wrong123', '192.0.2.7'))).ok).toBe(false);
    expect(await s.accounts.authenticate(bind(KNOWN_PASSWORD, '192.0.2.7'))).toEqual({
      ok: false,
      reason: 'locked',
    });
    expect(s.binds).toEqual([]);
    s.advance(BIND_FAILURES_PER_SYSTEM_ID.windowMs);
    expect((await s.accounts.authenticate(bind(KNOWN_PASSWORD, '192.0.2.7'))).ok).toBe(true);
  });

  it('does not let failures from other addresses lock the customer’s own gateway out', async () => {
    const s = await seeded();
    for (let i = 0; i < BIND_FAILURES_PER_SYSTEM_ID.max * 2; i++)
      expect((await s.accounts.authenticate(bind('Wrong123', `192.0.2.${i}`))).ok).toBe(false);
    expect((await s.accounts.authenticate(bind(KNOWN_PASSWORD, '198.51.100.1'))).ok).toBe(true);
  });

  it('does not let successful binds wipe out failures counted against a system ID', async () => {
    const s = await seeded();
    for (let i = 0; i < BIND_FAILURES_PER_SYSTEM_ID.max - 1; i++) {
      await s.accounts.authenticate(bind('Wrong123'));
      expect((await s.accounts.authenticate(bind())).ok).toBe(true);
    }
    await s.accounts.authenticate(bind('Wrong123'));
    expect(await s.accounts.authenticate(bind())).toEqual({ ok: false, reason: 'locked' });
  });

  it('locks an address that fails across many system IDs, and not another address', async () => {
    const s = await seeded();
    for (let i = 0; i < BIND_FAILURES_PER_IP.max; i++)
      await s.accounts.authenticate(bind('Wrong123', '203.0.113.9', `pguess${i}`));
    expect(await s.accounts.authenticate(bind(KNOWN_PASSWORD, '203.0.113.9'))).toEqual({
      ok: false,
      reason: 'locked',
    });
    expect((await s.accounts.authenticate(bind(KNOWN_PASSWORD, '203.0.113.10'))).ok).toBe(true);
  });

  it('allows binds only from the allowed addresses and networks, IPv4 and IPv6', async () => {
    const s = await seeded(['192.0.2.10', '10.20.0.0/16', '2001:db8:1::/48', '2001:db8:9::7']);
    const cases: [string, boolean][] = [
      ['192.0.2.10', true],
      ['::ffff:192.0.2.10', true],
      ['192.0.2.11', false],
      ['10.20.255.1', true],
      ['10.21.0.1', false],
      ['2001:db8:1:ffff::1', true],
      ['2001:DB8:0001::2', true],
      ['2001:db8:2::1', false],
      ['2001:db8:9:0:0:0:0:7', true],
      ['2001:db8:9::8', false],
      ['not-an-ip', false],
    ];
    for (const [ip, ok] of cases) {
      const result = await s.accounts.authenticate(bind(KNOWN_PASSWORD, ip));
      expect(result, ip).toEqual(
        ok ? expect.objectContaining({ ok: true }) : { ok: false, reason: 'address' },
      );
    }
  });

  it('refuses the account of a suspended customer, even with the right password', async () => {
    const s = await seeded();
    s.users.set('u1', { disabled: true });
    expect(await s.accounts.authenticate(bind())).toEqual({ ok: false, reason: 'user-blocked' });
    s.users.set('u1', { disabled: false });
    expect((await s.accounts.authenticate(bind())).ok).toBe(true);
  });
});
