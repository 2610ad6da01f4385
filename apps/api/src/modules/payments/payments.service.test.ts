import { describe, expect, it } from 'vitest';
import type { DomainEvent, EventBus } from '../../lib/event-bus.js';
import type { PaymentsRepo, TxRow } from './payments.repo.js';
import { createPaymentsService } from './payments.service.js';
import type { RatesService } from './rates.service.js';
import type { WalletsRepo } from './wallets.repo.js';

type Quote = NonNullable<Awaited<ReturnType<PaymentsRepo['findQuote']>>>;

const NOW = new Date('2026-03-01T12:00:00.000Z');
const WALLET = '0x1111111111111111111111111111111111111111';
const HASH = `0x${'ab'.repeat(32)}`;

const quoteRow = (over: Partial<Quote> = {}): Quote => ({
  id: 'q1',
  userId: 'u1',
  fiatAmount: '150.00',
  fiatCurrency: 'USD',
  currency: 'ETH',
  network: 'ethereum',
  walletId: 'w1',
  address: WALLET,
  watchKeyId: null,
  derivationIndex: null,
  reference: null,
  cryptoAmount: '0.050000000000000001',
  rate: '3000',
  creditAmount: '120.00',
  creditRate: '0.8',
  expiresAt: new Date(NOW.getTime() + 15 * 60_000),
  createdAt: NOW,
  ...over,
});

const txRow = (over: Partial<TxRow> = {}): TxRow => ({
  id: 't1',
  userId: 'u1',
  kind: 'topup',
  serviceName: 'Add Funds',
  servicePrice: null,
  amount: '150.00',
  amountCurrency: 'USD',
  currency: 'ETH',
  network: 'ethereum',
  walletId: 'w1',
  walletAddress: WALLET,
  cryptoAmount: '0.050000000000000001',
  claimedCryptoAmount: '0.050000000000000001',
  quoteId: 'q1',
  txHash: HASH,
  hashConflict: false,
  itemKind: null,
  itemId: null,
  creditAmount: '120.00',
  creditRate: '0.8',
  chargeAmount: null,
  status: 'pending',
  adminNotes: null,
  noteCodes: [],
  approvedBy: null,
  approvedAt: null,
  createdAt: NOW,
  updatedAt: NOW,
  ...over,
});

/** The service on fake repos: every write the repo was asked for is kept in `writes`. */
function setUp(repo: Partial<PaymentsRepo> = {}) {
  const writes: string[] = [];
  const published: DomainEvent[] = [];
  const fakeRepo: Partial<PaymentsRepo> = {
    async hashTaken() {
      return false;
    },
    async findQuote(id) {
      return id === 'q1' ? quoteRow() : undefined;
    },
    async createQuote(values, opts) {
      writes.push('createQuote');
      const cryptoAmount = opts.pickAmount(['0.05000000']);
      return { quote: quoteRow({ ...values, cryptoAmount, id: 'q2', createdAt: opts.at }) };
    },
    async createTransaction(values) {
      writes.push('createTransaction');
      return { transaction: txRow({ ...values, id: 't1' }) };
    },
    ...repo,
  };
  const wallets: Partial<WalletsRepo> = {
    async activeFor(currency) {
      return currency === 'ETH'
        ? ({ id: 'w1', address: WALLET } as Awaited<ReturnType<WalletsRepo['activeFor']>>)
        : undefined;
    },
  };
  const rates = {
    async rate(from: string, to: string) {
      const table: Record<string, string> = { 'ETH:USD': '3000', 'USD:GBP': '0.8' };
      return table[`${from}:${to}`] ?? '1';
    },
  } as RatesService;
  const events: EventBus = {
    publish: (e) => published.push(e),
    signal: () => {},
    subscribe: () => () => {},
  };
  const service = createPaymentsService({
    repo: fakeRepo as PaymentsRepo,
    wallets: wallets as WalletsRepo,
    rates,
    orders: {
      find: async () => {
        throw new Error('no items in this test');
      },
      inBilling: async () => ({ charged: '0', rate: null }),
    },
    events,
    limits: { openQuotes: 3, pendingPayments: 2 },
    explorers: {} as Parameters<typeof createPaymentsService>[0]['explorers'],
    now: () => NOW,
  });
  return { service, writes, published };
}

const user = { id: 'u1', email: 'ann@example.com' };
const topUp = {
  amount: '150.00',
  currency: 'ETH',
  walletAddress: WALLET,
  serviceName: 'Add Funds',
  txHash: HASH,
  quoteId: 'q1',
};

