import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, sessionCookieOf, signUp, tempDir } from '../../test/helpers.js';

const dist = tempDir('parley-web-');
const bigAsset = `console.log(${JSON.stringify('x'.repeat(5000))});`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><!--parley-config--></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), bigAsset);
fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({
    WEB_DIST_DIR: dist,
    SALES_EMAIL: 'sales@example.com',
    SIP_DOMAIN: 'sip.example.net',
    TELEGRAM_URL: 'https://t.me/example',
  });
});
afterAll(() => ctx.close());

function configIn(html: string): unknown {
  const match = html.match(/<script type="application\/json" id="parley-config">(.*?)<\/script>/);
  return match ? JSON.parse(match[1] ?? '') : null;
}

describe('serving the web app', () => {
  it.each(['/', '/some/page', '/admin/login', '/index.html'])(
    'answers GET %s with index.html carrying the public configuration',
    async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).not.toContain('<!--parley-config-->');
      expect(configIn(res.body)).toEqual({
        salesEmail: 'sales@example.com',
        supportEmail: 'support@parley.example',
        whatsappUrl: null,
        telegramUrl: 'https://t.me/example',
        sipDomain: 'sip.example.net',
      });
    },
  );

  it('marks the page of a request without a session cookie as a visitor’s, and only that', async () => {
    const visitor = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(visitor.body).toContain('<meta name="parley-session" content="none" />');
    expect(visitor.headers.vary).toContain('cookie');
    const member = await ctx.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { cookie: 'parley_session=whatever' },
    });
    expect(member.body).not.toContain('parley-session');
    expect(configIn(member.body)).toEqual(configIn(visitor.body));
  });

  it('gives a signed-in page its user, and never lets it be stored', async () => {
    const { res } = await signUp(ctx.app);
    const cookie = sessionCookieOf(res);
    const user = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie },
    });
    const page = await ctx.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers.vary).toContain('cookie');
    expect(page.body).not.toContain('parley-session');
    const block = page.body.match(
      /<script type="application\/json" id="parley-user">(.*?)<\/script>/,
    );
    expect(JSON.parse(block?.[1] ?? 'null')).toEqual(user.json());
    const other = await ctx.app.inject({ method: 'GET', url: '/account', headers: { cookie } });
    expect(other.body).toContain('id="parley-user"');
    // A visitor's page carries nobody.
    const visitor = await ctx.app.inject({ method: 'GET', url: '/dashboard' });
    expect(visitor.body).not.toContain('parley-user');
    expect(visitor.body).not.toContain('parley-events-after');
  });

  it('gives a signed-in page the newest event id, where its event stream starts', async () => {
    const { res } = await signUp(ctx.app);
    const cookie = sessionCookieOf(res);
    const newest = async () =>
      (await queryRows<{ id: number }>(ctx.database, sql`select max(id)::int as id from events`))[0]
        ?.id ?? 0;
    // Events are stored just after the requests that publish them: the page's id lies
    // between the newest before it was asked for and the newest after it was sent.
    const before = await newest();
    const page = await ctx.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie } });
    const after = await newest();
    const cursor = Number(
      page.body.match(/<meta name="parley-events-after" content="(\d+)" \/>/)?.[1],
    );
    expect(after).toBeGreaterThan(0); // the sign-up's own event at least
    expect(cursor).toBeGreaterThanOrEqual(Math.max(before, 1));
    expect(cursor).toBeLessThanOrEqual(after);
  });

  it('escapes the embedded user so a name cannot close the script element', async () => {
    const { res } = await signUp(ctx.app, { name: 'Ada </script><script>alert(1)' });
    expect(res.statusCode).toBe(201);
    const cookie = sessionCookieOf(res);
    const page = await ctx.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(page.body).not.toContain('</script><script>alert(1)');
    const block = page.body.match(
      /<script type="application\/json" id="parley-user">(.*?)<\/script>/,
    );
    expect(JSON.parse(block?.[1] ?? '{}').lastName).toContain('</script>');
  });

  it('serves hashed assets with a year-long immutable cache, compressed', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.rawPayload.length)).toBeLessThan(bigAsset.length / 4);
  });

  it('serves other files with a short cache', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each(['/assets/index-old999.js', '/robots.txt', '/api?x=1', '/api/nope'])(
    'answers GET %s with the JSON 404, never the app',
    async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    },
  );

  it('answers HEAD for a page like GET, without a body', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/some/page' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe('');
  });

  it('escapes configuration so it cannot close the script element', async () => {
    const other = await createTestApp({
      WEB_DIST_DIR: dist,
      TELEGRAM_URL: 'https://t.me/</script><script>alert(1)</script>',
      WHATSAPP_URL: "https://wa.me/1$'$`$&",
    });
    const res = await other.app.inject({ method: 'GET', url: '/' });
    expect(res.body).not.toContain('</script><script>alert(1)');
    expect(configIn(res.body)).toMatchObject({
      telegramUrl: expect.stringContaining('alert(1)'),
      whatsappUrl: "https://wa.me/1$'$`$&",
    });
    await other.close();
  });
});

describe('without a built web app', () => {
  it('says how to build it instead of failing obscurely', async () => {
    const bare = await createTestApp({ WEB_DIST_DIR: tempDir() });
    const res = await bare.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toContain('npm run build');
    await bare.close();
  });
});
