import { NETWORKS, type Network } from '@parley/shared';
import { z } from 'zod';

/** Where an admin looks a transaction up: the hash is appended to this https URL. */
export const DEFAULT_EXPLORERS: Record<Network, string> = {
  bitcoin: 'https://mempool.space/tx/',
  litecoin: 'https://blockchair.com/litecoin/transaction/',
  ethereum: 'https://etherscan.io/tx/',
  bsc: 'https://bscscan.com/tx/',
  polygon: 'https://polygonscan.com/tx/',
  tron: 'https://tronscan.org/#/transaction/',
  solana: 'https://solscan.io/tx/',
};

type ExplorerKey = `EXPLORER_URL_${Uppercase<Network>}`;
const explorerKey = (network: Network) => `EXPLORER_URL_${network.toUpperCase()}` as ExplorerKey;

/** `EXPLORER_URL_<NETWORK>` settings, each an optional https URL (blank counts as unset). */
export function explorerEnvShape<T extends z.ZodType>(optional: (schema: z.ZodURL) => T) {
  return Object.fromEntries(
    NETWORKS.map((n) => [
      explorerKey(n),
      optional(z.url({ protocol: /^https$/, error: 'must be an https URL' })),
    ]),
  ) as Record<ExplorerKey, T>;
}

/** Each network's explorer: its setting, else the default. */
export function explorersConfig(e: Partial<Record<ExplorerKey, string>>): Record<Network, string> {
  return Object.fromEntries(
    NETWORKS.map((n) => [n, e[explorerKey(n)] ?? DEFAULT_EXPLORERS[n]]),
  ) as Record<Network, string>;
}
