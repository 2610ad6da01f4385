import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import {
  deriveAddress,
  firstAddresses,
  MAX_INDEX,
  PRIVATE_VERSIONS,
  PUBLIC_VERSIONS,
  parseWatchKey,
  type WatchKey,
} from './index.js';

// The seed phrase every published vector below starts from. Test only: production code
// never sees a seed or a private key.
const SEED = mnemonicToSeedSync(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);
const base58check = createBase58check(sha256);

/** The extended key at `path`, serialised with `version` (public unless `priv`). */
function keyAt(path: string, version: number, priv = false, privVersion = 0x0488ade4): string {
  const node = HDKey.fromMasterSeed(SEED, { public: version, private: privVersion }).derive(path);
  return priv ? node.privateExtendedKey : node.publicExtendedKey;
}

/** `text` re-serialised with another version (same key bytes, new checksum). */
function withVersion(text: string, version: number): string {
  const bytes = base58check.decode(text);
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(0, version);
  return base58check.encode(bytes);
}

function parsed(...args: Parameters<typeof parseWatchKey>): WatchKey {
  const result = parseWatchKey(...args);
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return result.key;
}

const addresses = (key: WatchKey, n: number) => {
  const result = firstAddresses(key, n);
  if (!result.ok) throw new Error(result.code);
  return result.addresses.map((a) => a.address);
};

// BIP84 test vectors (https://github.com/bitcoin/bips/blob/master/bip-0084.mediawiki):
// account 0 zpub and zprv, first two receive addresses.
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const BIP84_ZPRV =
  'zprvAdG4iTXWBoARxkkzNpNh8r6Qag3irQB8PzEMkAFeTRXxHpbF9z4QgEvBRmfvqWvGp42t42nvgGpNgYSJA9iefm1yYNZKEm7z6qUWCroSQnE';
// Testnet (m/84'/1'/0'): bip_utils' BIP84 tests (ebellocchia/bip_utils, tests/bip/bip84/test_bip84.py).
const BIP84_VPUB =
  'vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc';

describe('SLIP-0132 version bytes', () => {
  it('each version serialises to the prefix it is named after', () => {
    const account = keyAt("m/84'/0'/0'", PUBLIC_VERSIONS.xpub);
    for (const [name, version] of Object.entries(PUBLIC_VERSIONS))
      expect(withVersion(account, version).slice(0, 4)).toBe(name);
    const priv = keyAt("m/84'/0'/0'", PUBLIC_VERSIONS.xpub, true);
    for (const [name, version] of Object.entries(PRIVATE_VERSIONS))
      expect(withVersion(priv, version).slice(0, 4)).toBe(name);
  });

  it('the BIP84 vector is this seed at m/84h/0h/0h with zpub bytes', () => {
    expect(keyAt("m/84'/0'/0'", PUBLIC_VERSIONS.zpub)).toBe(BIP84_ZPUB);
    expect(keyAt("m/84'/1'/0'", PUBLIC_VERSIONS.vpub)).toBe(BIP84_VPUB);
  });
});

describe('Bitcoin', () => {
  it('derives BIP84 receive addresses from the zpub', () => {
    const key = parsed('bitcoin', BIP84_ZPUB);
    expect(key).toMatchObject({ kind: 'p2wpkh', version: 'zpub', chain: 'mainnet' });
    expect(addresses(key, 2)).toEqual([
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
    ]);
  });

  it('reads an xpub of the same account as BIP84', () => {
    const key = parsed('bitcoin', withVersion(BIP84_ZPUB, PUBLIC_VERSIONS.xpub));
    expect(deriveAddress(key, 0)).toEqual({
      ok: true,
      address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    });
  });

  it('takes vpub and tpub on test networks only', () => {
    const testnet = parsed('bitcoin', BIP84_VPUB, 'testnet');
    // bip_utils' BIP84 testnet addresses 0 and 1.
    expect(addresses(testnet, 2)).toEqual([
      'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl',
      'tb1qd7spv5q28348xl4myc8zmh983w5jx32cjhkn97',
    ]);
    const regtest = parsed('bitcoin', withVersion(BIP84_VPUB, PUBLIC_VERSIONS.tpub), 'regtest');
    expect(deriveAddress(regtest, 0)).toMatchObject({ address: expect.stringMatching(/^bcrt1q/) });
    expect(parseWatchKey('bitcoin', BIP84_VPUB)).toEqual({
      ok: false,
      code: 'WATCH_KEY_WRONG_NETWORK',
    });
    expect(parseWatchKey('bitcoin', BIP84_ZPUB, 'testnet')).toEqual({
      ok: false,
      code: 'WATCH_KEY_WRONG_NETWORK',
    });
  });
});

