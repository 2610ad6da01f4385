import { normalizeAddress } from '@parley/shared/chains';
import { describe, expect, it } from 'vitest';
import { exactAmount, NO_PARENT, parseVerboseBlock } from './bitcoin-parse.js';
import { quoteExactNumbers } from './json-rpc.js';
import { ChainNodeError } from './port.js';

const PAID = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const ALSO_PAID = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const TXID = 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d';

/**
 * `getblock <hash> 2` as Bitcoin Core 22 and later writes it: one `address` per output
 * (no `addresses` array, no `reqSigs`), a `desc` descriptor, amounts with 8 decimals.
 */
const CORE_22_BLOCK = `{
  "hash": "00000000000000000001c1cc1b2a1e2b38d5b9b0b8b6e5a2cfb5cbd1b7d5e0f1",
  "confirmations": 3, "height": 812345, "version": 536870912, "versionHex": "20000000",
  "merkleroot": "4b2c5d1b6b0e3a2b6f7f9c6e4d2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a",
  "time": 1697000000, "mediantime": 1696998000, "nonce": 12345, "bits": "17053894",
  "difficulty": 57119871304635.31, "nTx": 2,
  "previousblockhash": "00000000000000000002A0B1C2D3E4F5061728394A5B6C7D8E9F0A1B2C3D4E5F",
  "tx": [
    {
      "txid": "${'c'.repeat(64)}", "hash": "${'c'.repeat(64)}", "version": 2, "size": 100,
      "vsize": 100, "weight": 400, "locktime": 0,
      "vin": [{ "coinbase": "03b9650c", "sequence": 4294967295 }],
      "vout": [
        { "value": 6.39062517, "n": 0, "scriptPubKey": { "asm": "0 e8df018c7e326cc253faac7e46cdc51e68542c42",
          "desc": "addr(${ALSO_PAID})#abcd1234", "hex": "0014e8df018c7e326cc253faac7e46cdc51e68542c42",
          "address": "${ALSO_PAID}", "type": "witness_v0_keyhash" } },
        { "value": 0.00000000, "n": 1, "scriptPubKey": { "asm": "OP_RETURN aa21a9ed",
          "desc": "raw(6a24aa21a9ed)#efgh5678", "hex": "6a24aa21a9ed", "type": "nulldata" } }
      ]
    },
    {
      "txid": "${TXID.toUpperCase()}", "hash": "${TXID}", "version": 2, "size": 222,
      "vsize": 141, "weight": 561, "locktime": 812344, "fee": 0.00001410,
      "vin": [{ "txid": "${'d'.repeat(64)}", "vout": 0, "scriptSig": { "asm": "", "hex": "" },
        "txinwitness": [], "sequence": 4294967293 }],
      "vout": [
        { "value": 20999999.97690000, "n": 0, "scriptPubKey": { "asm": "0 x",
          "desc": "addr(bc1qother)#x", "hex": "0014", "address": "bc1qotheraddressnotwatched", "type": "witness_v0_keyhash" } },
        { "value": 0.30000001, "n": 1, "scriptPubKey": { "asm": "0 y",
          "desc": "addr(${PAID})#y", "hex": "0014751E76E8199196D454941C45D1B3A323F1433BD6", "address": "${PAID.toUpperCase()}", "type": "witness_v0_keyhash" } },
        { "value": 0.00000001, "n": 2, "scriptPubKey": { "asm": "0 y",
          "desc": "addr(${PAID})#y", "hex": "0014751e76e8199196d454941c45d1b3a323f1433bd6", "address": "${PAID}", "type": "witness_v0_keyhash" } },
        { "value": 1.00000000, "n": 3, "scriptPubKey": { "asm": "1 key key 2 OP_CHECKMULTISIG",
          "desc": "multi(1,x,y)#z", "hex": "5121", "type": "multisig" } }
      ]
    }
  ]
}`;

/** The same answer after json-rpc read it: amounts kept as the node wrote them. */
const read = (text: string) => JSON.parse(quoteExactNumbers(text, ['value']));
const watching =
  (...addresses: string[]) =>
  (a: string) =>
    addresses.includes(a);

