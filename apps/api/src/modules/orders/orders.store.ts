/**
 * The orders store: the one way an item is sold and the facts about what was sold, shared
 * by the modules that sell or read orders (decision 0049).
 *
 * A named shared store, like `db/ledger.ts`: functions over a transaction or reader that
 * the caller's own repo calls inside its own transaction. The rule: only `*.repo.ts` files
 * import it (orders, payments, renewals, dashboard, sms sender IDs, voice accounts); never a
 * service or a route, and never with a transaction of its own. It stays in the orders
 * module because orders own the table and the sale; the others only call in.
 */
import { randomUUID } from 'node:crypto';
import {
  add,
  type CatalogueTranslations,
  compareDecimal,
  type FulfilmentKind,
  IN_SERVICE,
  localizeCatalogueText,
  monthlyPeriodStart,
  type OrderItemKind,
  renewalChargeOf,
  TRANSLATED_LANGUAGES,
  type TrunkRole,
  trunkRoleOf,
} from '@parley/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { applyLedgerEntry, type Tx } from '../../db/ledger.js';
import { didNumbers, orders, packages, services, sipDomains } from '../../db/schema/index.js';
import { type OpenedTask, openFulfilmentTask } from '../fulfilment/fulfilment.store.js';
import { provisionTrunk } from '../sip-trunk/sip-trunk.store.js';

type Reader = Pick<Tx, 'select'>;

/** A catalogue item as it is sold: what it is, its price and whether it can be bought. */
export interface CatalogueItem {
  kind: OrderItemKind;
  id: string;
  name: string;
  description: string;
  /** The first charge: for a number, its setup fee plus its first month. */
  price: string;
  /** What each month costs after the first charge; null for a one-time purchase. */
  recurringPrice: string | null;
  /** The one-time fee inside `price`; null when there is none. */
  setupPrice: string | null;
  currency: string;
  billingPeriod: string;
  available: boolean;
  /** 'team' when the team sets it up by hand after purchase (decision 0067). */
  fulfilment: FulfilmentKind;
  /** A package's name and description in the other languages (the name as sold, with its service's). */
  translations?: CatalogueTranslations;
  /** A SIP trunk, or an add-on attached to one (decision 0068). */
  trunkRole?: TrunkRole;
}

type Words = { name: string; description: string; translations: CatalogueTranslations };

/**
 * The name a package is sold under, "Starter (VoIP Calling)" (a package named as its
 * service goes by its name alone), and its name and description in the other languages.
 */
function packageSoldAs(pkg: Words, service: Words) {
  const alone = pkg.name === service.name;
  const soldAs = (p: { name: string }, s: { name: string }) =>
    alone ? p.name : `${p.name} (${s.name})`;
  const translations: CatalogueTranslations = {};
  for (const code of TRANSLATED_LANGUAGES) {
    const p = localizeCatalogueText(pkg, pkg.translations, code);
    const s = localizeCatalogueText(service, service.translations, code);
    translations[code] = { name: soldAs(p, s), description: p.description };
  }
  return { name: soldAs(pkg, service), translations };
}

/**
 * The names packages are sold under now, in English and the other languages, by package
 * id: orders and payments keep the English name they were bought under, and show it in
 * the reader's language while the package is still called so (localizeSoldName).
 */
export async function packageNames(db: Reader, ids: string[]) {
  const names = new Map<string, { name: string; translations: CatalogueTranslations }>();
  if (ids.length === 0) return names;
  const rows = await db
    .select({ pkg: packages, service: services })
    .from(packages)
    .innerJoin(services, eq(services.id, packages.serviceId))
    .where(inArray(packages.id, [...new Set(ids)]));
  for (const row of rows) names.set(row.pkg.id, packageSoldAs(row.pkg, row.service));
  return names;
}

/**
 * The package, SIP domain or number with this id, or null. A number costs its setup
 * plus its first month; a SIP domain is a one-time purchase.
 */
export async function findCatalogueItem(db: Reader, id: string): Promise<CatalogueItem | null> {
  const [pkg] = await db
    .select({ pkg: packages, service: services })
    .from(packages)
    .innerJoin(services, eq(services.id, packages.serviceId))
    .where(eq(packages.id, id));
  if (pkg) {
    const { name, translations } = packageSoldAs(pkg.pkg, pkg.service);
    return {
      kind: 'package',
      id,
      name,
      description: pkg.pkg.description,
      translations,
      price: pkg.pkg.price,
      recurringPrice: pkg.pkg.billingPeriod === 'monthly' ? pkg.pkg.price : null,
      setupPrice: null,
      currency: pkg.pkg.currency,
      billingPeriod: pkg.pkg.billingPeriod,
      available: pkg.pkg.isActive && pkg.service.isActive,
      fulfilment: pkg.pkg.fulfilment === 'team' ? 'team' : 'automatic',
      trunkRole: trunkRoleOf({
        serviceSlug: pkg.service.slug,
        isAddon: pkg.pkg.isAddon,
        name: pkg.pkg.name,
        features: pkg.pkg.features,
      }),
    };
  }
  const [domain] = await db
    .select({
      domain: sipDomains,
      sold: sql<boolean>`exists (select 1 from ${orders} where ${orders.itemKind} = 'sip_domain'
        and ${orders.itemId} = ${sipDomains.id} and ${orders.status} <> 'cancelled')`,
    })
    .from(sipDomains)
    .where(eq(sipDomains.id, id));
  if (domain)
    return {
      kind: 'sip_domain',
      id,
      name: domain.domain.domain,
      description: '',
      price: domain.domain.price,
      recurringPrice: null,
      setupPrice: null,
      currency: domain.domain.currency,
      billingPeriod: 'one-time',
      available: domain.domain.isActive && !domain.sold,
      fulfilment: 'automatic',
    };
  const [number] = await db.select().from(didNumbers).where(eq(didNumbers.id, id));
  if (number)
    return {
      kind: 'number',
      id,
      name: number.number,
      description: `Number: ${number.number}${number.city ? ` in ${number.city}` : ''}`,
      price: add(number.monthlyPrice, number.setupPrice, 2),
      recurringPrice: number.monthlyPrice,
      setupPrice: compareDecimal(number.setupPrice, '0') > 0 ? number.setupPrice : null,
      currency: number.currency,
      billingPeriod: 'monthly',
      available: number.status === 'available',
      fulfilment: 'automatic',
    };
  return null;
}

