import { HDKey } from '@scure/bip32';
import { type Anvil, anvilAvailable, startAnvil } from '../../apps/api/test/anvil';
import { CONFIRMATIONS, watchedBy } from './chain-stack';

export { anvilAvailable, CONFIRMATIONS };

/** anvil's default chain id; Parley is told it, so its watcher accepts the node. */
const CHAIN_ID = 31337;

/**
 * An EVM account key (m/44'/60'/0') from a fixed seed: what an admin pastes from their
 * wallet. Its private half exists only in this test.
 */
export function testEvmKey(): string {
  const seed = Uint8Array.from({ length: 32 }, (_, i) => 200 - i);
  return HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'").publicExtendedKey;
}

/**
 * anvil (manual mining) with a USDT and a USDC of 6 decimals deployed (the test token
 * twice: each coin has a contract of its own), and a Parley watching it for ETH and both
 * tokens; both on 127.0.0.1, stopped by their PIDs.
 */
export async function startEvmStack(log: (line: string) => void) {
  const node: Anvil = await startAnvil({ chainId: CHAIN_ID });
  let usdt: string;
  let usdc: string;
  try {
    usdt = await node.deployToken('USDT', 6);
    usdc = await node.deployToken('USDC', 6);
  } catch (err) {
    await node.stop();
    throw err;
  }
  const env = {
    CHAIN_ETHEREUM_RPC_URL: node.rpcUrl,
    CHAIN_ETHEREUM_CHAIN_ID: String(CHAIN_ID),
    CHAIN_ETHEREUM_CONFIRMATIONS: String(CONFIRMATIONS),
    CHAIN_ETHEREUM_USDT_CONTRACT: usdt,
    CHAIN_ETHEREUM_USDC_CONTRACT: usdc,
  };
  return { ...(await watchedBy(node, env, log)), usdt, usdc };
}
