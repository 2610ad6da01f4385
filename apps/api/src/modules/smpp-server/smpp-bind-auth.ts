import { AppError } from '../../lib/app-error.js';
import { clientKey, type RateLimiter, type RateLimitRule } from '../../lib/rate-limiter.js';
import { dummyHash, verifyPassword } from '../auth/passwords.js';
import type { BindAccountRow } from './smpp-accounts.repo.js';
import { ipAllowed, normaliseIpEntry } from './smpp-bind-auth-ip.js';

const MINUTE = 60_000;
/** Failed binds allowed per system ID, on every instance together. */
export const BIND_FAILURES_PER_SYSTEM_ID = { max: 10, windowMs: 15 * MINUTE } as const;
/** Failed binds allowed per client address (an IPv6 client's /64). */
export const BIND_FAILURES_PER_IP = { max: 50, windowMs: 15 * MINUTE } as const;
/** The limiters' names in the shared limit store. */
export const BIND_LIMITER_NAMES = { perSystemId: 'smpp.bindPerSystemId', perIp: 'smpp.bindPerIp' };

export type BindLimitRules = Record<keyof typeof BIND_LIMITER_NAMES, RateLimitRule>;

/** What a bind asks with: the PDU's system_id and password, and the socket's address. */
export interface BindRequest {
  systemId: string;
  password: string;
  ip: string;
}

/** The account a session acts for once bound. */
export interface BoundAccount {
  id: string;
  userId: string;
  systemId: string;
  maxPerSecond: number;
}

/**
 * `invalid`: unknown system ID or wrong password; `locked`: too many failures lately;
 * `address`: not from one of the account's allowed addresses; `user-blocked`: the
 * customer is suspended. The listener chooses what the peer is told.
 */
export type BindRefusal = 'invalid' | 'locked' | 'address' | 'user-blocked';
export type BindResult = { ok: true; account: BoundAccount } | { ok: false; reason: BindRefusal };

export interface BindAuthDeps {
  repo: {
    findBySystemId(systemId: string): Promise<BindAccountRow | undefined>;
    recordBind(accountId: string, ip: string, now: Date): Promise<void>;
  };
  limits: Record<keyof BindLimitRules, Pick<RateLimiter, 'hit' | 'giveBack'>>;
  now: () => Date;
}

/** Printable ASCII within SMPP's 15 characters: anything else is no system ID of ours. */
const SYSTEM_ID_SHAPE = /^[\x21-\x7e]{1,15}$/;

const refused = (reason: BindRefusal): BindResult => ({ ok: false, reason });

/**
 * Checks one bind. Every attempt is counted before the check, per system ID (from each
 * address) and per address, like sign-ins; a bind that passes (or fails only because its customer is
 * suspended) gives its count back. Failures are not forgiven by a later success, so a
 * gateway rebinding often cannot reset an attacker's count; a locked key is refused
 * even with the right password until its window ends. Never logs the password.
 */
export function createBindAuth(deps: BindAuthDeps) {
  const { repo, limits } = deps;

  async function counted(systemId: string, ipKey: string): Promise<boolean> {
    try {
      await limits.perIp.hit(ipKey);
      await limits.perSystemId.hit(systemId);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'RATE_LIMITED') return false;
      throw error;
    }
  }

  async function check({ systemId, password, ip }: BindRequest): Promise<BindResult> {
    const row = SYSTEM_ID_SHAPE.test(systemId) ? await repo.findBySystemId(systemId) : undefined;
    if (!row) {
      // The same argon2 work as a known system ID, so timing does not tell them apart.
      await verifyPassword(await dummyHash(), password);
      return refused('invalid');
    }
    // Before the password: a bind from elsewhere learns nothing about it (the same
    // argon2 work, so timing does not tell it from a wrong password either).
    if (!ipAllowed(row.allowedIps, ip)) {
      await verifyPassword(await dummyHash(), password);
      return refused('address');
    }
    if (!(await verifyPassword(row.passwordHash, password))) return refused('invalid');
    if (row.userDisabled) return refused('user-blocked');
    const { id, userId, maxPerSecond } = row;
    return { ok: true, account: { id, userId, systemId: row.systemId, maxPerSecond } };
  }

  return async function authenticate(request: BindRequest): Promise<BindResult> {
    const ipKey = clientKey(request.ip);
    // Per system ID from this address: binds from elsewhere cannot lock a customer's
    // own gateway out; the per-address count bounds guessing across system IDs.
    const idKey = `${request.systemId}|${ipKey}`;
    if (!(await counted(idKey, ipKey))) return refused('locked');
    const result = await check(request);
    if (result.ok || result.reason === 'user-blocked') {
      await limits.perIp.giveBack(ipKey, 1);
      await limits.perSystemId.giveBack(idKey, 1);
    }
    if (result.ok) {
      const ip = normaliseIpEntry(request.ip) ?? request.ip;
      await repo.recordBind(result.account.id, ip, deps.now());
    }
    return result;
  };
}
