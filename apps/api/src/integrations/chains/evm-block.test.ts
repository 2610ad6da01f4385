import { describe, expect, it } from 'vitest';
import type { ChainToken } from '../../config/chains-config.js';
import {
  logInTransaction,
  nativeTransfers,
  readHeader,
  succeeded,
  TRANSFER_TOPIC,
  tokenTransfers,
} from './evm-block.js';
import { ChainNodeError } from './port.js';

// Answers shaped as anvil writes them (trimmed to the fields the adapter reads).
const BLOCK_HASH = `0x${'b1'.repeat(32)}`;
const TX = `0x${'7a'.repeat(32)}`;
const WATCHED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const OTHER = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const isWatched = (a: string) => a === WATCHED;
const tokens = new Map<string, ChainToken>([
  [USDT.toLowerCase(), { currency: 'USDT', contract: USDT, decimals: 6 }],
]);

const topic = (a: string) => `0x${'0'.repeat(24)}${a.slice(2).toLowerCase()}`;
const block = (transactions: unknown[], over: Record<string, unknown> = {}) => ({
  number: '0x10',
  hash: BLOCK_HASH,
  parentHash: `0x${'a0'.repeat(32)}`,
  timestamp: '0x6720f000',
  transactions,
  ...over,
});
const tx = (to: string | null, value: string, hash = TX) => ({ hash, to, value });
const log = (over: Record<string, unknown> = {}) => ({
  address: USDT.toLowerCase(),
  topics: [TRANSFER_TOPIC, topic(OTHER), topic(WATCHED)],
  data: `0x${12_345_678n.toString(16).padStart(64, '0')}`,
  blockHash: BLOCK_HASH,
  transactionHash: TX,
  logIndex: '0x1f',
  removed: false,
  ...over,
});

async function code(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (e) {
    if (e instanceof ChainNodeError) return e.code;
    throw e;
  }
  return 'accepted';
}

describe('block header', () => {
  it('reads the hash, parent and time of the height asked for', () => {
    expect(readHeader(block([]), 16)).toEqual({
      height: 16,
      hash: BLOCK_HASH,
      parentHash: `0x${'a0'.repeat(32)}`,
      time: new Date(0x6720f000 * 1000),
    });
  });

  it('refuses another height or a malformed header', async () => {
    expect(await code(() => readHeader(block([]), 17))).toBe('CHAIN_BAD_ANSWER');
    expect(await code(() => readHeader(block([], { timestamp: 1730211840 }), 16))).toBe(
      'CHAIN_BAD_ANSWER',
    );
    expect(await code(() => readHeader('block', 16))).toBe('CHAIN_BAD_ANSWER');
  });
});

describe('native transfers', () => {
  it('reports value to watched addresses only, in EIP-55 case', () => {
    const outputs = nativeTransfers(
      block([
        tx(WATCHED.toLowerCase(), '0x1'),
        tx(OTHER, '0xde0b6b3a7640000'),
        tx(WATCHED, '0x0'),
        tx(null, '0x5'),
      ]),
      'polygon',
      isWatched,
    );
    expect(outputs).toEqual([
      {
        txid: TX,
        output: 'tx',
        address: WATCHED,
        currency: 'MATIC',
        amount: '0.000000000000000001',
      },
    ]);
  });

  it('refuses a malformed value rather than reading it as NaN', async () => {
    for (const value of ['1000', '0xnan', 1e18, null])
      expect(
        await code(() => nativeTransfers(block([tx(WATCHED, value as string)]), 'bsc', isWatched)),
      ).toBe('CHAIN_BAD_ANSWER');
  });

  it('trusts a receipt only from the block read', async () => {
    expect(succeeded({ blockHash: BLOCK_HASH, status: '0x1' }, BLOCK_HASH)).toBe(true);
    expect(succeeded({ blockHash: BLOCK_HASH, status: '0x0' }, BLOCK_HASH)).toBe(false);
    expect(await code(() => succeeded({ blockHash: TX, status: '0x1' }, BLOCK_HASH))).toBe(
      'CHAIN_BAD_ANSWER',
    );
    expect(await code(() => succeeded(null, BLOCK_HASH))).toBe('CHAIN_BAD_ANSWER');
    expect(await code(() => succeeded({ blockHash: BLOCK_HASH }, BLOCK_HASH))).toBe(
      'CHAIN_BAD_ANSWER',
    );
  });
});

describe('a token log within its transaction', () => {
  const receipt = (logIndexes: string[]) => ({
    blockHash: BLOCK_HASH,
    status: '0x1',
    logs: logIndexes.map((logIndex) => ({ logIndex })),
  });

  it('numbers the log by its place in the receipt, not in the block', async () => {
    expect(logInTransaction(receipt(['0x1e', '0x1f']), 'log31', BLOCK_HASH)).toBe('log1');
    expect(logInTransaction(receipt(['0x1f']), 'log31', BLOCK_HASH)).toBe('log0');
    expect(await code(() => logInTransaction(receipt(['0x1e']), 'log31', BLOCK_HASH))).toBe(
      'CHAIN_BAD_ANSWER',
    );
    expect(await code(() => logInTransaction(null, 'log31', BLOCK_HASH))).toBe('CHAIN_BAD_ANSWER');
    expect(
      await code(() =>
        logInTransaction({ ...receipt(['0x1f']), blockHash: TX }, 'log31', BLOCK_HASH),
      ),
    ).toBe('CHAIN_BAD_ANSWER');
  });
});

describe('token transfers', () => {
  const read = (logs: unknown) => tokenTransfers(logs, 'ethereum', tokens, BLOCK_HASH, isWatched);

  it('reports a Transfer to a watched address with its log index and exact amount', () => {
    expect(read([log()])).toEqual([
      { txid: TX, output: 'log31', address: WATCHED, currency: 'USDT', amount: '12.345678' },
    ]);
  });

  it('skips removed logs, other recipients, other contracts, nothing moved, other shapes', () => {
    const zero = `0x${'0'.repeat(64)}`;
    expect(
      read([
        log({ removed: true }),
        log({ topics: [TRANSFER_TOPIC, topic(WATCHED), topic(OTHER)] }),
        log({ address: OTHER }),
        log({ data: zero }),
        log({ topics: [TRANSFER_TOPIC, topic(OTHER), topic(WATCHED), zero] }),
      ]),
    ).toEqual([]);
  });

  it('refuses malformed logs and logs of another block', async () => {
    for (const over of [
      { data: '0x01' },
      { logIndex: 'one' },
      { transactionHash: '0x' },
      { blockHash: TX },
    ])
      expect(await code(() => read([log(over)]))).toBe('CHAIN_BAD_ANSWER');
    expect(await code(() => read({ logs: [] }))).toBe('CHAIN_BAD_ANSWER');
  });
});