describe('Litecoin', () => {
  // m/84'/2'/0'/0/0 of this seed: ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh, as in
  // Trust Wallet Core's and several other wallets' published tests.
  const account = keyAt("m/84'/2'/0'", PUBLIC_VERSIONS.zpub);

  it('derives ltc1 addresses from zpub, Ltub and xpub', () => {
    for (const version of [PUBLIC_VERSIONS.zpub, PUBLIC_VERSIONS.Ltub, PUBLIC_VERSIONS.xpub]) {
      const key = parsed('litecoin', withVersion(account, version));
      expect(addresses(key, 1)).toEqual(['ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh']);
    }
  });

  it('takes vpub, ttub and tpub on test networks, with tltc1 and rltc1 addresses', () => {
    const ttub = withVersion(account, PUBLIC_VERSIONS.ttub);
    expect(addresses(parsed('litecoin', ttub, 'testnet'), 1)[0]).toMatch(/^tltc1q/);
    expect(addresses(parsed('litecoin', ttub, 'regtest'), 1)[0]).toMatch(/^rltc1q/);
    expect(parsed('litecoin', BIP84_VPUB, 'regtest').version).toBe('vpub');
    expect(parseWatchKey('litecoin', ttub)).toEqual({ ok: false, code: 'WATCH_KEY_WRONG_NETWORK' });
  });
});

describe('EVM and TRON', () => {
  it('derives the m/44h/60h/0h/0/0 address, one key for every EVM network', () => {
    const xpub = keyAt("m/44'/60'/0'", PUBLIC_VERSIONS.xpub);
    for (const network of ['ethereum', 'bsc', 'polygon'] as const)
      expect(deriveAddress(parsed(network, xpub), 0)).toEqual({
        ok: true,
        // BIP44 Ethereum address of this seed, as MetaMask, Ledger and Trezor show it.
        address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
      });
  });

  it('derives the m/44h/195h/0h/0/0 TRON address', () => {
    // klever-io/trx-ledger examples/getPublicKey.py: the TRON Ledger app's test case on
    // this seed at 44'/195'/0'/0/0 is TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH.
    const key = parsed('tron', keyAt("m/44'/195'/0'", PUBLIC_VERSIONS.xpub));
    expect(deriveAddress(key, 0)).toEqual({
      ok: true,
      address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
    });
  });

  it('refuses Bitcoin-only versions', () => {
    expect(parseWatchKey('ethereum', BIP84_ZPUB)).toEqual({
      ok: false,
      code: 'WATCH_KEY_WRONG_NETWORK',
    });
  });
});

