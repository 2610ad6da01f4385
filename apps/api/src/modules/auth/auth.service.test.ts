import { describe, expect, it } from 'vitest';
import type { DomainEvent, EventBus } from '../../lib/event-bus.js';
import { createMemoryLimitStore } from '../../lib/limit-store-memory.js';
import type { AuthRepo, SessionRow, UserRow } from './auth.repo.js';
import { createAuthService, DEFAULT_LIFETIMES, DEFAULT_LIMITS } from './auth.service.js';
import { hashPassword } from './passwords.js';
import type { SecondFactor } from './second-factor.js';
import type { SecurityCheck } from './security-check.js';
import { hashToken } from './session-token.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const PASSWORD = 'correct horse battery';
const passwordHash = hashPassword(PASSWORD);

const userRow = async (over: Partial<UserRow> = {}): Promise<UserRow> =>
  ({
    id: 'u1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: null,
    profileImageUrl: null,
    cryptoBalance: '12.5',
    isAdmin: false,
    disabledAt: null,
    passwordHash: await passwordHash,
    createdAt: NOW,
    updatedAt: NOW,
    ...over,
  }) as UserRow;

/** The service on fakes: the repo keeps what it was asked in `calls`. */
function setUp(opts: { user?: UserRow; session?: SessionRow; factor?: 'none' | 'confirmed' } = {}) {
  const calls: string[] = [];
  const published: DomainEvent[] = [];
  let clock = NOW;
  const repo = {
    findUserByEmail: async (email: string) => (email === opts.user?.email ? opts.user : undefined),
    findUserById: async (id: string) => (id === opts.user?.id ? opts.user : undefined),
    insertUser: async (u: { email: string }) =>
      u.email === opts.user?.email ? undefined : userRow({ email: u.email, id: 'u2' }),
    recordSignIn: async (id: string) => void calls.push(`recordSignIn ${id}`),
    insertSession: async (s: { userId: string; idleSeconds: number }) =>
      void calls.push(`insertSession ${s.userId} ${s.idleSeconds}`),
    deleteSession: async (h: string) => void calls.push(`deleteSession ${h}`),
    deleteExpiredSessionsOf: async () => {},
    findSession: async () => opts.session,
    touchSession: async (id: string) => void calls.push(`touchSession ${id}`),
    deleteSessionsOf: async (id: string) => void calls.push(`deleteSessionsOf ${id}`),
    changePassword: async (id: string, _h: string, keep: string) =>
      void calls.push(`changePassword ${id} ${keep}`),
  } as unknown as AuthRepo;
  const secondFactor = {
    stateOf: async () => opts.factor ?? 'none',
    beginSetup: async () => ({ setupToken: 's1', secret: 'X', uri: 'otpauth://x' }),
    verify: async (_id: string, code: string) => code === '123456',
  } as unknown as SecondFactor;
  const service = createAuthService({
    repo,
    events: { publish: (e: DomainEvent) => void published.push(e) } as unknown as EventBus,
    securityCheck: { verify: async () => {}, issue: async () => ({}) } as unknown as SecurityCheck,
    secondFactor,
    limitStore: createMemoryLimitStore(() => clock.getTime()),
    now: () => clock,
  });
  const at = (d: Date) => {
    clock = d;
  };
  return { service, calls, published, at };
}

const signIn = (password = PASSWORD) => ({ email: 'ada@example.com', password, altcha: 'x' });

