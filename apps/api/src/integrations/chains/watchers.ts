import type { ChainNetworkConfig, ChainsConfig } from '../../config/chains-config.js';
import { createBitcoinCoreWatcher } from './bitcoin-core.js';
import { createEvmWatcher } from './evm-rpc.js';
import type { ChainWatcher } from './port.js';
import { createSolanaWatcher } from './solana-watcher.js';
import { createTronWatcher } from './tron-watcher.js';

/**
 * The adapter for each network that has a node (CHAIN_<NETWORK>_RPC_URL), told which
 * chain the node must be on (chain id, Bitcoin-family network, TRON's or Solana's genesis).
 */
function watcherFor(c: ChainNetworkConfig): ChainWatcher {
  switch (c.network) {
    case 'bitcoin':
    case 'litecoin':
      return createBitcoinCoreWatcher({ network: c.network, rpcUrl: c.rpcUrl, chain: c.chain });
    case 'ethereum':
    case 'bsc':
    case 'polygon':
      return createEvmWatcher({
        network: c.network,
        rpcUrl: c.rpcUrl,
        chainId: c.chainId ?? 0,
        tokens: c.tokens,
      });
    case 'tron':
      return createTronWatcher({
        rpcUrl: c.rpcUrl,
        tokens: c.tokens,
        genesisBlockId: c.genesis ?? undefined,
      });
    case 'solana':
      // No wallet here: each quote's reference names the wallet its payment must reach.
      return createSolanaWatcher({ rpcUrl: c.rpcUrl, genesisHash: c.genesis ?? undefined });
  }
}

export function createChainWatchers(config: ChainsConfig): ChainWatcher[] {
  return Object.values(config.networks).map((c) => watcherFor(c as ChainNetworkConfig));
}
