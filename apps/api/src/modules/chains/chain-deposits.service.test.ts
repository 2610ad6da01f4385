import type { DomainEvent } from '@parley/shared';
import { describe, expect, it } from 'vitest';
import type { AdminDepositRow, ChainDepositsRepo, DepositFilter } from './chain-deposits.repo.js';
import { createChainDepositsService } from './chain-deposits.service.js';
import type { DepositResolution, DepositResolveRepo, Resolved } from './deposit-resolve.repo.js';

const row = (over: Partial<AdminDepositRow> = {}): AdminDepositRow => ({
  id: 'd1',
  reference: 'bitcoin:tx1:0',
  network: 'bitcoin',
  txid: 'tx1',
  output: '0',
  address: 'bcrt1qexample',
  currency: 'BTC',
  amount: '0.001500000000000000',
  quoteId: 'q1',
  userId: 'u1',
  status: 'seen',
  blockHeight: 100,
  blockHash: 'hash-a',
  confirmations: 1,
  seenAt: new Date('2026-05-01T10:00:00Z'),
  late: false,
  creditAmount: null,
  creditRate: null,
  creditedAt: null,
  flaggedAt: null,
  flagEvidence: null,
  resolution: null,
  resolutionNote: null,
  resolvedBy: null,
  resolvedAt: null,
  resolverEmail: null,
  createdAt: new Date('2026-05-01T10:00:00Z'),
  updatedAt: new Date('2026-05-01T10:00:00Z'),
  derivationIndex: 7,
  email: 'buyer@example.com',
  ...over,
});

const NOW = new Date('2026-05-02T09:00:00Z');

function serviceOf(
  rows: AdminDepositRow[],
  answer: Resolved = { outcome: 'refused', reason: 'not-found' },
) {
  const asked: { filter: DepositFilter; page: number; pageSize: number }[] = [];
  const resolved: DepositResolution[] = [];
  const events: DomainEvent[] = [];
  const deposits: ChainDepositsRepo = {
    async page(filter, page, pageSize) {
      asked.push({ filter, page, pageSize });
      return { items: rows, total: 41 };
    },
    async one(id) {
      return rows.find((r) => r.id === id);
    },
  };
  const resolutions: DepositResolveRepo = {
    async resolve(_id, r) {
      resolved.push(r);
      return answer;
    },
  };
  const explorers = { bitcoin: 'https://btc.example/tx/', ethereum: 'https://eth.example/tx/' };
  const service = createChainDepositsService({
    deposits,
    resolutions,
    events: { publish: (e) => events.push(e) },
    now: () => NOW,
    explorers: explorers as never,
    confirmations: { bitcoin: 3, ethereum: 12 } as never,
  });
  return { service, asked, resolved, events };
}

