import type { Db } from '../../db/client.js';
import {
  appMeta,
  countryPricing,
  didNumbers,
  packages,
  services,
  sipDomains,
} from '../../db/schema/index.js';
import { COUNTRY_PRICES, NUMBERS, PACKAGES, SERVICES } from '../../db/seed/catalogue-data.js';
import { SIP_DOMAINS } from '../../db/seed/sip-domains.js';

const MARKER = 'catalogue_seeded_at';

/**
 * Loads the starting catalogue once per installation, in one transaction with its
 * marker: a restart, or an admin who deleted items, never gets them back.
 * Returns whether it seeded.
 */
export async function seedCatalogueOnce(db: Db, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(appMeta)
      .values({ key: MARKER, value: now.toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (inserted.length === 0) return false;

    const rows = await tx
      .insert(services)
      .values(SERVICES)
      .returning({ id: services.id, slug: services.slug });
    const idOf = new Map(rows.map((r) => [r.slug, r.id]));
    await tx.insert(packages).values(
      PACKAGES.map(({ serviceSlug, ...p }) => {
        const serviceId = idOf.get(serviceSlug);
        if (!serviceId)
          throw new Error(`seed package ${p.name} names unknown service ${serviceSlug}`);
        return { ...p, serviceId, isPopular: p.isPopular ?? false, isAddon: p.isAddon ?? false };
      }),
    );
    await tx.insert(countryPricing).values(COUNTRY_PRICES);
    await tx.insert(sipDomains).values(SIP_DOMAINS);
    await tx.insert(didNumbers).values(NUMBERS);
    return true;
  });
}
