import type { ChainNetworkConfig, ChainsConfig } from '../../config/chains-config.js';
import { createBitcoinCoreWatcher } from './bitcoin-core.js';
import { createEvmWatcher } from './evm-rpc.js';
import type { ChainWatcher } from './port.js';
import { createTronWatcher } from './tron-watcher.js';

/**
 * The adapter for each network that has a node (CHAIN_<NETWORK>_RPC_URL). Solana is not
 * built here yet: its watcher needs the fixed wallet's address and a reference key per
 * quote, which quotes do not hand out yet; Solana keeps the manual flow.
 */
function watcherFor(c: ChainNetworkConfig): ChainWatcher | null {
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
      return null;
  }
}

export function createChainWatchers(config: ChainsConfig): ChainWatcher[] {
  return Object.values(config.networks)
    .map((c) => watcherFor(c as ChainNetworkConfig))
    .filter((w): w is ChainWatcher => w !== null);
}
