import {
  DEFAULT_TRUNK_SETTINGS,
  type TrunkSettings,
  type TrunkSettingsInput,
} from '@parley/shared';
import type { SipTrunkRepo } from './sip-trunk.repo.js';

type Row = NonNullable<Awaited<ReturnType<SipTrunkRepo['find']>>>;

function toSettings(row: Row | undefined): TrunkSettings {
  if (!row) return { ...DEFAULT_TRUNK_SETTINGS, allowedIps: [], updatedAt: null };
  return {
    authMethod: row.authMethod as TrunkSettings['authMethod'],
    concurrentCalls: row.concurrentCalls,
    codec: row.codec as TrunkSettings['codec'],
    allowedIps: row.allowedIps,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A customer's preferred trunk settings; the defaults until they first save. */
export function createSipTrunkService({ repo }: { repo: SipTrunkRepo }) {
  return {
    async settings(userId: string): Promise<TrunkSettings> {
      return toSettings(await repo.find(userId));
    },
    async save(userId: string, input: TrunkSettingsInput): Promise<TrunkSettings> {
      // Addresses only mean something for IP authentication; other methods keep none.
      const allowedIps = input.authMethod === 'ip' ? input.allowedIps : [];
      return toSettings(await repo.save(userId, { ...input, allowedIps }, new Date()));
    },
  };
}
export type SipTrunkService = ReturnType<typeof createSipTrunkService>;
