import {
  API_KEYS_MAX,
  API_SCOPES,
  type ApiKey,
  type ApiKeyInput,
  type ApiScope,
  type CreatedApiKey,
  type User,
} from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import { isoTime } from '../../lib/iso-time.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { toUser } from '../auth/auth-user.js';
import { displayPrefix, hashKeySecret, isKeyShaped, newKeySecret } from './api-key-secret.js';
import type { ApiKeyRow, ApiKeysRepo } from './api-keys.repo.js';

/** The key a request was authenticated with, as the guards read it. */
export interface RequestKey {
  id: string;
  scopes: readonly ApiScope[];
}

/** How often a key's last use is written: a busy key costs one write a minute, not one a request. */
export const TOUCH_EVERY_MS = 60_000;

const invalid = () =>
  new AppError('API_KEY_INVALID', 'The API key is unknown, expired or revoked.');

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: API_SCOPES.filter((s) => row.scopes.includes(s)),
    createdAt: isoTime(row.createdAt),
    expiresAt: row.expiresAt ? isoTime(row.expiresAt) : null,
    lastUsedAt: row.lastUsedAt ? isoTime(row.lastUsedAt) : null,
    lastUsedIp: row.lastUsedIp,
  };
}

export function createApiKeysService(deps: {
  repo: Pick<ApiKeysRepo, 'findLive' | 'touch' | 'insert' | 'listOf' | 'revoke'>;
  /** Requests per minute per key, counted in the shared limit store. */
  limit: Pick<RateLimiter, 'take'>;
  now?: () => Date;
  newSecret?: () => string;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const newSecret = deps.newSecret ?? newKeySecret;

  return {
    /**
     * The user and key a secret stands for, or 401 API_KEY_INVALID: one answer for an
     * unknown, expired or revoked key, found by its hash (no comparison to time).
     */
    async authenticate(secret: string, ip: string): Promise<{ user: User; key: RequestKey }> {
      if (!isKeyShaped(secret)) throw invalid();
      const t = now();
      const row = await repo.findLive(hashKeySecret(secret), t);
      if (!row) throw invalid();
      await deps.limit.take(
        row.keyId,
        1,
        'API_KEY_RATE_LIMITED',
        "This API key's requests per minute are used up. Please wait and try again.",
      );
      if (row.lastUsedMs === null || t.getTime() - row.lastUsedMs >= TOUCH_EVERY_MS)
        await repo.touch(row.keyId, ip, t);
      const scopes = API_SCOPES.filter((s) => row.scopes.split(' ').includes(s));
      return { user: toUser(row), key: { id: row.keyId, scopes } };
    },

    async create(userId: string, input: ApiKeyInput, ip: string): Promise<CreatedApiKey> {
      const t = now();
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= t.getTime())
        throw new AppError('VALIDATION_FAILED', 'The expiry must be in the future.', [
          { path: 'body.expiresAt', code: 'INVALID', message: 'The expiry must be in the future' },
        ]);
      const secret = newSecret();
      const scopes = API_SCOPES.filter((s) => input.scopes.includes(s));
      const row = await repo.insert(
        {
          userId,
          name: input.name.trim(),
          prefix: displayPrefix(secret),
          tokenHash: hashKeySecret(secret),
          scopes,
          expiresAt,
        },
        API_KEYS_MAX,
        t,
        ip,
      );
      if (row === 'limit')
        throw new AppError(
          'API_KEY_LIMIT',
          `You already have ${API_KEYS_MAX} API keys. Revoke one before creating another.`,
        );
      return { ...toApiKey(row), secret };
    },

    async list(userId: string): Promise<ApiKey[]> {
      return (await repo.listOf(userId)).map(toApiKey);
    },

    /** The owner's revocation (`ownerOnly`), or an admin's of any customer's key. */
    async revoke(id: string, by: { actorId: string; ip: string | null }, ownerOnly: boolean) {
      const row = await repo.revoke(id, { ...by, ownerOnly }, now());
      if (!row) throw new AppError('NOT_FOUND', 'No such API key.');
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
