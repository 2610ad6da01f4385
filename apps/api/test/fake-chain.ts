import type { CryptoCurrency, Network } from '@parley/shared';
import {
  type ChainBlock,
  ChainNodeError,
  type ChainOutput,
  type ChainWatcher,
  type IsWatched,
} from '../src/integrations/chains/port.js';

/** A payment to put in a block or the mempool; txid and output default to fresh ones. */
export type FakePayment = Partial<Pick<ChainOutput, 'txid' | 'output'>> & {
  address: string;
  amount: string;
  currency?: CryptoCurrency;
};

interface FakeBlock {
  hash: string;
  parentHash: string;
  time: Date;
  outputs: ChainOutput[];
}

let serial = 0;
const hex = (n: number, fork: number) =>
  `${fork.toString(16).padStart(8, '0')}${n.toString(16).padStart(56, '0')}`;

/**
 * An in-memory chain behind the ChainWatcher port, for the watcher's pass logic: blocks
 * mined at will, a mempool, reorganisations (replace the blocks above a height) and a
 * switch that makes every call fail as an unreachable node would.
 */
export function fakeChain(
  network: Network = 'bitcoin',
  currency: CryptoCurrency = 'BTC',
  /** The time new blocks claim (a test's clock); ten minutes apart from 2026-01-01 without it. */
  now?: () => Date,
) {
  const blocks: FakeBlock[] = [];
  let mempool: ChainOutput[] = [];
  let fork = 0;
  let unreachable = false;
  let mismatch = false;
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const calls = { block: 0, check: 0 };

  const output = (p: FakePayment): ChainOutput => ({
    txid: p.txid ?? `tx${(++serial).toString(16).padStart(62, '0')}`,
    output: p.output ?? '0',
    address: p.address,
    currency: p.currency ?? currency,
    amount: p.amount,
  });
  const reach = () => {
    if (unreachable) throw new ChainNodeError('CHAIN_UNREACHABLE', 'The node did not answer.');
  };
  const genesis = () => {
    blocks.push({
      hash: hex(0, fork),
      parentHash: '0'.repeat(64),
      time: new Date(clock),
      outputs: [],
    });
  };
  genesis();

  function mine(payments: FakePayment[] = [], opts: { time?: Date } = {}): ChainOutput[] {
    const height = blocks.length;
    const outputs = payments.map(output);
    // Mined payments leave the mempool; payments given by txid may come from it.
    const mined = new Set(outputs.map((o) => `${o.txid}:${o.output}`));
    mempool = mempool.filter((o) => !mined.has(`${o.txid}:${o.output}`));
    clock += 600_000;
    blocks.push({
      hash: hex(height, fork),
      parentHash: blocks[height - 1]?.hash ?? '',
      time: opts.time ?? now?.() ?? new Date(clock),
      outputs,
    });
    return outputs;
  }

  const watcher: ChainWatcher = {
    network,
    async check() {
      calls.check++;
      reach();
      if (mismatch) throw new ChainNodeError('CHAIN_MISMATCH', 'The node is another chain.');
    },
    async tipHeight() {
      reach();
      return blocks.length - 1;
    },
    async blockHash(height) {
      reach();
      return blocks[height]?.hash ?? null;
    },
    async block(height, isWatched: IsWatched): Promise<ChainBlock> {
      reach();
      calls.block++;
      const b = blocks[height];
      if (!b) throw new ChainNodeError('CHAIN_BAD_ANSWER', `No block ${height}.`);
      return {
        header: { height, hash: b.hash, parentHash: b.parentHash, time: b.time },
        outputs: b.outputs.filter((o) => isWatched(o.address)),
      };
    },
    async pending(isWatched) {
      reach();
      return mempool.filter((o) => isWatched(o.address));
    },
  };

  return {
    watcher,
    calls,
    /** Mines one block holding these payments; returns the outputs as the node reports them. */
    mine,
    /** Mines `n` empty blocks. */
    mineEmpty(n: number) {
      for (let i = 0; i < n; i++) mine();
    },
    /** Puts a payment in the mempool (seen, no block yet). */
    broadcast(p: FakePayment): ChainOutput {
      const o = output(p);
      mempool.push(o);
      return o;
    },
    /** Takes a payment out of the mempool (evicted, replaced), as its node forgets it. */
    evict(o: Pick<ChainOutput, 'txid' | 'output'>) {
      mempool = mempool.filter((m) => m.txid !== o.txid || m.output !== o.output);
    },
    /** Replaces every block above `height` by `length` new empty ones (a reorganisation). */
    reorg(height: number, length: number) {
      fork++;
      blocks.splice(height + 1);
      for (let i = 0; i < length; i++) mine();
    },
    get tip() {
      return blocks.length - 1;
    },
    hashAt: (height: number) => blocks[height]?.hash,
    setUnreachable(on: boolean) {
      unreachable = on;
    },
    setMismatch(on: boolean) {
      mismatch = on;
    },
  };
}
export type FakeChain = ReturnType<typeof fakeChain>;