describe('refusals', () => {
  const refusal = (code: string) => ({ ok: false, code });

  it('WATCH_KEY_PRIVATE for extended private keys and seed phrases, never echoing them', () => {
    expect(parseWatchKey('bitcoin', BIP84_ZPRV)).toEqual(refusal('WATCH_KEY_PRIVATE'));
    const xprv = keyAt("m/44'/60'/0'", PUBLIC_VERSIONS.xpub, true);
    expect(parseWatchKey('ethereum', xprv)).toEqual(refusal('WATCH_KEY_PRIVATE'));
    // A mistyped private key is still refused as private.
    expect(parseWatchKey('bitcoin', `${BIP84_ZPRV.slice(0, -1)}x`)).toEqual(
      refusal('WATCH_KEY_PRIVATE'),
    );
    // A tprv offered for a test network.
    expect(
      parseWatchKey('bitcoin', withVersion(xprv, PRIVATE_VERSIONS.tprv ?? 0), 'testnet'),
    ).toEqual(refusal('WATCH_KEY_PRIVATE'));
    const phrase = Array(11).fill('abandon').concat('about').join(' ');
    const result = parseWatchKey('bitcoin', phrase);
    expect(result).toEqual(refusal('WATCH_KEY_PRIVATE'));
    expect(JSON.stringify(result)).not.toContain('abandon');
  });

  it('WATCH_KEY_WRONG_DEPTH for anything but an account key', () => {
    expect(parseWatchKey('bitcoin', keyAt("m/84'/0'", PUBLIC_VERSIONS.zpub))).toEqual(
      refusal('WATCH_KEY_WRONG_DEPTH'),
    );
    expect(parseWatchKey('ethereum', keyAt("m/44'/60'/0'/0", PUBLIC_VERSIONS.xpub))).toEqual(
      refusal('WATCH_KEY_WRONG_DEPTH'),
    );
    expect(parseWatchKey('tron', keyAt('m', PUBLIC_VERSIONS.xpub))).toEqual(
      refusal('WATCH_KEY_WRONG_DEPTH'),
    );
  });

  it('WATCH_KEY_UNSUPPORTED for nested segwit, multisig and Solana', () => {
    for (const version of ['ypub', 'Mtub', 'Zpub'] as const)
      expect(parseWatchKey('litecoin', withVersion(BIP84_ZPUB, PUBLIC_VERSIONS[version]))).toEqual(
        refusal('WATCH_KEY_UNSUPPORTED'),
      );
    expect(parseWatchKey('solana', withVersion(BIP84_ZPUB, PUBLIC_VERSIONS.xpub))).toEqual(
      refusal('WATCH_KEY_UNSUPPORTED'),
    );
  });

  it('WATCH_KEY_INVALID for bad checksums, unknown versions, control characters', () => {
    expect(parseWatchKey('bitcoin', `${BIP84_ZPUB.slice(0, -1)}t`)).toEqual(
      refusal('WATCH_KEY_INVALID'),
    );
    expect(parseWatchKey('bitcoin', withVersion(BIP84_ZPUB, 0x01020304))).toEqual(
      refusal('WATCH_KEY_INVALID'),
    );
    expect(parseWatchKey('bitcoin', `${BIP84_ZPUB}\u0000`)).toEqual(refusal('WATCH_KEY_INVALID'));
    expect(parseWatchKey('bitcoin', 'zpub\u001b[31m')).toEqual(refusal('WATCH_KEY_INVALID'));
    expect(parseWatchKey('bitcoin', '')).toEqual(refusal('WATCH_KEY_INVALID'));
    expect(parseWatchKey('bitcoin', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toEqual(
      refusal('WATCH_KEY_INVALID'),
    );
    // Key bytes that are not a point on the curve.
    const bytes = base58check.decode(BIP84_ZPUB);
    bytes.fill(0xff, 46);
    expect(parseWatchKey('bitcoin', base58check.encode(bytes))).toEqual(
      refusal('WATCH_KEY_INVALID'),
    );
  });

  it('trims surrounding whitespace', () => {
    expect(parsed('bitcoin', `  ${BIP84_ZPUB}\n`).extendedKey).toBe(BIP84_ZPUB);
  });

  it('WATCH_KEY_INDEX_INVALID and WATCH_KEY_COUNT_INVALID', () => {
    const key = parsed('bitcoin', BIP84_ZPUB);
    for (const index of [-1, 1.5, MAX_INDEX + 1, Number.NaN])
      expect(deriveAddress(key, index)).toEqual(refusal('WATCH_KEY_INDEX_INVALID'));
    expect(deriveAddress(key, MAX_INDEX).ok).toBe(true);
    for (const n of [0, 101, 2.5])
      expect(firstAddresses(key, n)).toEqual(refusal('WATCH_KEY_COUNT_INVALID'));
  });
});
