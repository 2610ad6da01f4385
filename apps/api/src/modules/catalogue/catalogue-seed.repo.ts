import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  appMeta,
  countryPricing,
  didNumbers,
  packages,
  services,
  sipDomains,
} from '../../db/schema/index.js';
import {
  COUNTRY_PRICES,
  NUMBERS,
  PACKAGES,
  SERVICES,
  seedTranslations,
} from '../../db/seed/catalogue-data.js';
import { SIP_DOMAINS } from '../../db/seed/sip-domains.js';

const MARKER = 'catalogue_seeded_at';
const TRANSLATED_MARKER = 'catalogue_translated_at';

/**
 * Loads the starting catalogue once per installation, in one transaction with its
 * marker: a restart, or an admin who deleted items, never gets them back. The services
 * and packages come with their words in the nine other languages. Returns whether it
 * seeded.
 */
export async function seedCatalogueOnce(db: Db, now: Date = new Date()): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(appMeta)
      .values({ key: MARKER, value: now.toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (inserted.length === 0) return false;

    const rows = await tx
      .insert(services)
      .values(SERVICES.map((s) => ({ ...s, translations: seedTranslations(s) })))
      .returning({ id: services.id, slug: services.slug });
    const idOf = new Map(rows.map((r) => [r.slug, r.id]));
    await tx.insert(packages).values(
      PACKAGES.map(({ serviceSlug, ...p }) => {
        const serviceId = idOf.get(serviceSlug);
        if (!serviceId)
          throw new Error(`seed package ${p.name} names unknown service ${serviceSlug}`);
        return {
          ...p,
          serviceId,
          isPopular: p.isPopular ?? false,
          isAddon: p.isAddon ?? false,
          translations: seedTranslations(p),
        };
      }),
    );
    await tx.insert(countryPricing).values(COUNTRY_PRICES);
    await tx.insert(sipDomains).values(SIP_DOMAINS);
    await tx.insert(didNumbers).values(NUMBERS);
    return true;
  });
  await translateSeededCatalogueOnce(db, now);
  return seeded;
}

/**
 * For an installation seeded before catalogue items had translations (migration 0029):
 * gives the starting services and packages their translations once, but only those
 * still untranslated and still worded as seeded, so nothing an admin wrote is touched.
 * Returns how many items it translated.
 */
export async function translateSeededCatalogueOnce(db: Db, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(appMeta)
      .values({ key: TRANSLATED_MARKER, value: now.toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (inserted.length === 0) return 0;
    let count = 0;
    for (const s of SERVICES) {
      const done = await tx
        .update(services)
        .set({ translations: seedTranslations(s) })
        .where(
          and(
            eq(services.slug, s.slug),
            eq(services.name, s.name),
            eq(services.description, s.description),
            sql`${services.translations} = '{}'::jsonb`,
          ),
        )
        .returning({ id: services.id });
      count += done.length;
    }
    for (const p of PACKAGES) {
      const done = await tx
        .update(packages)
        .set({ translations: seedTranslations(p) })
        .where(
          and(
            sql`${packages.serviceId} = (select s.id from ${services} s where s.slug = ${p.serviceSlug})`,
            eq(packages.name, p.name),
            eq(packages.description, p.description),
            sql`${packages.features} = ${JSON.stringify(p.features)}::jsonb`,
            sql`${packages.translations} = '{}'::jsonb`,
          ),
        )
        .returning({ id: packages.id });
      count += done.length;
    }
    return count;
  });
}
