import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../lib/event-bus.js';
import type { RenewalsRepo } from './renewals.repo.js';
import { createRenewalsService } from './renewals.service.js';

const DAY = 86_400_000;
const settings = { graceMs: 7 * DAY, releaseMs: 30 * DAY, reminderMs: 5 * DAY };

describe('the renewal pass', () => {
  it('walks every due order once, so orders that keep failing never hold up the rest', async () => {
    const ids = Array.from({ length: 450 }, (_, i) => `o-${String(i).padStart(4, '0')}`);
    const settled: string[] = [];
    const repo = {
      async due(_now: Date, limit: number, afterId?: string) {
        return ids
          .filter((id) => !settled.includes(id) && (!afterId || id > afterId))
          .slice(0, limit)
          .map((id) => ({ id, userId: 'u' }));
      },
      async settle(_user: string, id: string) {
        // The first 300 fail every time (say, a broken row); the rest renew.
        if (id < 'o-0300') throw new Error('broken');
        settled.push(id);
        return {
          order: { id, userId: 'u', status: 'active', renewsAt: null },
          changed: true,
          notices: [],
        };
      },
      renewingSoon: async () => [],
    } as unknown as RenewalsRepo;
    const errors: unknown[] = [];
    const service = createRenewalsService({
      repo,
      events: createEventBus(),
      settings,
      log: { error: (obj) => errors.push(obj) },
    });
    const result = await service.runOnce();
    expect(result.changed).toBe(150);
    expect(settled).toHaveLength(150);
    expect(errors).toHaveLength(300);
  });
});
