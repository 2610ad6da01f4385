import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import type { ChainStatusRepo, CursorRow, DepositCount } from './chain-status.repo.js';
import type { ActiveKeyRow, SetKeyInput, WatchKeysRepo } from './watch-keys.repo.js';
import { createWatchKeysService, type WatchedNetworkInfo } from './watch-keys.service.js';

// Published vectors of the seed "abandon … about" (BIP84; the others are its accounts).
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const ACCOUNT_1_ZPUB =
  'zpub6rFR7y4Q2AijF6Gk1bofHLs1d66hKFamhXWdWBup1Em25wfabZqkDqvaieV63fDQFaYmaatCG7jVNUpUiM2hAMo6SAVHcrUpSnHDpNzucB7';
const EVM_XPUB =
  'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt';
const TRON_XPUB =
  'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd';
const BIP84_VPUB =
  'vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc';
const XPRV =
  'xprv9ybY78BftS5UGANki6oSifuQEjkpyAC8ZmBvBNTshQnCBcxnefjHS7buPMkkqhcRzmoGZ5bokx7GuyDAiktd5HemohAU4wV1ZPMDRmLpBMm';
const YPUB =
  'ypub6Ww3ibxVfGzLrAH1PNcjyAWenMTbbAosGNB6VvmSEgytSER9azLDWCxoJwW7Ke7icmizBMXrzBx9979FfaHxHcrArf3zbeJJJUZPf663zsP';
const DEPTH_4 =
  'zpub6u4KbU8TSgNuZSxzv7HaGq5Tk361gMHdZxnM4UYuwzg5CMLcNytzhobitV4Zq6vWtWHpG9QijsigkxAzXvQWyLRfLq1L7VxPP1tky1hPfD4';
const SEED_PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

const by = { actorId: 'admin-1', ip: '127.0.0.1' };

/** Keys in memory with the repo's rules: one active per family, counters kept. */
function fakeKeys() {
  const rows: ActiveKeyRow[] = [];
  let conflict = false;
  const repo: WatchKeysRepo = {
    listActive: async () => rows.filter((r) => r.isActive),
    async setActive(input: SetKeyInput) {
      if (conflict) return 'conflict';
      for (const r of rows) if (r.family === input.family) r.isActive = false;
      let row = rows.find((r) => r.family === input.family && r.extendedKey === input.extendedKey);
      if (!row) {
        row = {
          ...input,
          id: `k${rows.length + 1}`,
          nextIndex: 0,
          isActive: true,
          addedBy: 'admin-1',
          addedByEmail: 'admin@example.com',
          createdAt: new Date('2026-11-01T10:00:00Z'),
          updatedAt: new Date('2026-11-01T10:00:00Z'),
        };
        rows.push(row);
      }
      row.isActive = true;
      return row;
    },
    async deactivate(family: string) {
      const row = rows.find((r) => r.family === family && r.isActive);
      if (!row) return null;
      row.isActive = false;
      return row;
    },
  };
  return {
    repo,
    rows,
    failNext: () => {
      conflict = true;
    },
  };
}

function fakeStatus(cursors: Partial<CursorRow>[] = [], counts: DepositCount[] = []) {
  const repo: ChainStatusRepo = {
    cursors: async () => cursors as CursorRow[],
    depositCounts: async () => counts,
  };
  return repo;
}

function serviceWith(
  watched: Partial<Record<string, WatchedNetworkInfo>> = {},
  status = fakeStatus(),
) {
  const keys = fakeKeys();
  const service = createWatchKeysService({
    keys: keys.repo,
    status,
    watched,
    defaults: {
      confirmations: {
        bitcoin: 2,
        litecoin: 6,
        ethereum: 12,
        bsc: 15,
        polygon: 64,
        tron: 20,
        solana: 1,
      },
      chainIds: { ethereum: 1, bsc: 56, polygon: 137 },
    },
  });
  return { service, keys };
}

