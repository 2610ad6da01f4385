import { HDKey } from '@scure/bip32';
import {
  type Litecoind,
  litecoindAvailable,
  litecoinFormOf,
  requireChainNodes,
  startLitecoind,
} from '../../apps/api/test/litecoind';
import { freePort } from '../../apps/api/test/sipp';
import { ADMIN } from './accounts';
import { startParley } from './parley-server';

export { litecoindAvailable, litecoinFormOf, requireChainNodes };

/** Confirmations the chain specs' networks wait for: two blocks keep the tests short. */
export const CONFIRMATIONS = 2;

/**
 * A BIP84 account key for Litecoin's test networks (vpub) from a fixed seed: what an
 * admin pastes from their wallet. Its private half exists only in this test.
 */
export function testLitecoinKey(): string {
  const seed = Uint8Array.from({ length: 32 }, (_, i) => 100 + i);
  const versions = { private: 0x045f18bc, public: 0x045f1cf6 };
  return HDKey.fromMasterSeed(seed, versions).derive("m/84'/1'/0'").publicExtendedKey;
}

/**
 * A BIP84 account key for Bitcoin's test networks (vpub) from another fixed seed: were it
 * the Litecoin key's, both watchers (on the same node) would read one payment as both
 * coins' deposit.
 */
export function testBitcoinKey(): string {
  const seed = Uint8Array.from({ length: 32 }, (_, i) => 50 + i);
  const versions = { private: 0x045f18bc, public: 0x045f1cf6 };
  return HDKey.fromMasterSeed(seed, versions).derive("m/84'/1'/0'").publicExtendedKey;
}

/**
 * A Parley of the chain specs' own beside `node`, on 127.0.0.1, watching what `chainEnv`
 * names (CHAIN_* settings) and polling every 0.3 s: the chain specs change which coins
 * are paid how, so they keep off the suite's shared server. `stop()` stops both by their
 * PIDs; the node is stopped too if Parley does not start.
 */
export async function watchedBy<Node extends { stop(): Promise<void> }>(
  node: Node,
  chainEnv: Record<string, string>,
  log: (line: string) => void,
) {
  try {
    const parley = await startParley({
      port: await freePort(),
      log,
      env: {
        VOICE_GATEWAY: 'sandbox',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ADMIN_TOTP_SECRET: ADMIN.totpSecret,
        RATE_MAX_AGE_CRYPTO_MINUTES: '600',
        CHAIN_POLL_SECONDS: '0.3',
        ...chainEnv,
      },
    });
    return {
      url: parley.url,
      node,
      async stop() {
        await parley.stop();
        await node.stop();
      },
    };
  } catch (err) {
    await node.stop();
    throw err;
  }
}

/**
 * A Litecoin node (litecoind, regtest) and a Parley watching it as Litecoin and as
 * Bitcoin regtest: there is no bitcoind here, and the Bitcoin watcher reads the node's
 * scripts as bcrt1 addresses (the node pays one in its Litecoin form, `litecoinFormOf`).
 * One node serves both coins.
 */
export async function startChainStack(log: (line: string) => void) {
  const node: Litecoind = await startLitecoind();
  const watched: Record<string, string> = {};
  for (const network of ['LITECOIN', 'BITCOIN']) {
    watched[`CHAIN_${network}_RPC_URL`] = node.rpcUrl;
    watched[`CHAIN_${network}_NETWORK`] = 'regtest';
    watched[`CHAIN_${network}_CONFIRMATIONS`] = String(CONFIRMATIONS);
  }
  return watchedBy(node, watched, log);
}
