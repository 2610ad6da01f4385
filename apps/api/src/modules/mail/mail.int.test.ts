import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { fundedCustomer, queryRows, send } from '../../../test/helpers.js';
import { MAIL_ENV, mailCustomer, recordedDns } from '../../../test/mail.js';

const dns = recordedDns();
const ctx = useTestApp({ env: MAIL_ENV, deps: { mailDns: dns }, seedCatalogue: true });

const fieldsOf = (body: string) =>
  (JSON.parse(body).error.fields as { path: string; code: string }[]).map((f) => [f.path, f.code]);

describe('the SMTP relay for customers', () => {
  it('needs an SMTP package in service for users and domains', async () => {
    const c = await fundedCustomer(ctx.app, ctx.database, '50');
    const user = await send(ctx.app, 'POST', '/api/mail/credentials', c.cookie, {});
    expect(user.statusCode).toBe(403);
    expect(user.json().error.code).toBe('MAIL_PACKAGE_REQUIRED');
    const domain = await send(ctx.app, 'POST', '/api/mail/domains', c.cookie, {
      domain: 'example.org',
    });
    expect(domain.json().error.code).toBe('MAIL_PACKAGE_REQUIRED');
    const overview = await send(ctx.app, 'GET', '/api/mail', c.cookie);
    expect(overview.json()).toMatchObject({
      host: 'mail.parley.test',
      submissionPort: 587,
      smtpsPort: 465,
      package: null,
    });
  });

  it('a purchase gives the allowance; an SMTP user’s password is shown once and stored hashed', async () => {
    const c = await mailCustomer(ctx.app, ctx.database, dns);
    const overview = (await send(ctx.app, 'GET', '/api/mail', c.cookie)).json();
    expect(overview.package).toMatchObject({
      name: 'SMTP Basic',
      monthlyEmails: 10_000,
      used: 0,
      overagePer1000: '0.80',
      logDays: 7,
    });
    expect(c.username).toMatch(/^smtp-[a-z2-7]{10}$/);
    expect(c.password).toHaveLength(24);
    const list = await send(ctx.app, 'GET', '/api/mail/credentials', c.cookie);
    expect(list.json()).toEqual([
      expect.objectContaining({ username: c.username, hourlyLimit: 1000, lastUsedAt: null }),
    ]);
    expect(list.body).not.toContain(c.password);
    const [row] = await queryRows<{ hash: string }>(
      ctx.database,
      sql`select password_hash as hash from mail_credentials where username = ${c.username}`,
    );
    expect(row?.hash).toMatch(/^\$argon2id\$/);
  });

  it('answers the records to publish, and verifies a domain only when all three are right', async () => {
    const c = await mailCustomer(ctx.app, ctx.database, dns);
    const added = await send(ctx.app, 'POST', '/api/mail/domains', c.cookie, {
      domain: ' News.Example.NET. ',
    });
    expect(added.statusCode, added.body).toBe(201);
    const domain = added.json();
    expect(domain.domain).toBe('news.example.net');
    expect(
      domain.records.map((r: { host: string; type: string }) => `${r.type} ${r.host}`),
    ).toEqual([
      'TXT news.example.net',
      'TXT parley._domainkey.news.example.net',
      'CNAME pm-bounces.news.example.net',
    ]);
    expect(domain.records[0].value).toBe('v=spf1 include:_spf.mail.parley.test ~all');
    expect(domain.records[1].value).toMatch(/^v=DKIM1; k=rsa; p=MIIBIjAN[A-Za-z0-9+/=]+$/);
    expect(domain.records[2].value).toBe('bounces.mail.parley.test');
    const verify = () => send(ctx.app, 'POST', `/api/mail/domains/${domain.id}/verify`, c.cookie);

    let checked = (await verify()).json();
    expect(checked.verifiedAt).toBeNull();
    expect(checked.records.map((r: { status: string }) => r.status)).toEqual([
      'missing',
      'missing',
      'missing',
    ]);
    // SPF without Parley's include, DKIM with another key, the CNAME right.
    dns.zone.set('TXT news.example.net', ['v=spf1 include:_spf.google.com ~all']);
    dns.zone.set('TXT parley._domainkey.news.example.net', ['v=DKIM1; k=rsa; p=AAAA']);
    dns.zone.set('CNAME pm-bounces.news.example.net', ['bounces.mail.parley.test']);
    checked = (await verify()).json();
    expect(checked.records.map((r: { status: string }) => r.status)).toEqual([
      'wrong',
      'wrong',
      'ok',
    ]);
    expect(checked.verifiedAt).toBeNull();
    dns.publish(domain.records);
    checked = (await verify()).json();
    expect(checked.records.map((r: { status: string }) => r.status)).toEqual(['ok', 'ok', 'ok']);
    expect(checked.verifiedAt).not.toBeNull();
  });

  it('refuses a bad domain, the same domain twice, and one another account verified', async () => {
    const c = await mailCustomer(ctx.app, ctx.database, dns, { domain: 'taken.example.com' });
    const bad = await send(ctx.app, 'POST', '/api/mail/domains', c.cookie, { domain: 'no_domain' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.body)).toEqual([['body.domain', 'MAIL_DOMAIN_INVALID']]);
    const nul = await send(ctx.app, 'POST', '/api/mail/domains', c.cookie, {
      domain: 'a\u0000.com',
    });
    expect(nul.statusCode).toBe(400);
    const twice = await send(ctx.app, 'POST', '/api/mail/domains', c.cookie, {
      domain: 'taken.example.com',
    });
    expect(fieldsOf(twice.body)).toEqual([['body.domain', 'MAIL_DOMAIN_EXISTS']]);
    // Another customer may add it, but not verify it while it is the first one's.
    const other = await mailCustomer(ctx.app, ctx.database, dns);
    const added = await send(ctx.app, 'POST', '/api/mail/domains', other.cookie, {
      domain: 'taken.example.com',
    });
    expect(added.statusCode).toBe(201);
    dns.publish(added.json().records);
    const verify = await send(
      ctx.app,
      'POST',
      `/api/mail/domains/${added.json().id}/verify`,
      other.cookie,
    );
    expect(fieldsOf(verify.body)).toEqual([['body.domain', 'MAIL_DOMAIN_TAKEN']]);
  });

  it('keeps one customer out of another’s users and domains', async () => {
    const a = await mailCustomer(ctx.app, ctx.database, dns);
    const b = await mailCustomer(ctx.app, ctx.database, dns);
    const [user] = (await send(ctx.app, 'GET', '/api/mail/credentials', a.cookie)).json();
    const gone = await send(ctx.app, 'DELETE', `/api/mail/credentials/${user.id}`, b.cookie);
    expect(gone.statusCode).toBe(404);
    const verify = await send(ctx.app, 'POST', `/api/mail/domains/${a.domainId}/verify`, b.cookie);
    expect(verify.statusCode).toBe(404);
    expect(
      (await send(ctx.app, 'DELETE', `/api/mail/domains/${a.domainId}`, a.cookie)).statusCode,
    ).toBe(204);
    expect(
      (await send(ctx.app, 'DELETE', `/api/mail/credentials/${user.id}`, a.cookie)).statusCode,
    ).toBe(204);
    expect((await send(ctx.app, 'GET', '/api/mail/credentials', a.cookie)).json()).toEqual([]);
  });
});
