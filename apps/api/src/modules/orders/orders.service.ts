import {
  BILLING_CURRENCY,
  localizeCatalogueText,
  localizeSoldName,
  multiply,
  type Order,
  type Page,
  type Purchasable,
  renewalChargeOf,
} from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/event-bus.js';
import { checkSameRequest, keyReused, requestFingerprint } from '../../lib/idempotency.js';
import { isoTime } from '../../lib/iso-time.js';
import type { BillingRates } from '../catalogue/billing-prices.js';
import { publishOpened } from '../fulfilment/fulfilment-events.js';
import type { BuyResult, CatalogueItem, OrderListRow, OrdersRepo } from './orders.repo.js';

export type { CatalogueItem };

/** An order row as drizzle reads it (times as Dates) or as the list reads it (ISO text). */
type OrderFields = Omit<OrderListRow, 'renewsAt' | 'createdAt' | 'fulfilment'> & {
  renewsAt: Date | string | null;
  createdAt: Date | string;
  fulfilment?: string | null;
};

export const toOrder = (r: OrderFields): Order => ({
  id: r.id,
  itemKind: r.itemKind as Order['itemKind'],
  itemId: r.itemId,
  name: r.name,
  price: r.price,
  priceCurrency: r.priceCurrency,
  charged: r.charged,
  paidWith: r.paidWith as Order['paidWith'],
  billingPeriod: r.billingPeriod,
  status: r.status as Order['status'],
  renewsAt: r.renewsAt === null ? null : isoTime(r.renewsAt),
  createdAt: isoTime(r.createdAt),
  fulfilment: r.fulfilment === 'open' || r.fulfilment === 'done' ? r.fulfilment : null,
});

const unavailable = (name: string) =>
  new AppError('ITEM_UNAVAILABLE', `${name} is no longer available.`);

/**
 * Purchases: the server prices every item itself (the client's price is only shown),
 * converts it to the billing currency at today's rate, and sells it atomically.
 */
export function createOrdersService(deps: {
  repo: OrdersRepo;
  /** Today's GBP rates (the payments module's rates service). */
  rates: BillingRates;
  /** Where an opened fulfilment task is announced (decision 0067). */
  events: EventBus;
  now?: () => Date;
}) {
  const { repo, rates } = deps;
  const now = deps.now ?? (() => new Date());

  /** The item's price in GBP, rounded to the penny, and the rate used (null when GBP). */
  async function inBilling(item: CatalogueItem) {
    if (item.currency === BILLING_CURRENCY) return { charged: item.price, rate: null };
    const rate = await rates.rate(item.currency, BILLING_CURRENCY);
    return { charged: multiply(item.price, rate, 2, 'half-up'), rate };
  }

  async function find(id: string): Promise<CatalogueItem> {
    const item = await repo.findItem(id);
    if (!item) throw new AppError('NOT_FOUND', 'No such item in the catalogue.');
    return item;
  }

  return {
    find,
    inBilling,
    /** An item as the payment page shows it: priced in GBP, worded in the reader's language. */
    async item(id: string, lang?: string): Promise<Purchasable> {
      const { translations, ...item } = await find(id);
      const { charged } = await inBilling(item);
      const balanceRenewal = renewalChargeOf(item, charged);
      return localizeCatalogueText(
        { ...item, balancePrice: charged, balanceRenewal },
        translations,
        lang,
      );
    },

    /**
     * Buys from the balance. With `orderId` (the client's own id for this purchase), a
     * repeated request, say a double click, returns the first order instead of buying
     * twice; the same id for another item answers 422 IDEMPOTENCY_KEY_REUSED.
     */
    async buy(userId: string, itemId: string, orderId?: string, trunkId?: string): Promise<Order> {
      const body = trunkId ? { itemId, trunkId } : { itemId };
      const requestHash = orderId ? requestFingerprint(body, 'orderId') : undefined;
      const replay = async () => {
        const row = orderId && requestHash ? await repo.findOrder(userId, orderId) : undefined;
        if (row && requestHash) checkSameRequest(row.requestHash, requestHash, 'orderId');
        return row ? toOrder(row) : null;
      };
      const earlier = await replay();
      if (earlier) return earlier;
      const item = await find(itemId);
      if (!item.available) throw unavailable(item.name);
      const { charged, rate } = await inBilling(item);
      let result: BuyResult;
      try {
        result = await repo.buy({
          id: orderId,
          requestHash,
          userId,
          item,
          charged,
          chargedRate: rate,
          paidWith: 'balance',
          at: now(),
          trunkId,
        });
      } catch (err) {
        const again = await replay();
        if (again) return again;
        throw err;
      }
      if (result.ok) {
        if (result.opened) publishOpened(deps.events, result.opened);
        return toOrder({ ...result.order, fulfilment: result.opened ? 'open' : null });
      }
      const again = await replay();
      if (again) return again;
      if (result.reason === 'unavailable') throw unavailable(item.name);
      if (result.reason === 'trunk-required')
        throw new AppError(
          'TRUNK_REQUIRED',
          `${item.name} attaches to a SIP trunk: buy a trunk first.`,
        );
      if (result.reason === 'balance-too-low')
        throw new AppError(
          'INSUFFICIENT_BALANCE',
          `Your balance does not cover £${charged}. Add funds or pay in crypto.`,
        );
      // The id is another customer's order, or the item was sold to someone else.
      if (orderId && (await repo.orderExists(orderId))) throw keyReused('orderId');
      throw unavailable(item.name);
    },

    /** A customer's orders for an admin, a page at a time. */
    async ofUser(userId: string, page: number, pageSize: number): Promise<Page<Order>> {
      const { items, total } = await repo.pageForUser(userId, page, pageSize);
      return { items: items.map(toOrder), total, page, pageSize };
    },

    /** The customer's orders, a package's name in the reader's language while it is sold so. */
    async mine(userId: string, lang?: string): Promise<Order[]> {
      const rows = await repo.listForUser(userId);
      const names = await repo.packageNames(
        rows.filter((r) => r.itemKind === 'package').map((r) => r.itemId),
      );
      return rows.map((r) => ({
        ...toOrder(r),
        name: localizeSoldName(r.name, names.get(r.itemId), lang),
      }));
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
