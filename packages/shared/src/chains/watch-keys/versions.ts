/**
 * SLIP-0132 version bytes (https://github.com/satoshilabs/slips/blob/master/slip-0132.md):
 * the first four bytes of a serialized BIP32 key, which say whose key it is and which
 * addresses its wallet makes. Public and private halves are listed: a private version is
 * recognised only to be refused.
 */
export const PUBLIC_VERSIONS = {
  xpub: 0x0488b21e,
  ypub: 0x049d7cb2,
  zpub: 0x04b24746,
  Ypub: 0x0295b43f,
  Zpub: 0x02aa7ed3,
  tpub: 0x043587cf,
  upub: 0x044a5262,
  vpub: 0x045f1cf6,
  Upub: 0x024289ef,
  Vpub: 0x02575483,
  Ltub: 0x019da462,
  Mtub: 0x01b26ef6,
  ttub: 0x0436f6e1,
} as const;

export type PublicVersionName = keyof typeof PUBLIC_VERSIONS;

export const PRIVATE_VERSIONS: Readonly<Record<string, number>> = {
  xprv: 0x0488ade4,
  yprv: 0x049d7878,
  zprv: 0x04b2430c,
  Yprv: 0x0295b005,
  Zprv: 0x02aa7a99,
  tprv: 0x04358394,
  uprv: 0x044a4e28,
  vprv: 0x045f18bc,
  Uprv: 0x024285b5,
  Vprv: 0x02575048,
  Ltpv: 0x019d9cfe,
  Mtpv: 0x01b26792,
  ttpv: 0x0436ef7d,
};

/**
 * Keys Parley knows but will not watch: nested segwit (BIP49: ypub, upub, and Litecoin's
 * Mtub) and multisig (Ypub, Zpub, Upub, Vpub). Reading them as BIP84 would hand out
 * addresses their wallet never looks at.
 */
export const UNSUPPORTED_VERSIONS: readonly PublicVersionName[] = [
  'ypub',
  'upub',
  'Mtub',
  'Ypub',
  'Zpub',
  'Upub',
  'Vpub',
];

/** Which chain a Bitcoin-family network setting points at (`CHAIN_<NETWORK>_NETWORK`). */
export type ChainSetting = 'mainnet' | 'testnet' | 'regtest';

/** The key versions accepted per network and chain setting (decision 0055). */
export function acceptedVersions(
  network: 'bitcoin' | 'litecoin' | 'evm' | 'tron',
  chain: ChainSetting,
): readonly PublicVersionName[] {
  const test = chain !== 'mainnet';
  switch (network) {
    case 'bitcoin':
      return test ? ['vpub', 'tpub'] : ['zpub', 'xpub'];
    case 'litecoin':
      // Litecoin Core itself serialises with xpub/tpub; Electrum-LTC with zpub/vpub.
      return test ? ['vpub', 'ttub', 'tpub'] : ['zpub', 'Ltub', 'xpub'];
    case 'evm':
    case 'tron':
      return ['xpub'];
  }
}

/** The name of a public version, or null. */
export function publicVersionName(version: number): PublicVersionName | null {
  for (const [name, bytes] of Object.entries(PUBLIC_VERSIONS))
    if (bytes === version) return name as PublicVersionName;
  return null;
}

export function isPrivateVersion(version: number): boolean {
  return Object.values(PRIVATE_VERSIONS).includes(version);
}
