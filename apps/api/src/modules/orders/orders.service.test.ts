import { describe, expect, it } from 'vitest';
import { createEventBus, type DomainEvent } from '../../lib/event-bus.js';
import { requestFingerprint } from '../../lib/idempotency.js';
import type { RatesService } from '../payments/rates.service.js';
import type {
  BuyResult,
  CatalogueItem,
  OrderRow,
  OrdersRepo,
  PlaceOrderInput,
} from './orders.repo.js';
import { createOrdersService } from './orders.service.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const ITEM: CatalogueItem = {
  kind: 'package',
  id: 'p1',
  name: 'Starter',
  description: 'A starter package',
  price: '10.00',
  recurringPrice: '10.00',
  setupPrice: null,
  currency: 'USD',
  billingPeriod: 'monthly',
  available: true,
  fulfilment: 'automatic',
};

type Row = OrderRow & { fulfilment: string | null };

const orderRow = (input: PlaceOrderInput): Row => ({
  id: input.id ?? 'o-new',
  userId: input.userId,
  itemKind: input.item.kind,
  itemId: input.item.id,
  name: input.item.name,
  price: input.item.price,
  priceCurrency: input.item.currency,
  charged: input.charged,
  chargedRate: input.chargedRate,
  paidWith: input.paidWith,
  transactionId: null,
  billingPeriod: input.item.billingPeriod,
  status: 'active',
  renewsAt: null,
  renewalCharge: input.item.recurringPrice,
  paidThrough: 0,
  autoRenew: true,
  graceUntil: null,
  retryAt: null,
  suspendedAt: null,
  endedAt: null,
  requestHash: input.requestHash ?? null,
  createdAt: input.at,
  fulfilment: input.item.fulfilment === 'team' ? 'open' : null,
});

/**
 * The service on a fake repo that keeps orders in memory. `refuse` makes the next sale
 * come back refused, as the database would refuse it.
 */
function setUp(opts: { item?: CatalogueItem; refuse?: BuyResult } = {}) {
  const orders = new Map<string, Row>();
  const published: DomainEvent[] = [];
  const events = createEventBus();
  events.subscribe((event) => published.push(event));
  const sales: PlaceOrderInput[] = [];
  let refuse = opts.refuse;
  const repo: OrdersRepo = {
    findItem: async (id) => (id === ITEM.id ? (opts.item ?? ITEM) : null),
    packageNames: async () => new Map(),
    async buy(input) {
      sales.push(input);
      if (refuse) {
        const refused = refuse;
        refuse = undefined;
        return refused;
      }
      const order = orderRow(input);
      // The primary key: an order id is used once, whoever's it is.
      if (orders.has(order.id)) return { ok: false, reason: 'duplicate' };
      orders.set(order.id, order);
      const opened =
        input.item.fulfilment === 'team'
          ? {
              id: 't1',
              userId: input.userId,
              orderId: order.id,
              sessionId: 's1',
              message: {
                id: 7,
                sessionId: 's1',
                kind: 'admin',
                authorId: null,
                body: `Thank you for ordering ${input.item.name}.`,
                requestId: null,
                createdAt: input.at,
              },
            }
          : null;
      return { ok: true, order, opened };
    },
    findOrder: async (userId, id) => {
      const row = orders.get(id);
      return row?.userId === userId ? row : undefined;
    },
    orderExists: async (id) => orders.has(id),
    // As the prepared read answers: times as ISO text.
    listForUser: async (userId) =>
      [...orders.values()]
        .filter((o) => o.userId === userId)
        .map((o) => ({
          ...o,
          renewsAt: o.renewsAt?.toISOString() ?? null,
          createdAt: o.createdAt.toISOString(),
        })),
    pageForUser: async (userId, page, pageSize) => {
      const mine = [...orders.values()].filter((o) => o.userId === userId);
      return { items: mine.slice((page - 1) * pageSize, page * pageSize), total: mine.length };
    },
  };
  const rates = { rate: async () => '0.7915' } as unknown as RatesService;
  const service = createOrdersService({ repo, rates, events, now: () => NOW });
  return { service, orders, sales, published };
}

