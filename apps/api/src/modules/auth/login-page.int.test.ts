import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';

const ctx = useTestApp();

const visit = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('/api/login, where Login and Sign Up lead', () => {
  it('opens the Sign In tab by default and when asked', async () => {
    for (const url of ['/api/login', '/api/login?tab=signin']) {
      const res = await visit(url);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/?auth=signin#auth');
    }
  });

  it('opens the Sign Up tab for ?tab=signup', async () => {
    const res = await visit('/api/login?tab=signup');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?auth=signup#auth');
  });

  it('refuses a tab it does not have with a 400 naming the field', async () => {
    const res = await visit('/api/login?tab=elsewhere');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('tab');
  });
});