describe('reading getblock (verbosity 2)', () => {
  it('reads Bitcoin Core 22+ blocks (one address field) with exact amounts', () => {
    const block = parseVerboseBlock(
      'bitcoin',
      'mainnet',
      read(CORE_22_BLOCK),
      watching(PAID, ALSO_PAID),
    );
    expect(block.header).toEqual({
      height: 812345,
      hash: '00000000000000000001c1cc1b2a1e2b38d5b9b0b8b6e5a2cfb5cbd1b7d5e0f1',
      parentHash: '00000000000000000002a0b1c2d3e4f5061728394a5b6c7d8e9f0a1b2c3d4e5f',
      time: new Date(1697000000 * 1000),
    });
    expect(block.outputs).toEqual([
      {
        txid: 'c'.repeat(64),
        output: '0',
        address: ALSO_PAID,
        currency: 'BTC',
        amount: '6.39062517',
      },
      { txid: TXID, output: '1', address: PAID, currency: 'BTC', amount: '0.30000001' },
      { txid: TXID, output: '2', address: PAID, currency: 'BTC', amount: '0.00000001' },
    ]);
  });

  it('reads Bitcoin Core 0.21 blocks (a one-element addresses array), skipping multisig and MWEB', () => {
    const answer = read(`{
      "hash": "${'e'.repeat(64)}", "height": 0, "time": 1296688602,
      "tx": [{ "txid": "${TXID}", "vout": [
        { "ismweb": false, "value": 12.34567891, "n": 0, "scriptPubKey": { "reqSigs": 1,
          "type": "witness_v0_keyhash", "addresses": ["rltc1qwy49p5q7u5mv3u7w2k37xxun3zep56fwgl40eu"] } },
        { "ismweb": false, "value": 2.5, "n": 1, "scriptPubKey": { "reqSigs": 1, "type": "multisig",
          "addresses": ["rltc1qwy49p5q7u5mv3u7w2k37xxun3zep56fwgl40eu", "rltc1qother"] } },
        { "ismweb": true, "value": 3.0, "n": 2, "scriptPubKey": {
          "addresses": ["rltc1qwy49p5q7u5mv3u7w2k37xxun3zep56fwgl40eu"] } }
      ] }]
    }`);
    const block = parseVerboseBlock(
      'litecoin',
      'regtest',
      answer,
      watching('rltc1qwy49p5q7u5mv3u7w2k37xxun3zep56fwgl40eu'),
    );
    // The genesis block names no parent: the all-zero hash stands in.
    expect(block.header.parentHash).toBe(NO_PARENT);
    expect(block.outputs).toEqual([
      {
        txid: TXID,
        output: '0',
        address: 'rltc1qwy49p5q7u5mv3u7w2k37xxun3zep56fwgl40eu',
        currency: 'LTC',
        amount: '12.34567891',
      },
    ]);
  });

  it('refuses answers that do not parse, with a code and no raw answer', () => {
    const cases = [
      { hash: 'zz', height: 1, time: 1, tx: [] },
      { hash: 'e'.repeat(64), height: -1, time: 1, tx: [] },
      {
        hash: 'e'.repeat(64),
        height: 1,
        time: 1,
        tx: [{ txid: TXID, vout: [{ value: 1, n: 0 }] }],
      },
      {
        hash: 'e'.repeat(64),
        height: 1,
        time: 1,
        tx: [
          { txid: TXID, vout: [{ value: '0.123456789', n: 0, scriptPubKey: { address: PAID } }] },
        ],
      },
    ];
    for (const answer of cases) {
      let caught: unknown;
      try {
        parseVerboseBlock('bitcoin', 'mainnet', answer, () => true);
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(ChainNodeError);
      expect((caught as ChainNodeError).code).toBe('CHAIN_BAD_ANSWER');
      expect((caught as ChainNodeError).message).not.toContain(TXID);
    }
  });
});

describe('amounts and addresses', () => {
  it('keeps amounts exact at 8 decimals', () => {
    expect(exactAmount('20999999.9769')).toBe('20999999.97690000');
    expect(exactAmount('0.00000001')).toBe('0.00000001');
    expect(exactAmount('0')).toBe('0.00000000');
    expect(() => exactAmount('1e-8')).toThrow(ChainNodeError);
    expect(() => exactAmount('-1')).toThrow(ChainNodeError);
  });

  it('writes bech32 addresses of every chain in lower case, others as given', () => {
    expect(normalizeAddress('bitcoin', PAID.toUpperCase())).toBe(PAID);
    expect(normalizeAddress('litecoin', 'RLTC1QWY49P5Q7U5MV3U7W2K37XXUN3ZEP56FWGL40EU')).toBe(
      'rltc1qwy49p5q7u5mv3u7w2k37xxun3zep56fwgl40eu',
    );
    expect(normalizeAddress('litecoin', 'LQ5X1r32bU3v2TgVxE9osb2YnCZNFY6ikm')).toBe(
      'LQ5X1r32bU3v2TgVxE9osb2YnCZNFY6ikm',
    );
  });
});