/** The field code a refused preview carries on body.key, and its message. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    expect(e.code).toBe('VALIDATION_FAILED');
    expect(e.fields?.[0]?.path).toBe('body.key');
    return { code: e.fields?.[0]?.code, text: JSON.stringify({ m: e.message, f: e.fields }) };
  }
  throw new Error('not refused');
}

describe('watch keys: preview', () => {
  it('shows the BIP84 vector’s addresses with their paths', () => {
    const { service } = serviceWith();
    const preview = service.preview({ family: 'bitcoin', key: ` ${BIP84_ZPUB}\n`, count: 2 });
    expect(preview).toEqual({
      version: 'zpub',
      chain: 'mainnet',
      addresses: [
        {
          index: 0,
          path: "m/84'/0'/0'/0/0",
          address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
        },
        {
          index: 1,
          path: "m/84'/0'/0'/0/1",
          address: 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
        },
      ],
    });
  });

  it('names the key’s own account in the path, and five addresses by default', () => {
    const { service } = serviceWith();
    const preview = service.preview({ family: 'bitcoin', key: ACCOUNT_1_ZPUB });
    expect(preview.addresses.map((a) => a.path)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `m/84'/0'/1'/0/${i}`),
    );
  });

  it('reads an EVM key for Ethereum paths and a TRON key for TRON', () => {
    const { service } = serviceWith();
    const evm = service.preview({ family: 'evm', key: EVM_XPUB, count: 1 });
    expect(evm.addresses[0]).toEqual({
      index: 0,
      path: "m/44'/60'/0'/0/0",
      address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    });
    const tron = service.preview({ family: 'tron', key: TRON_XPUB, count: 1 });
    expect(tron.addresses[0]?.path).toBe("m/44'/195'/0'/0/0");
    expect(tron.addresses[0]?.address).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
  });

  it('refuses each wrong key with its code and never repeats the text', () => {
    const { service } = serviceWith();
    const cases: [string, 'bitcoin' | 'evm', string][] = [
      [XPRV, 'bitcoin', 'WATCH_KEY_PRIVATE'],
      [SEED_PHRASE, 'evm', 'WATCH_KEY_PRIVATE'],
      [BIP84_VPUB, 'bitcoin', 'WATCH_KEY_WRONG_NETWORK'],
      [DEPTH_4, 'bitcoin', 'WATCH_KEY_WRONG_DEPTH'],
      [YPUB, 'bitcoin', 'WATCH_KEY_UNSUPPORTED'],
      ['not a key', 'bitcoin', 'WATCH_KEY_INVALID'],
    ];
    for (const [key, family, code] of cases) {
      const r = refusal(() => service.preview({ family, key }));
      expect(r.code, key.slice(0, 4)).toBe(code);
      expect(r.text).not.toContain(key.slice(4, 30));
    }
  });

  it('reads Bitcoin keys for the network setting: a vpub on testnet', () => {
    const { service } = serviceWith({
      bitcoin: { confirmations: 1, chainId: null, chain: 'testnet' },
    });
    const preview = service.preview({ family: 'bitcoin', key: BIP84_VPUB, count: 1 });
    expect(preview.chain).toBe('testnet');
    expect(preview.addresses[0]?.path).toBe("m/84'/1'/0'/0/0");
    expect(preview.addresses[0]?.address.startsWith('tb1q')).toBe(true);
    expect(refusal(() => service.preview({ family: 'bitcoin', key: BIP84_ZPUB })).code).toBe(
      'WATCH_KEY_WRONG_NETWORK',
    );
  });
});

describe('watch keys: set, list, remove', () => {
  it('lists every family, with the active key, its counter and first addresses', async () => {
    const { service, keys } = serviceWith();
    await service.set('bitcoin', BIP84_ZPUB, by);
    const row = keys.rows[0];
    if (row) row.nextIndex = 7;
    const list = await service.list();
    expect(list.map((v) => v.family)).toEqual(['bitcoin', 'litecoin', 'evm', 'tron']);
    const btc = list[0];
    expect(btc?.key).toMatchObject({
      extendedKey: BIP84_ZPUB,
      version: 'zpub',
      handedOut: 7,
      addedBy: { id: 'admin-1', email: 'admin@example.com' },
    });
    expect(btc?.key?.addresses).toHaveLength(5);
    expect(list[2]).toMatchObject({ networks: ['ethereum', 'bsc', 'polygon'], key: null });
  });

  it('validates before storing: a refused key changes nothing', async () => {
    const { service, keys } = serviceWith();
    await expect(service.set('bitcoin', XPRV, by)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(keys.rows).toHaveLength(0);
  });

  it('answers 409 when another admin changed the family at the same moment', async () => {
    const { service, keys } = serviceWith();
    keys.failNext();
    await expect(service.set('evm', EVM_XPUB, by)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('removes the active key, and says 404 when there is none', async () => {
    const { service } = serviceWith();
    await service.set('tron', TRON_XPUB, by);
    await service.remove('tron', by);
    expect((await service.list())[3]?.key).toBeNull();
    await expect(service.remove('tron', by)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('watch keys: status', () => {
  it('reports every network from its settings, its cursor and its deposits', async () => {
    const status = fakeStatus(
      [
        {
          network: 'bitcoin',
          height: 100,
          nodeHeight: 104,
          lastError: 'CHAIN_UNREACHABLE',
          lastErrorAt: new Date('2026-11-01T10:00:00Z'),
          checkedAt: new Date('2026-11-01T10:01:00Z'),
        },
      ],
      [
        { network: 'bitcoin', status: 'credited', n: 3 },
        { network: 'bitcoin', status: 'seen', n: 1 },
        { network: 'tron', status: 'dropped', n: 2 },
      ],
    );
    const { service } = serviceWith(
      {
        bitcoin: { confirmations: 3, chainId: null, chain: 'regtest' },
        polygon: { confirmations: 80, chainId: 80002, chain: 'mainnet' },
      },
      status,
    );
    const rows = await service.status();
    expect(rows.map((r) => r.network)).toEqual([
      'bitcoin',
      'litecoin',
      'ethereum',
      'bsc',
      'polygon',
      'tron',
      'solana',
    ]);
    const btc = rows[0];
    expect(btc).toMatchObject({
      watched: true,
      confirmations: 3,
      chain: 'regtest',
      family: 'bitcoin',
      keyActive: false,
      handedOut: null,
      nodeHeight: 104,
      cursorHeight: 100,
      lag: 4,
      lastError: 'CHAIN_UNREACHABLE',
      lastErrorAt: '2026-11-01T10:00:00.000Z',
      deposits: { seen: 1, credited: 3, dropped: 0 },
    });
    expect(rows[4]).toMatchObject({ watched: true, chainId: 80002, confirmations: 80 });
    expect(rows[3]).toMatchObject({ watched: false, chainId: 56, confirmations: 15, lag: null });
    expect(rows[5]?.deposits.dropped).toBe(2);
    expect(rows[6]).toMatchObject({ family: null, keyActive: false, chain: null });
  });
});