export interface PlaceOrderInput {
  /** The client's id for this order, so a repeated request buys once. */
  id?: string;
  /** The fingerprint of the request that carried `id` (lib/idempotency.ts). */
  requestHash?: string;
  userId: string;
  item: CatalogueItem;
  /** What the balance pays, in the billing currency (GBP). */
  charged: string;
  chargedRate: string | null;
  paidWith: 'balance' | 'crypto';
  transactionId?: string | null;
  at: Date;
  /** A trunk add-on's trunk, when the customer chose one. */
  trunkId?: string;
}

/** Thrown when the item is sold, inactive or gone; the caller's transaction rolls back. */
export class ItemUnavailableError extends Error {
  constructor(readonly item: string) {
    super(`${item} is no longer available.`);
  }
}

/** A trunk add-on with no trunk to attach to: unavailable to this customer (a crypto
 * payment for it is credited to the balance instead, as for any unavailable item). */
export class TrunkRequiredError extends ItemUnavailableError {}

/** What each renewal charges (shared domain/renewals.ts), kept here for the order's writers. */
export { renewalChargeOf };

/** When a monthly item bought at `at` renews first (domain/renewals.ts). */
export function renewal(billingPeriod: string, at: Date): Date | null {
  return billingPeriod === 'monthly' ? monthlyPeriodStart(at, 1) : null;
}

/**
 * Sells one item inside the caller's transaction: claims a number (available → assigned,
 * so only one buyer wins), debits the balance through the ledger (its CHECK refuses to
 * go below zero), records the order and, for an item the team sets up, opens its
 * fulfilment task (`opened`, for the caller's events after commit). A SIP domain or a number already in an active
 * order breaks the partial unique index, so neither is ever sold twice.
 */
export async function placeOrder(tx: Tx, input: PlaceOrderInput) {
  const { item } = input;
  if (!item.available) throw new ItemUnavailableError(item.name);
  if (item.kind === 'number') {
    const claimed = await tx
      .update(didNumbers)
      .set({ status: 'assigned' })
      .where(and(eq(didNumbers.id, item.id), eq(didNumbers.status, 'available')))
      .returning({ id: didNumbers.id });
    if (claimed.length === 0) throw new ItemUnavailableError(item.name);
  }
  const id = input.id ?? randomUUID();
  if (compareDecimal(input.charged, '0') > 0)
    await applyLedgerEntry(tx, {
      userId: input.userId,
      amount: `-${input.charged}`,
      currency: 'GBP',
      kind: 'purchase',
      reference: `order:${id}`,
      rate: input.chargedRate,
      note: item.name,
    });
  const [order] = await tx
    .insert(orders)
    .values({
      id,
      userId: input.userId,
      itemKind: item.kind,
      itemId: item.id,
      name: item.name,
      price: item.price,
      priceCurrency: item.currency,
      charged: input.charged,
      chargedRate: input.chargedRate,
      paidWith: input.paidWith,
      transactionId: input.transactionId ?? null,
      billingPeriod: item.billingPeriod,
      renewsAt: renewal(item.billingPeriod, input.at),
      renewalCharge: renewalChargeOf(item, input.charged),
      requestHash: input.requestHash ?? null,
      createdAt: input.at,
    })
    .returning();
  if (!order) throw new Error('placeOrder: insert returned no row');
  if (item.trunkRole) {
    const placed = await provisionTrunk(tx, {
      userId: input.userId,
      orderId: order.id,
      role: item.trunkRole,
      at: input.at,
      trunkId: input.trunkId,
    });
    if (!placed) throw new TrunkRequiredError(item.name);
  }
  // An item the team sets up opens its task and chat message in this same transaction.
  const opened: OpenedTask | null =
    item.fulfilment === 'team'
      ? await openFulfilmentTask(tx, {
          orderId: order.id,
          userId: input.userId,
          itemId: item.id,
          itemName: item.name,
          localName: (language) =>
            (language && item.translations?.[language as keyof CatalogueTranslations]?.name) ||
            item.name,
          at: input.at,
        })
      : null;
  return Object.assign(order, { opened });
}

/** The numbers a customer rents through an active order (E.164): their own caller IDs and senders. */
export async function ownedNumbers(db: Reader, userId: string): Promise<string[]> {
  const rows = await db
    .select({ number: didNumbers.number })
    .from(orders)
    .innerJoin(didNumbers, eq(didNumbers.id, orders.itemId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.itemKind, 'number'),
        inArray(orders.status, IN_SERVICE),
      ),
    );
  return rows.map((r) => r.number);
}