describe('payments service', () => {
  it('quotes at least the amount asked, one unit apart from the amount another quote holds', async () => {
    const { service } = setUp();
    const quote = await service.quote('u1', {
      amount: '150',
      fiatCurrency: 'USD',
      currency: 'ETH',
    });
    expect(quote.cryptoAmount).toBe('0.05000001');
    expect(quote.creditAmount).toBe('120.00');
    expect(quote.expiresAt).toBe('2026-03-01T12:15:00.000Z');
  });

  it('refuses a malformed hash before writing anything', async () => {
    const { service, writes } = setUp();
    await expect(service.create(user, { ...topUp, txHash: 'abc' })).rejects.toMatchObject({
      code: 'INVALID_TX_HASH',
    });
    expect(writes).toEqual([]);
  });

  it('refuses an expired quote and a hash already submitted, writing nothing', async () => {
    const expired = setUp({
      findQuote: async () => quoteRow({ expiresAt: NOW }),
    });
    await expect(expired.service.create(user, topUp)).rejects.toMatchObject({
      code: 'QUOTE_EXPIRED',
    });
    const taken = setUp({ hashTaken: async () => true });
    await expect(
      taken.service.create(user, { ...topUp, quoteId: undefined }),
    ).rejects.toMatchObject({ code: 'TX_HASH_USED' });
    expect([...expired.writes, ...taken.writes]).toEqual([]);
  });

  it('announces a submitted payment once, and none the repo refused', async () => {
    const ok = setUp();
    const created = await ok.service.create(user, topUp);
    expect(created).toMatchObject({ id: 't1', status: 'pending', creditAmount: '120.00' });
    expect(ok.published.map((e) => e.type)).toEqual(['transaction.created']);
    const refused = setUp({ createTransaction: async () => ({ refused: 'TX_HASH_USED' }) });
    await expect(refused.service.create(user, topUp)).rejects.toMatchObject({
      code: 'TX_HASH_USED',
    });
    expect(refused.published).toEqual([]);
  });

  it('approves once: a payment already decided is refused and announced no more', async () => {
    const decisions: string[] = [];
    const notices: unknown[] = [];
    let status = 'pending';
    const { service, published } = setUp({
      async decide(id, d) {
        if (status !== 'pending') return { outcome: 'not-written', before: txRow({ status }) };
        status = d.status;
        decisions.push(`${id} ${d.status} ${d.notes ?? d.noteCodes.join()}`);
        const row = txRow({ status: d.status });
        notices.push(d.notice(row));
        return { outcome: 'decided', row, notice: { id: 'n1', code: 'payment.approved' } };
      },
    });
    const admin = { id: 'a1', ip: null };
    expect(await service.decide('t1', 'approved', admin)).toMatchObject({ status: 'approved' });
    await expect(service.decide('t1', 'approved', admin)).rejects.toMatchObject({
      code: 'ALREADY_DECIDED',
    });
    await expect(service.decide('t1', 'rejected', admin, 'Late')).rejects.toMatchObject({
      code: 'ALREADY_DECIDED',
    });
    // No note typed: the default note is a code, worded in the reader's language.
    expect(decisions).toEqual(['t1 approved APPROVED_BY_ADMIN']);
    // The customer is told once, by the bell and by email, and live.
    expect(notices).toEqual([
      expect.objectContaining({
        code: 'payment.approved',
        key: 'payment.approved:t1',
        email: true,
      }),
    ]);
    expect(published.map((e) => e.type)).toEqual(['transaction.updated', 'notification.created']);
  });

  it("refuses an admin's own payment and a hash another payment carries", async () => {
    const own = setUp({
      decide: async () => ({ outcome: 'not-written', before: txRow({ userId: 'u1' }) }),
    });
    await expect(
      own.service.decide('t1', 'approved', { id: 'u1', ip: null }),
    ).rejects.toMatchObject({
      code: 'SELF_APPROVAL_FORBIDDEN',
    });
    const clash = setUp({
      decide: async () => ({ outcome: 'not-written', before: txRow({ hashConflict: true }) }),
    });
    await expect(
      clash.service.decide('t1', 'approved', { id: 'a1', ip: null }),
    ).rejects.toMatchObject({
      code: 'TX_HASH_USED',
    });
    expect([...own.published, ...clash.published]).toEqual([]);
  });
});