describe('chain deposits service', () => {
  it('passes the filter and page to the repo and answers the page it was asked', async () => {
    const { service, asked } = serviceOf([]);
    const page = await service.list({ network: 'bitcoin', flagged: true }, 3, 20);
    expect(asked).toEqual([
      { filter: { network: 'bitcoin', flagged: true }, page: 3, pageSize: 20 },
    ]);
    expect(page).toEqual({ items: [], total: 41, page: 3, pageSize: 20 });
  });

  it('shows a seen deposit with its explorer link, trimmed amount and required confirmations', async () => {
    const { service } = serviceOf([row()]);
    const [view] = (await service.list({}, 1, 20)).items;
    expect(view).toEqual({
      id: 'd1',
      reference: 'bitcoin:tx1:0',
      network: 'bitcoin',
      txid: 'tx1',
      explorerUrl: 'https://btc.example/tx/tx1',
      output: '0',
      address: 'bcrt1qexample',
      derivationIndex: 7,
      amount: '0.0015',
      currency: 'BTC',
      status: 'seen',
      confirmations: 1,
      required: 3,
      late: false,
      creditAmount: null,
      seenAt: '2026-05-01T10:00:00.000Z',
      creditedAt: null,
      flagged: false,
      evidence: null,
      resolution: null,
      customer: { id: 'u1', email: 'buyer@example.com' },
      quoteId: 'q1',
    });
  });

  it('shows a credit as money text and a flagged deposit with its evidence', async () => {
    const evidence = { height: 100, creditedBlockHash: 'hash-a', nodeBlockHash: 'hash-b' };
    const { service } = serviceOf([
      row({
        network: 'ethereum',
        status: 'credited',
        late: true,
        creditAmount: '118.5000',
        creditedAt: new Date('2026-05-01T11:00:00Z'),
        flaggedAt: new Date('2026-05-01T12:00:00Z'),
        flagEvidence: evidence,
      }),
    ]);
    const [view] = (await service.list({}, 1, 20)).items;
    expect(view).toMatchObject({
      explorerUrl: 'https://eth.example/tx/tx1',
      required: 12,
      late: true,
      creditAmount: '118.50',
      creditedAt: '2026-05-01T11:00:00.000Z',
      flagged: true,
      evidence,
    });
  });

  it('keeps evidence off an unflagged row and reads a malformed one as none', async () => {
    const { service } = serviceOf([
      row({ flagEvidence: { height: 1, creditedBlockHash: 'a', nodeBlockHash: 'b' } }),
      row({ id: 'd2', flaggedAt: new Date(), flagEvidence: { height: 'high' } }),
    ]);
    const [plain, odd] = (await service.list({}, 1, 20)).items;
    expect(plain?.evidence).toBeNull();
    expect(odd).toMatchObject({ flagged: true, evidence: null });
  });
});

describe('resolving a flagged deposit', () => {
  const flagged = row({
    status: 'credited',
    creditAmount: '40.0000',
    creditedAt: new Date('2026-05-01T11:00:00Z'),
    flaggedAt: new Date('2026-05-01T12:00:00Z'),
    resolution: 'reverse',
    resolutionNote: 'double spend',
    resolvedBy: 'a1',
    resolvedAt: NOW,
    resolverEmail: 'admin@example.com',
  });
  const admin = { id: 'a1', ip: '127.0.0.1' };

  it('answers each refusal with its code', async () => {
    const cases = [
      ['not-found', 'NOT_FOUND'],
      ['not-flagged', 'DEPOSIT_NOT_FLAGGED'],
      ['resolved', 'ALREADY_DECIDED'],
      ['balance-short', 'REVERSAL_BALANCE_SHORT'],
    ] as const;
    for (const [reason, code] of cases) {
      const { service, events } = serviceOf([flagged], { outcome: 'refused', reason });
      await expect(
        service.resolve('d1', { decision: 'keep', note: 'n' }, admin),
      ).rejects.toMatchObject({ code });
      expect(events).toEqual([]);
    }
  });

  it('writes the decision at the clock, tells both streams, and answers the row resolved', async () => {
    const { service, resolved, events } = serviceOf([flagged], {
      outcome: 'resolved',
      row: flagged,
      entryId: 'e1',
      notice: { id: 'n1', code: 'deposit.reversed' },
    });
    const view = await service.resolve('d1', { decision: 'reverse', note: 'double spend' }, admin);
    expect(resolved[0]).toMatchObject({
      decision: 'reverse',
      note: 'double spend',
      by: 'a1',
      at: NOW,
    });
    expect(resolved[0]?.reversalNotice(flagged)).toEqual({
      code: 'deposit.reversed',
      params: { amount: '40.0000', crypto: '0.0015 BTC' },
      key: 'deposit.reversed:d1',
      email: true,
    });
    expect(events.map((e) => e.type)).toEqual([
      'deposit.updated',
      'balance.adjusted',
      'notification.created',
    ]);
    expect(view.resolution).toEqual({
      decision: 'reverse',
      note: 'double spend',
      by: { id: 'a1', email: 'admin@example.com' },
      at: NOW.toISOString(),
    });
  });
});
