import type { NumbersQuery } from '@parley/shared';
import { areaCodePattern } from '@parley/shared/phone';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containing } from '../../db/raw.js';
import {
  countryPricing,
  didNumbers,
  orders,
  packages,
  services,
  sipDomains,
} from '../../db/schema/index.js';

export function createCatalogueRepo(db: Db) {
  return {
    listServices(onlyActive: boolean) {
      return db
        .select()
        .from(services)
        .where(onlyActive ? eq(services.isActive, true) : undefined)
        .orderBy(asc(services.createdAt), asc(services.name));
    },

    listPackages(opts: { onlyActive: boolean; serviceSlug?: string }) {
      const conditions: SQL[] = [];
      if (opts.onlyActive)
        conditions.push(eq(packages.isActive, true), eq(services.isActive, true));
      if (opts.serviceSlug) conditions.push(eq(services.slug, opts.serviceSlug));
      return db
        .select({ pkg: packages, serviceSlug: services.slug })
        .from(packages)
        .innerJoin(services, eq(services.id, packages.serviceId))
        .where(and(...conditions))
        .orderBy(asc(services.slug), asc(packages.price), asc(packages.name));
    },

    /** Active priced countries, and countries with a number available. */
    async coverage() {
      const [[priced], [numbered]] = await Promise.all([
        db.select({ n: count() }).from(countryPricing).where(eq(countryPricing.isActive, true)),
        db
          .select({ n: sql<number>`count(distinct ${didNumbers.countryCode})::int` })
          .from(didNumbers)
          .where(eq(didNumbers.status, 'available')),
      ]);
      return { countries: priced?.n ?? 0, numberCountries: numbered?.n ?? 0 };
    },

    listCountryPricing(onlyActive: boolean) {
      return db
        .select()
        .from(countryPricing)
        .where(onlyActive ? eq(countryPricing.isActive, true) : undefined)
        .orderBy(asc(countryPricing.region), asc(countryPricing.countryName));
    },

    listSipDomains(onlyActive: boolean) {
      return db
        .select()
        .from(sipDomains)
        .where(
          // Customers see what they can still buy: a sold domain is in an active order.
          onlyActive
            ? and(
                eq(sipDomains.isActive, true),
                sql`not exists (select 1 from ${orders} where ${orders.itemKind} = 'sip_domain'
                  and ${orders.itemId} = ${sipDomains.id} and ${orders.status} <> 'cancelled')`,
              )
            : undefined,
        )
        .orderBy(asc(sipDomains.domain));
    },

    /** Available numbers only; `q` matches the number, the country code or the city. */
    async searchNumbers(query: NumbersQuery) {
      const conditions: SQL[] = [eq(didNumbers.status, 'available')];
      if (query.country) conditions.push(eq(didNumbers.countryCode, query.country));
      if (query.type) conditions.push(eq(didNumbers.type, query.type));
      if (query.q) {
        const like = containing(query.q);
        const digits = query.q.replace(/[^\d]/g, '');
        const match = or(
          ilike(didNumbers.city, like),
          ilike(didNumbers.countryCode, like),
          ...(digits ? [ilike(didNumbers.number, `%${digits}%`)] : []),
        );
        if (match) conditions.push(match);
      }
      if (query.areaCode)
        conditions.push(
          sql`${didNumbers.number} ~ ${areaCodePattern(query.areaCode, query.country)}`,
        );
      const where = and(...conditions);
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(didNumbers)
          .where(where)
          .orderBy(asc(didNumbers.countryCode), asc(didNumbers.number))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(didNumbers).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },
  };
}
export type CatalogueRepo = ReturnType<typeof createCatalogueRepo>;
