import { describe, expect, it, vi } from 'vitest';
import { fakeChain } from '../../../test/fake-chain.js';
import { type ChainWatchDeps, createChainWatch } from './chain-watch.service.js';

/** The pass over in-memory repos: a cursor and kept hashes, deposits that write nothing. */
function setUp(opts: { cursor?: { height: number; hash: string }; leased?: boolean } = {}) {
  const chain = fakeChain();
  chain.mineEmpty(20);
  let cursor = opts.cursor ?? { height: -1, hash: '' };
  const kept = new Map<number, string>();
  const status: unknown[] = [];
  const cursors: ChainWatchDeps['cursors'] = {
    takeLease: async () => (opts.leased === false ? null : cursor),
    hashAt: async (_n, h) => kept.get(h) ?? null,
    setCursor: async ({ from, to }) => {
      if (from !== cursor.height) return false;
      cursor = to;
      kept.set(to.height, to.hash);
      for (const h of kept.keys()) if (h > to.height) kept.delete(h);
      return true;
    },
    recordStatus: async (_n, _o, s) => {
      status.push(s);
    },
  };
  const deposits = {
    recordBlock: vi.fn(async (m: Parameters<ChainWatchDeps['deposits']['recordBlock']>[0]) => {
      if (m.from !== cursor.height) return null;
      cursor = { height: m.block.header.height, hash: m.block.header.hash };
      kept.set(cursor.height, cursor.hash);
      return [];
    }),
    recordPending: async () => [],
    open: vi.fn(async () => []),
    setConfirmations: async () => null,
    backToWaiting: async () => null,
    dropVanished: async () => [],
    recentlyCredited: async () => [],
    flag: async () => null,
  };
  const watch = createChainWatch({
    watcher: chain.watcher,
    confirmations: 3,
    lateWindowMs: 1000,
    pollMs: 1000,
    instanceId: 'me',
    cursors,
    deposits,
    settle: { credit: async () => null, sweepExpiredUnpaid: async () => [] },
    addresses: { list: async () => [], oldestSince: async () => null },
    rates: { rate: async () => '1' },
    events: { publish() {} },
    now: () => new Date('2026-05-01T00:00:00Z'),
    log: { warn() {} },
    maxBlocksPerPass: 5,
  });
  return { chain, watch, deposits, status, cursor: () => cursor, kept };
}

describe('a watcher pass', () => {
  it('starts confirmations below the tip, then reads at most maxBlocksPerPass blocks a pass', async () => {
    const s = setUp();
    expect(await s.watch.pass()).toMatchObject({ status: 'scanned', height: 20, tip: 20 });
    expect(s.deposits.recordBlock).toHaveBeenCalledTimes(3); // 18, 19, 20
    s.chain.mineEmpty(10);
    expect(await s.watch.pass()).toMatchObject({ status: 'scanned', height: 25, tip: 30 });
    expect(await s.watch.pass()).toMatchObject({ status: 'scanned', height: 30 });
  });

  it('stands by without asking the node when another instance holds the lease', async () => {
    const s = setUp({ leased: false });
    expect(await s.watch.pass()).toEqual({ status: 'standby' });
    expect(s.chain.calls.check + s.chain.calls.block).toBe(0);
  });

  it('records a node failure mid-scan and keeps the blocks written so far', async () => {
    const s = setUp();
    await s.watch.pass();
    s.chain.mineEmpty(2);
    const real = s.chain.watcher.block;
    s.chain.watcher.block = async (h, w) => {
      if (h === 22) s.chain.setUnreachable(true);
      return real(h, w);
    };
    expect(await s.watch.pass()).toEqual({ status: 'node-error', code: 'CHAIN_UNREACHABLE' });
    expect(s.cursor().height).toBe(21);
    expect(s.status.at(-1)).toMatchObject({ error: 'CHAIN_UNREACHABLE' });
  });

  it('stops, settling nothing, when another instance moved the cursor', async () => {
    const s = setUp();
    await s.watch.pass();
    s.chain.mineEmpty(1);
    s.deposits.recordBlock.mockResolvedValueOnce(null);
    s.deposits.open.mockClear();
    expect(await s.watch.pass()).toEqual({ status: 'lost' });
    expect(s.deposits.open).not.toHaveBeenCalled();
  });

  it('walks back to where the chains agree and reads the new blocks from there', async () => {
    const s = setUp();
    await s.watch.pass(); // cursor 20
    s.chain.reorg(18, 3); // 19 and 20 replaced, 21 added
    expect(await s.watch.pass()).toMatchObject({ status: 'scanned', height: 21 });
    expect(s.kept.get(19)).toBe(s.chain.hashAt(19));
    expect(s.kept.get(21)).toBe(s.chain.hashAt(21));
  });
});
