import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { createTestApp } from '../../../test/helpers.js';

const ctx = useTestApp({ env: { CATALOGUE_SEARCH_LIMIT: '4' }, seedCatalogue: true });

const get = (url: string, ip: string) => ctx.app.inject({ method: 'GET', url, remoteAddress: ip });

describe('public catalogue searches', () => {
  it('are limited per address, all search endpoints together, with 429 and Retry-After', async () => {
    const ip = '203.0.113.40';
    expect((await get('/api/numbers?country=gb', ip)).statusCode).toBe(200);
    expect((await get('/api/destinations?number=%2B447400123456', ip)).statusCode).toBe(200);
    expect((await get('/api/packages?service=voip', ip)).statusCode).toBe(200);
    expect((await get('/api/numbers?q=london', ip)).statusCode).toBe(200);
    for (const url of ['/api/numbers?q=paris', '/api/destinations?number=%2B33612345678']) {
      const refused = await get(url, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Another address has its own allowance; plain lists stay open.
    expect((await get('/api/numbers?q=paris', '203.0.113.41')).statusCode).toBe(200);
    expect((await get('/api/services', ip)).statusCode).toBe(200);
    expect((await get('/api/country-pricing', ip)).statusCode).toBe(200);
  });

  it('count an IPv6 client per /64, however the address is written', async () => {
    for (let i = 1; i <= 4; i++)
      expect((await get(`/api/numbers?page=${i}`, `2001:db8:7::${i}`)).statusCode).toBe(200);
    expect((await get('/api/numbers', '2001:0DB8:0007:0000:ffff::9')).statusCode).toBe(429);
  });
});

describe('behind a trusted proxy (TRUST_PROXY=10.0.0.2)', () => {
  let proxied: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: '10.0.0.2', CATALOGUE_SEARCH_LIMIT: '1' });
  });
  afterAll(() => proxied.close());

  const via = (remoteAddress: string, forwardedFor: string) =>
    proxied.app.inject({
      method: 'GET',
      url: '/api/numbers',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it("counts the proxy's clients apart, and ignores X-Forwarded-For from anyone else", async () => {
    expect((await via('10.0.0.2', '198.51.100.7')).statusCode).toBe(200);
    expect((await via('10.0.0.2', '198.51.100.8')).statusCode).toBe(200);
    expect((await via('10.0.0.2', '198.51.100.7')).statusCode).toBe(429);
    expect((await via('203.0.113.5', '198.51.100.9')).statusCode).toBe(200);
    expect((await via('203.0.113.5', '198.51.100.10')).statusCode).toBe(429);
  });
});
