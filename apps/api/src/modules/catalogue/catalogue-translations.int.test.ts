import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-fixture.js';
import { adminSession, queryRows, sessionCookieOf, signUp } from '../../../test/helpers.js';
import { translateSeededCatalogueOnce } from './catalogue-seed.repo.js';

let cookie: string;
const ctx = useTestApp({ seedCatalogue: true });
beforeAll(async () => {
  cookie = await adminSession(ctx, 'cat-translator@example.com');
});

type Named = {
  id?: string;
  slug?: string;
  name: string;
  description: string;
  features?: string[];
};
const get = async (url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const bySlug = (list: Named[], slug: string) => list.find((s) => s.slug === slug);
const send = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie }, payload: payload as object });
const fieldsOf = (res: { json(): { error: { fields?: { path: string; code: string }[] } } }) =>
  Object.fromEntries((res.json().error.fields ?? []).map((f) => [f.path, f.code]));

describe('the starting catalogue in other languages', () => {
  it('answers the German name of a service, and English for English or an unknown language', async () => {
    expect(bySlug(await get('/api/services?lang=de'), 'sms')).toMatchObject({
      name: 'SMS-Nachrichten',
      description: expect.stringContaining('Zustellberichten'),
    });
    // A regional tag counts as its language.
    expect(bySlug(await get('/api/services?lang=de-AT'), 'voip')?.name).toBe('VoIP-Telefonie');
    for (const lang of ['', '?lang=en', '?lang=nl', '?lang=xx-YY'])
      expect(bySlug(await get(`/api/services${lang}`), 'sms')?.name).toBe('SMS Messaging');
  });

  it('translates packages, their descriptions and every feature', async () => {
    const [starter] = await get('/api/packages?service=voip&lang=ar');
    expect(starter).toMatchObject({
      name: 'المبتدئ',
      description: 'كل ما يحتاجه فريق صغير لبدء الاتصال عبر VoIP.',
      features: ['2000 دقيقة', '10 مكالمات متزامنة', 'دعم أساسي', 'تسجيل المكالمات'],
      price: '99.00',
    });
    expect(starter).not.toHaveProperty('translations');
  });

  it('names an item for sale in the reader’s language, as sold with its service', async () => {
    const customer = sessionCookieOf((await signUp(ctx.app)).res);
    const [starter] = await get('/api/packages?service=voip');
    const item = (lang: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/orders/items/${starter.id}${lang}`,
        headers: { cookie: customer },
      });
    expect((await item('?lang=de')).json()).toMatchObject({
      name: 'Einsteiger (VoIP-Telefonie)',
      description: 'Alles, was ein kleines Team für den Einstieg in die VoIP-Telefonie braucht.',
      price: '99.00',
    });
    expect((await item('')).json().name).toBe('Starter (VoIP Calling)');
    expect((await item('?lang=de')).json()).not.toHaveProperty('translations');
  });

  it('gives admins English and all nine translations of every seeded item', async () => {
    const services = await get('/api/admin/services');
    const packages = await get('/api/admin/packages');
    for (const item of [...services, ...packages]) {
      expect(Object.keys(item.translations).sort()).toEqual(
        ['ar', 'de', 'es', 'fr', 'it', 'ja', 'pt', 'ru', 'zh'].sort(),
      );
      for (const text of Object.values(item.translations) as Named[]) {
        expect(text.name).toBeTruthy();
        expect(text.description).toBeTruthy();
        if (item.features) expect(text.features).toHaveLength(item.features.length);
      }
    }
    expect(bySlug(services, 'sms')?.name).toBe('SMS Messaging');
  });

  it('translates an installation seeded before translations, leaving what admins changed', async () => {
    const run = (q: string) => ctx.database.db.execute(sql.raw(q));
    await run("update services set translations = '{}'::jsonb where slug in ('smtp', 'data')");
    await run("update services set name = 'Email relay' where slug = 'data'");
    await run("delete from app_meta where key = 'catalogue_translated_at'");
    expect(await translateSeededCatalogueOnce(ctx.database.db)).toBe(1);
    expect(await translateSeededCatalogueOnce(ctx.database.db)).toBe(0);
    const list = await get('/api/services?lang=fr');
    expect(bySlug(list, 'smtp')?.name).toBe('E-mail SMTP');
    expect(bySlug(list, 'data')?.name).toBe('Email relay');
  });
});

describe('admins translating a package', () => {
  const english = {
    name: 'Night Owl',
    description: 'Calls after dark.',
    price: '9.00',
    features: ['500 minutes', 'Voicemail'],
  };
  let id: string;
  let serviceId: string;

  beforeAll(async () => {
    serviceId = bySlug(await get('/api/admin/services'), 'voip')?.id as string;
    const created = await send('POST', '/api/admin/packages', { ...english, serviceId });
    expect(created.statusCode).toBe(201);
    expect(created.json().translations).toEqual({});
    id = created.json().id;
  });

  it('stores an Arabic description, shows it to Arabic readers and audits the change', async () => {
    const res = await send('PUT', `/api/admin/packages/${id}`, {
      ...english,
      serviceId,
      translations: {
        ar: {
          description: '  مكالمات بعد حلول الظلام.\nبأسعار ليلية.  ',
          features: ['', 'بريد صوتي'],
        },
        de: { name: '', description: '' },
      },
    });
    expect(res.statusCode).toBe(200);
    // Trimmed; blank fields and languages with nothing in them are not kept.
    expect(res.json().translations).toEqual({
      ar: { description: 'مكالمات بعد حلول الظلام.\nبأسعار ليلية.', features: ['', 'بريد صوتي'] },
    });
    const arabic = (await get('/api/packages?service=voip&lang=ar')).find(
      (p: { id: string }) => p.id === id,
    );
    // What is not translated is English, feature by feature.
    expect(arabic).toMatchObject({
      name: 'Night Owl',
      description: 'مكالمات بعد حلول الظلام.\nبأسعار ليلية.',
      features: ['500 minutes', 'بريد صوتي'],
    });
    const [audit] = await queryRows<{ action: string; actor_id: string; after: unknown }>(
      ctx.database,
      sql`select action, actor_id, after from audit_log where target_id = ${id} order by created_at desc limit 1`,
    );
    expect(audit).toMatchObject({
      action: 'package.update',
      after: expect.objectContaining({
        translations: { ar: expect.objectContaining({ features: ['', 'بريد صوتي'] }) },
      }),
    });
  });

  it('keeps the translations when an edit leaves them out', async () => {
    const res = await send('PUT', `/api/admin/packages/${id}`, {
      ...english,
      serviceId,
      price: '8.00',
    });
    expect(res.json().translations.ar.description).toContain('مكالمات');
  });

  it('refuses control characters, overlong text, a multi-line name and an unknown language', async () => {
    const attempt = (translations: unknown) =>
      send('PUT', `/api/admin/packages/${id}`, { ...english, serviceId, translations });
    const control = await attempt({ ar: { description: 'bad\u0007bell' } });
    expect(control.statusCode).toBe(400);
    expect(fieldsOf(control)).toEqual({ 'body.translations.ar.description': 'CONTROL_CHARACTERS' });
    expect(fieldsOf(await attempt({ ar: { description: 'x'.repeat(1001) } }))).toEqual({
      'body.translations.ar.description': 'TOO_LONG',
    });
    expect(fieldsOf(await attempt({ ar: { name: 'two\nlines' } }))).toEqual({
      'body.translations.ar.name': 'NOT_ONE_LINE',
    });
    expect(fieldsOf(await attempt({ ar: { features: ['y'.repeat(201)] } }))).toEqual({
      'body.translations.ar.features.0': 'TOO_LONG',
    });
    const unknown = await attempt({ xx: { name: 'Hallo' } });
    expect(unknown.statusCode).toBe(400);
    const en = await attempt({ en: { name: 'English goes in the main fields' } });
    expect(en.statusCode).toBe(400);
    // Nothing refused was written.
    const stored = (await get('/api/admin/packages')).find((p: { id: string }) => p.id === id);
    expect(stored.translations.ar.description).toContain('مكالمات');
  });
});
