import { describe, expect, it } from 'vitest';
import type { AdminDepositRow, ChainDepositsRepo, DepositFilter } from './chain-deposits.repo.js';
import { createChainDepositsService } from './chain-deposits.service.js';

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
  createdAt: new Date('2026-05-01T10:00:00Z'),
  updatedAt: new Date('2026-05-01T10:00:00Z'),
  derivationIndex: 7,
  email: 'buyer@example.com',
  ...over,
});

function serviceOf(rows: AdminDepositRow[]) {
  const asked: { filter: DepositFilter; page: number; pageSize: number }[] = [];
  const deposits: ChainDepositsRepo = {
    async page(filter, page, pageSize) {
      asked.push({ filter, page, pageSize });
      return { items: rows, total: 41 };
    },
  };
  const explorers = { bitcoin: 'https://btc.example/tx/', ethereum: 'https://eth.example/tx/' };
  const service = createChainDepositsService({
    deposits,
    explorers: explorers as never,
    confirmations: { bitcoin: 3, ethereum: 12 } as never,
  });
  return { service, asked };
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
