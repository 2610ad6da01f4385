import { hex } from '@scure/base';
import { Address, OutScript } from '@scure/btc-signer';
import type { ChainSetting } from './versions.js';

type BitcoinFamily = 'bitcoin' | 'litecoin';

/**
 * Address prefixes per chain: bech32 HRP (BIP173, Litecoin Core's chain params) and the
 * base58 version bytes of P2PKH and P2SH addresses.
 */
const PARAMS: Record<BitcoinFamily, Record<ChainSetting, [string, number, number]>> = {
  bitcoin: {
    mainnet: ['bc', 0x00, 0x05],
    testnet: ['tb', 0x6f, 0xc4],
    regtest: ['bcrt', 0x6f, 0xc4],
  },
  litecoin: {
    mainnet: ['ltc', 0x30, 0x32],
    testnet: ['tltc', 0x6f, 0x3a],
    regtest: ['rltc', 0x6f, 0x3a],
  },
};

/**
 * The address an output script pays, written for `network` on `chain`, or null for a
 * script with no address (OP_RETURN, bare multisig, anything non-standard). Read from
 * the script itself rather than the node's `address` field, which differs between node
 * versions and would follow the node's own chain rather than the one configured.
 */
export function addressOfScript(
  network: BitcoinFamily,
  chain: ChainSetting,
  scriptHex: string,
): string | null {
  if (!/^([0-9a-fA-F]{2})+$/.test(scriptHex)) return null;
  const [bech32, pubKeyHash, scriptHash] = PARAMS[network][chain];
  try {
    const decoded = OutScript.decode(hex.decode(scriptHex.toLowerCase()));
    if (!['pkh', 'sh', 'wpkh', 'wsh', 'tr'].includes(decoded.type)) return null;
    return Address({ bech32, pubKeyHash, scriptHash, wif: 0 }).encode(decoded);
  } catch {
    return null;
  }
}
