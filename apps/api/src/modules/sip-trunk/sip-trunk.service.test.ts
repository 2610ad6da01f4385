import {
  DEFAULT_TRUNK_SETTINGS,
  type TrunkAuthMethod,
  type TrunkSettingsInput,
} from '@parley/shared';
import { describe, expect, it } from 'vitest';
import type { SipTrunkRepo } from './sip-trunk.repo.js';
import { createSipTrunkService } from './sip-trunk.service.js';

type Row = NonNullable<Awaited<ReturnType<SipTrunkRepo['find']>>>;

/** A repo keeping one row per user, as saved. */
function fakeRepo() {
  const rows = new Map<string, Row>();
  const repo: SipTrunkRepo = {
    async find(userId) {
      return rows.get(userId);
    },
    async save(userId, input, now) {
      const row = { userId, ...input, updatedAt: now } as Row;
      rows.set(userId, row);
      return row;
    },
  };
  return { repo, rows };
}

describe('sip-trunk service', () => {
  it('gives the defaults, with no addresses and never saved, until the customer saves', async () => {
    const { repo } = fakeRepo();
    expect(await createSipTrunkService({ repo }).settings('u1')).toEqual({
      ...DEFAULT_TRUNK_SETTINGS,
      allowedIps: [],
      updatedAt: null,
    });
  });

  it('keeps the allowed addresses only for IP authentication', async () => {
    const { repo, rows } = fakeRepo();
    const service = createSipTrunkService({ repo });
    const input = (authMethod: TrunkAuthMethod): TrunkSettingsInput => ({
      ...DEFAULT_TRUNK_SETTINGS,
      authMethod,
      allowedIps: ['203.0.113.7'],
    });
    expect((await service.save('u1', input('ip'))).allowedIps).toEqual(['203.0.113.7']);
    for (const method of ['credentials', 'tls'] as const) {
      const saved = await service.save(method, input(method));
      expect(saved.allowedIps).toEqual([]);
      expect(rows.get(method)?.allowedIps).toEqual([]);
      expect(typeof saved.updatedAt).toBe('string');
    }
  });
});