describe('orders service', () => {
  it('announces an item the team sets up: its task to admins and the message in the chat', async () => {
    const { service, published } = setUp({ item: { ...ITEM, fulfilment: 'team' } });
    const order = await service.buy('u1', 'p1', 'o-team');
    expect(order.fulfilment).toBe('open');
    expect(published.map((e) => e.type)).toEqual(['fulfilment.updated', 'chat.message']);
    expect(published[0]?.data).toEqual({
      userId: 'u1',
      id: 't1',
      orderId: 'o-team',
      status: 'open',
    });
    expect(published[1]?.data).toMatchObject({
      userId: 'u1',
      sessionId: 's1',
      message: { id: '7', isAdminMessage: true, message: 'Thank you for ordering Starter.' },
    });
    // A replay of the same purchase announces nothing again.
    expect((await service.buy('u1', 'p1', 'o-team')).fulfilment).toBe('open');
    expect(published).toHaveLength(2);
  });

  it('announces nothing for an item provisioned automatically', async () => {
    const { service, published } = setUp();
    expect((await service.buy('u1', 'p1')).fulfilment).toBeNull();
    expect(published).toEqual([]);
  });

  it("sells at the server's price in GBP at today's rate, rounded to the penny", async () => {
    const { service, sales } = setUp();
    const order = await service.buy('u1', 'p1');
    expect(order).toMatchObject({ charged: '7.92', price: '10.00', priceCurrency: 'USD' });
    expect(sales).toEqual([
      expect.objectContaining({
        charged: '7.92',
        chargedRate: '0.7915',
        paidWith: 'balance',
        at: NOW,
      }),
    ]);
  });

  it('refuses an item no longer available without trying to sell it', async () => {
    const { service, sales } = setUp({ item: { ...ITEM, available: false } });
    await expect(service.buy('u1', 'p1')).rejects.toMatchObject({ code: 'ITEM_UNAVAILABLE' });
    expect(sales).toEqual([]);
  });

  it('answers a sale the balance could not cover with INSUFFICIENT_BALANCE', async () => {
    const { service, orders } = setUp({ refuse: { ok: false, reason: 'balance-too-low' } });
    await expect(service.buy('u1', 'p1')).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'Your balance does not cover £7.92. Add funds or pay in crypto.',
    });
    expect(orders.size).toBe(0);
  });

  it('answers ITEM_UNAVAILABLE when the item went or was sold meanwhile', async () => {
    for (const reason of ['unavailable', 'duplicate'] as const) {
      const { service } = setUp({ refuse: { ok: false, reason } });
      await expect(service.buy('u1', 'p1', 'o1')).rejects.toMatchObject({
        code: 'ITEM_UNAVAILABLE',
      });
    }
  });

  it('buys once for one order id: a repeat returns the first order, another item is refused', async () => {
    const { service, sales } = setUp();
    const first = await service.buy('u1', 'p1', 'o1');
    expect(await service.buy('u1', 'p1', 'o1')).toEqual(first);
    await expect(service.buy('u1', 'p2', 'o1')).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(sales).toHaveLength(1);
  });

  it("refuses an order id that is another customer's, and returns a twin request's order", async () => {
    const { service, orders } = setUp();
    await service.buy('u2', 'p1', 'o1');
    await expect(service.buy('u1', 'p1', 'o1')).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    // A double click: the twin sold it first, so this one's insert broke the unique id.
    const twin = setUp({ refuse: { ok: false, reason: 'duplicate' } });
    const row = orderRow({
      id: 'o9',
      requestHash: requestFingerprint({ itemId: 'p1' }, 'orderId'),
      userId: 'u1',
      item: ITEM,
      charged: '7.92',
      chargedRate: '0.7915',
      paidWith: 'balance',
      at: NOW,
    });
    const buy = twin.service.buy('u1', 'p1', 'o9');
    twin.orders.set('o9', row);
    expect(await buy).toMatchObject({ id: 'o9', charged: '7.92' });
    expect(orders.size).toBe(1);
  });
});
