import { describe, expect, it } from 'vitest';
import { createHealthService, PING_REUSE_MS } from './health.service.js';

describe('health check', () => {
  it('shares one ping among checks within a second, and pings again after', async () => {
    let pings = 0;
    let t = 0;
    const health = createHealthService({ repo: { ping: async () => void pings++ }, now: () => t });
    await Promise.all([health.check(), health.check(), health.check()]);
    await health.check();
    expect(pings).toBe(1);
    t += PING_REUSE_MS;
    await health.check();
    expect(pings).toBe(2);
  });

  it('never reuses a failed ping: the next check asks the database again', async () => {
    let up = false;
    let pings = 0;
    const repo = {
      ping: async () => {
        pings++;
        if (!up) throw new Error('down');
      },
    };
    const health = createHealthService({ repo, now: () => 0 });
    await expect(health.check()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    up = true;
    await expect(health.check()).resolves.toEqual({ status: 'ok' });
    expect(pings).toBe(2);
  });
});
