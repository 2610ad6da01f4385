import {
  type CreatedSmppAccount,
  SMPP_ACCOUNTS_MAX,
  type SmppAccount,
  type SmppAccountInput,
  type SmppAccounts,
  type SmppAdminSession,
  type SmppBindType,
  type SmppSession,
} from '@parley/shared';
import type { SmppServerConfig } from '../../config/smpp-server-config.js';
import { AppError } from '../../lib/app-error.js';
import type { AuditBy } from '../../lib/audit-by.js';
import { isoTime } from '../../lib/iso-time.js';
import { withFields } from '../../lib/with-fields.js';
import { hashPassword } from '../auth/passwords.js';
import type {
  AdminSessionRow,
  SmppAccountRow,
  SmppAccountsRepo,
  SmppSessionRow,
} from './smpp-accounts.repo.js';
import { type BindAuthDeps, createBindAuth } from './smpp-bind-auth.js';
import { normaliseIpEntry } from './smpp-bind-auth-ip.js';
import { newSmppPassword, newSystemId } from './smpp-bind-auth-secrets.js';

/** Fresh system IDs tried before a creation gives up (35 bits each: a clash is rare). */
const SYSTEM_ID_TRIES = 5;

type SessionWithId = SmppSessionRow & { systemId: string };

export function toSmppSession(row: SessionWithId): SmppSession {
  return {
    id: row.id,
    accountId: row.accountId,
    systemId: row.systemId,
    bindType: row.bindType as SmppBindType,
    remoteIp: row.remoteIp,
    boundAt: isoTime(row.boundAt),
    submitted: row.submitted,
    perSecond: row.perSecond,
  };
}

export function toSmppAccount(row: SmppAccountRow, sessions: SessionWithId[]): SmppAccount {
  const own = sessions.filter((s) => s.accountId === row.id).map(toSmppSession);
  return {
    id: row.id,
    systemId: row.systemId,
    label: row.label,
    allowedIps: row.allowedIps,
    maxPerSecond: row.maxPerSecond,
    createdAt: isoTime(row.createdAt),
    bound: own.length > 0,
    sessions: own,
    lastBindAt: row.lastBindAt ? isoTime(row.lastBindAt) : null,
    lastBindIp: row.lastBindIp,
  };
}

const toAdminSession = (row: AdminSessionRow): SmppAdminSession =>
  withFields(toSmppSession(row), {
    userId: row.userId,
    email: row.email,
    maxPerSecond: row.maxPerSecond,
  });

/** The entries in one spelling, each once, in the customer's order. */
function normalisedIps(entries: readonly string[]): string[] {
  const out: string[] = [];
  entries.forEach((entry, i) => {
    const ip = normaliseIpEntry(entry);
    if (ip === null)
      throw new AppError('VALIDATION_FAILED', 'Not an IP address or network.', [
        { path: `body.allowedIps.${i}`, code: 'INVALID', message: 'Not an IP address or network' },
      ]);
    if (!out.includes(ip)) out.push(ip);
  });
  return out;
}

/**
 * A customer's SMPP accounts (decision 0066): created with a generated system ID and
 * password (shown once, stored as argon2id), listed with their live sessions, removed;
 * the binds of the SMPP listener checked; an admin's view of every session.
 */
export function createSmppAccountsService(deps: {
  repo: Pick<
    SmppAccountsRepo,
    | 'insert'
    | 'countOf'
    | 'listOf'
    | 'remove'
    | 'findBySystemId'
    | 'recordBind'
    | 'liveSessions'
    | 'requestEnd'
  >;
  server: Pick<SmppServerConfig, 'publicHost' | 'port' | 'tls' | 'maxThroughput'>;
  /** The ports the listener actually holds (a configured 0 picks one); else the config's. */
  ports?: () => { port: number | null; tlsPort: number | null };
  /** Failed binds, counted in the shared limit store. */
  limits: BindAuthDeps['limits'];
  now?: () => Date;
  newSystemId?: () => string;
  newPassword?: () => string;
}) {
  const { repo, server } = deps;
  const now = deps.now ?? (() => new Date());
  const systemIdOf = deps.newSystemId ?? newSystemId;
  const passwordOf = deps.newPassword ?? newSmppPassword;

  function checkThroughput(maxPerSecond: number) {
    const max = server.maxThroughput;
    if (maxPerSecond <= max) return;
    const message = `Throughput is at most ${max} messages a second`;
    throw new AppError('SMPP_THROUGHPUT_OVER_MAX', `${message}.`, [
      { path: 'body.maxPerSecond', code: 'TOO_BIG', message, params: { maximum: max } },
    ]);
  }

  const overLimit = () =>
    new AppError(
      'SMPP_ACCOUNT_LIMIT',
      `You already have ${SMPP_ACCOUNTS_MAX} SMPP accounts. Remove one before creating another.`,
    );

  return {
    async create(userId: string, input: SmppAccountInput, by: AuditBy) {
      checkThroughput(input.maxPerSecond);
      const allowedIps = normalisedIps(input.allowedIps ?? []);
      // Spares the password hash when full; the insert counts again, under a lock.
      if ((await repo.countOf(userId)) >= SMPP_ACCOUNTS_MAX) throw overLimit();
      const password = passwordOf();
      const passwordHash = await hashPassword(password);
      const base = { userId, passwordHash, label: input.label.trim(), allowedIps };
      for (let i = 0; i < SYSTEM_ID_TRIES; i++) {
        const account = { ...base, systemId: systemIdOf(), maxPerSecond: input.maxPerSecond };
        const row = await repo.insert(account, SMPP_ACCOUNTS_MAX, by);
        if (row === 'clash') continue;
        if (row === 'limit') throw overLimit();
        return { ...toSmppAccount(row, []), password } satisfies CreatedSmppAccount;
      }
      throw new Error('no free SMPP system ID after several tries');
    },

    async list(userId: string): Promise<SmppAccounts> {
      const { accounts, sessions } = await repo.listOf(userId, now());
      return {
        items: accounts.map((row) => toSmppAccount(row, sessions)),
        maxPerSecond: server.maxThroughput,
        host: server.publicHost,
        ...(deps.ports?.() ?? { port: server.port, tlsPort: server.tls?.port ?? null }),
      };
    },

    /** The listener sees the account gone and unbinds its sessions. */
    async remove(userId: string, id: string, by: AuditBy): Promise<void> {
      if (!(await repo.remove(userId, id, by)))
        throw new AppError('NOT_FOUND', 'No such SMPP account.');
    },

    /** Checks a bind_transmitter/receiver/transceiver (the SMPP listener, on every bind). */
    authenticate: createBindAuth({ repo, limits: deps.limits, now }),

    async sessions(): Promise<SmppAdminSession[]> {
      return (await repo.liveSessions(now())).map(toAdminSession);
    },

    /** An admin's request: the instance holding the session unbinds it. */
    async endSession(id: string, by: AuditBy): Promise<void> {
      if (!(await repo.requestEnd(id, by, now())))
        throw new AppError('NOT_FOUND', 'No such bound SMPP session.');
    },
  };
}
export type SmppAccountsService = ReturnType<typeof createSmppAccountsService>;
