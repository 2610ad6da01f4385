import { createMempoolReader } from './bitcoin-mempool.js';
import { type BitcoinFamily, NO_PARENT, parseVerboseBlock } from './bitcoin-parse.js';
import { type JsonRpcOptions, jsonRpc, jsonRpcResult } from './json-rpc.js';
import { type ChainBlock, ChainNodeError, type ChainWatcher, type IsWatched } from './port.js';

/**
 * A Bitcoin Core or Litecoin Core node read over its JSON-RPC (issue 34). Needs no
 * wallet on the node and no txindex: blocks come whole from `getblock <hash> 2`, and
 * `getrawtransaction` finds mempool transactions without an index.
 */

export interface BitcoinCoreWatcherOptions {
  network: BitcoinFamily;
  /** May carry user:password; it appears in no message. */
  rpcUrl: string;
  chain: 'mainnet' | 'testnet' | 'regtest';
  timeoutMs?: number;
  /** Mempool transactions fetched per `pending()` call at most (default 2,000). */
  mempoolFetchLimit?: number;
}

/** The `chain` names of getblockchaininfo each setting accepts. */
const NODE_CHAINS: Record<BitcoinCoreWatcherOptions['chain'], readonly string[]> = {
  mainnet: ['main'],
  // Bitcoin's testnet4 and signet use testnet3's address prefix and key versions.
  testnet: ['test', 'testnet4', 'signet'],
  regtest: ['regtest'],
};

/**
 * Genesis blocks of each network's chains: a node whose genesis belongs to the other
 * network (a Bitcoin node set up as Litecoin) is refused. Unknown hashes are not.
 */
const GENESIS: Record<BitcoinFamily, readonly string[]> = {
  bitcoin: [
    '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
    '000000000933ea01ad0ee984209779baaec3ced90fa3f408719526f8d77f4943',
    '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
  ],
  litecoin: [
    '12a765e31ffd4059bada1e25190f6e98c99d9714d334efa41a195a7e7e04bfe2',
    '4966625a4b2851d9fdee139e56211a0d88575f59ed816ff5e6a63deb4e3e29a0',
    '530827f38f93b43ed12af0b3ad25a288dc02ed74d6d7857862df51fc56c416f9',
  ],
};

/** Bitcoin Core's "Block height out of range" (RPC_INVALID_PARAMETER). */
const RPC_INVALID_PARAMETER = -8;

function isHeight(height: number): boolean {
  return Number.isSafeInteger(height) && height >= 0;
}

/** Whether the URL is http(s); checked here so a bad one fails without being repeated. */
function isHttpUrl(raw: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(raw).protocol);
  } catch {
    return false;
  }
}

export function createBitcoinCoreWatcher(opts: BitcoinCoreWatcherOptions): ChainWatcher {
  const { network } = opts;
  if (!isHttpUrl(opts.rpcUrl))
    throw new ChainNodeError('CHAIN_UNREACHABLE', `The ${network} node's URL is not http(s).`);
  const rpc: JsonRpcOptions = {
    url: opts.rpcUrl,
    timeoutMs: opts.timeoutMs,
    exactKeys: ['value'],
  };
  const mempool = createMempoolReader(network, opts.chain, rpc, opts.mempoolFetchLimit);

  async function blockHash(height: number): Promise<string | null> {
    if (!isHeight(height)) return null;
    const answer = await jsonRpc<unknown>(rpc, 'getblockhash', [height]);
    if ('error' in answer) {
      if (answer.error.code === RPC_INVALID_PARAMETER) return null;
      throw new ChainNodeError(
        'CHAIN_BAD_ANSWER',
        `The node refused getblockhash (error ${answer.error.code}).`,
      );
    }
    if (typeof answer.result !== 'string' || !/^[0-9a-fA-F]{64}$/.test(answer.result))
      throw new ChainNodeError('CHAIN_BAD_ANSWER', "The node's block hash does not parse.");
    return answer.result.toLowerCase();
  }

  async function check(): Promise<void> {
    const info = await jsonRpcResult<{ chain?: unknown }>(rpc, 'getblockchaininfo');
    const chain = info?.chain;
    // Only a short plain name is repeated in a message, never an arbitrary answer.
    if (typeof chain !== 'string' || !/^[a-z0-9]{1,16}$/.test(chain))
      throw new ChainNodeError('CHAIN_BAD_ANSWER', "The node's chain name does not parse.");
    if (!NODE_CHAINS[opts.chain].includes(chain))
      throw new ChainNodeError(
        'CHAIN_MISMATCH',
        `The node is on chain "${chain}" but ${network} is set to ${opts.chain}.`,
      );
    // On regtest (development, no money) any Bitcoin Core RPC node serves: the tests
    // read Bitcoin regtest addresses from a Litecoin node's blocks, as there is no
    // bitcoind package here.
    if (opts.chain === 'regtest') return;
    const genesis = await blockHash(0);
    const other: BitcoinFamily = network === 'bitcoin' ? 'litecoin' : 'bitcoin';
    if (genesis && GENESIS[other].includes(genesis))
      throw new ChainNodeError(
        'CHAIN_MISMATCH',
        `The node is a ${other} node but is set up for ${network}.`,
      );
  }

  async function tipHeight(): Promise<number> {
    const count = await jsonRpcResult<unknown>(rpc, 'getblockcount');
    if (typeof count !== 'number' || !isHeight(count))
      throw new ChainNodeError('CHAIN_BAD_ANSWER', "The node's block count does not parse.");
    return count;
  }

  async function block(height: number, isWatched: IsWatched): Promise<ChainBlock> {
    const hash = await blockHash(height);
    if (!hash)
      throw new ChainNodeError('CHAIN_BAD_ANSWER', `The node has no block at height ${height}.`);
    const answer = await jsonRpcResult<unknown>(rpc, 'getblock', [hash, 2]);
    const parsed = parseVerboseBlock(network, opts.chain, answer, isWatched);
    if (parsed.header.height !== height || parsed.header.hash !== hash)
      throw new ChainNodeError(
        'CHAIN_BAD_ANSWER',
        `The node's block ${height} is not the one asked.`,
      );
    if (height === 0 && parsed.header.parentHash !== NO_PARENT)
      throw new ChainNodeError('CHAIN_BAD_ANSWER', "The node's genesis block has a parent.");
    return parsed;
  }

  return {
    network,
    check,
    tipHeight,
    blockHash,
    block,
    pending: (isWatched) => mempool.pending(isWatched),
  };
}