describe('signing in with a password', () => {
  it('starts a session with the customer lifetime, ending the one the browser came with', async () => {
    const { service, calls } = setUp({ user: await userRow() });
    const { user, session } = await service.signIn(signIn(), '1.2.3.4', 'old');
    expect(user).toMatchObject({ id: 'u1', cryptoBalance: '12.50' });
    expect(session.maxAgeSeconds).toBe(DEFAULT_LIFETIMES.customer.idleSeconds);
    expect(calls).toEqual([
      'recordSignIn u1',
      `deleteSession ${hashToken('old')}`,
      `insertSession u1 ${DEFAULT_LIFETIMES.customer.idleSeconds}`,
    ]);
  });

  it('answers a wrong password, an unknown email and a disabled account alike', async () => {
    const ok = setUp({ user: await userRow() });
    await expect(ok.service.signIn(signIn('wrong'), 'ip', null)).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    const other = { ...signIn(), email: 'bob@example.com' };
    await expect(ok.service.signIn(other, 'ip', null)).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    const off = setUp({ user: await userRow({ disabledAt: NOW }) });
    await expect(off.service.signIn(signIn(), 'ip', null)).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect([...ok.calls, ...off.calls]).toEqual([]);
  });

  it('locks an account out after its failures, whatever the address', async () => {
    const { service } = setUp({ user: await userRow() });
    const max = DEFAULT_LIMITS.signInPerAccount.max;
    for (let i = 0; i < max; i++)
      await expect(service.signIn(signIn('wrong'), `10.0.0.${i}`)).rejects.toMatchObject({
        code: 'INVALID_CREDENTIALS',
      });
    await expect(service.signIn(signIn(), '10.0.1.1')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });

  it('refuses a taken email at sign-up and announces a new account', async () => {
    const { service, published } = setUp({ user: await userRow() });
    const input = { name: 'Bob  de Vries', password: PASSWORD, altcha: 'x' } as const;
    await expect(
      service.signUp({ ...input, email: 'ada@example.com' } as never, 'ip'),
    ).rejects.toMatchObject({ code: 'EMAIL_TAKEN' });
    await service.signUp({ ...input, email: 'bob@example.com' } as never, 'ip');
    expect(published).toEqual([
      { type: 'user.created', data: { id: 'u2', email: 'bob@example.com' } },
    ]);
  });
});

describe("an admin's sign-in", () => {
  it("refuses a customer's correct password like a wrong one", async () => {
    const { service } = setUp({ user: await userRow() });
    await expect(service.adminSignIn(signIn(), 'ip')).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('sets up a second factor first, then asks for its code', async () => {
    const admin = await userRow({ isAdmin: true });
    const fresh = setUp({ user: admin, factor: 'none' });
    expect(await fresh.service.adminSignIn(signIn(), 'ip')).toHaveProperty('setup');
    expect(fresh.calls).toEqual([]);
    const set = setUp({ user: admin, factor: 'confirmed' });
    await expect(
      set.service.adminSignIn({ ...signIn(), code: '000000' }, 'ip'),
    ).rejects.toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
    expect(set.calls).toEqual([]);
    const done = await set.service.adminSignIn({ ...signIn(), code: '123456' }, 'ip');
    expect(done).toMatchObject({ session: { maxAgeSeconds: DEFAULT_LIFETIMES.admin.idleSeconds } });
  });
});

describe('a session', () => {
  const session = (lastSeen: Date): SessionRow =>
    ({
      sessionId: 's1',
      idleSeconds: 1800,
      lastSeenMs: lastSeen.getTime(),
      absoluteExpiresMs: NOW.getTime() + 600_000,
      id: 'u1',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: null,
      profileImageUrl: null,
      cryptoBalance: '1',
      isAdmin: true,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    }) as SessionRow;

  it('is touched at most once a minute, its cookie never outliving the absolute end', async () => {
    const recent = setUp({ session: session(new Date(NOW.getTime() - 30_000)) });
    expect(await recent.service.resolveSession('t')).toMatchObject({ renewed: null });
    expect(recent.calls).toEqual([]);
    const idle = setUp({ session: session(new Date(NOW.getTime() - 60_000)) });
    expect(await idle.service.resolveSession('t')).toMatchObject({
      renewed: { token: 't', maxAgeSeconds: 600 },
    });
    expect(idle.calls).toEqual(['touchSession s1']);
  });

  it('is not slid by reading the current user', async () => {
    const { service, calls } = setUp({ session: session(new Date(0)) });
    expect(await service.currentUser('t')).toMatchObject({ id: 'u1' });
    expect(calls).toEqual([]);
  });
});

describe('changing a password', () => {
  it('checks the current one and keeps only this session', async () => {
    const { service, calls } = setUp({ user: await userRow() });
    const wrong = {
      currentPassword: 'nope',
      newPassword: 'another long one',
      confirmPassword: 'another long one',
    };
    await expect(service.changePassword('u1', 't', wrong, 'ip')).rejects.toMatchObject({
      code: 'WRONG_PASSWORD',
    });
    const right = {
      currentPassword: PASSWORD,
      newPassword: 'another long one',
      confirmPassword: 'another long one',
    };
    await service.changePassword('u1', 't', right, 'ip');
    expect(calls).toEqual([`changePassword u1 ${hashToken('t')}`]);
  });
});
