import {
  type ChainNetworkStatus,
  type DerivedAddress,
  type FieldCode,
  KEY_FAMILIES,
  KEY_FAMILY_NETWORKS,
  type KeyFamily,
  type KeyFamilyView,
  keyFamilyOf,
  NETWORKS,
  type Network,
  PREVIEW_DEFAULT,
  type WatchKeyPreview,
  type WatchKeyPreviewInput,
} from '@parley/shared';
import {
  type ChainSetting,
  firstAddresses,
  parseWatchKey,
  type WatchKey,
} from '@parley/shared/watch-keys';
import { AppError } from '../../lib/app-error.js';
import type { AuditBy } from '../../lib/audit-by.js';
import type { ChainStatusRepo } from './chain-status.repo.js';
import type { ActiveKeyRow, WatchKeysRepo } from './watch-keys.repo.js';

/** What the service knows of a watched network: never its node's URL. */
export type WatchedNetworkInfo = {
  confirmations: number;
  chainId: number | null;
  chain: ChainSetting;
};

const FAMILY_NETWORKS = KEY_FAMILY_NETWORKS;
const FAMILIES = KEY_FAMILIES;

/** BIP44 purpose and coin type of each family's accounts (testnets share coin 1). */
const PURPOSE_COIN: Record<KeyFamily, [number, number]> = {
  bitcoin: [84, 0],
  litecoin: [84, 2],
  evm: [44, 60],
  tron: [44, 195],
};
const HARDENED = 0x80000000;

/** `m/84'/0'/0'/0/<index>`: the account number is the key's own, the rest the family's. */
function pathOf(key: WatchKey, family: KeyFamily, index: number): string {
  const [purpose, coin] = PURPOSE_COIN[family];
  const testCoin = key.chain !== 'mainnet' && key.kind === 'p2wpkh';
  const child = key.account.index;
  const account = child >= HARDENED ? `${child - HARDENED}'` : String(child);
  return `m/${purpose}'/${testCoin ? 1 : coin}'/${account}/0/${index}`;
}

/** parseWatchKey's refusals, each a field code with the English for API users. */
const MESSAGES = {
  WATCH_KEY_PRIVATE: 'A private key or recovery phrase: give the account’s extended public key',
  WATCH_KEY_WRONG_NETWORK: 'This key is for another network or chain',
  WATCH_KEY_WRONG_DEPTH: 'Not an account key (m/purpose’/coin’/account’)',
  WATCH_KEY_UNSUPPORTED: 'This kind of key (nested segwit or multisig) is not supported',
  WATCH_KEY_INVALID: 'Not an extended public key',
} satisfies Partial<Record<FieldCode, string>>;
type KeyRefusal = keyof typeof MESSAGES;
const isKeyRefusal = (code: string): code is KeyRefusal => code in MESSAGES;

function refused(parsed: string): AppError {
  // The key's text is never repeated: it is the admin's, and may be a secret pasted by mistake.
  const code = isKeyRefusal(parsed) ? parsed : 'WATCH_KEY_INVALID';
  return new AppError('VALIDATION_FAILED', 'The key was refused.', [
    { path: 'body.key', code, message: MESSAGES[code] },
  ]);
}

export function createWatchKeysService(deps: {
  keys: WatchKeysRepo;
  status: ChainStatusRepo;
  /** The networks with a node (CHAIN_<NETWORK>_RPC_URL). */
  watched: Partial<Record<Network, WatchedNetworkInfo>>;
  /** Confirmations and chain ids of networks without a node (the defaults). */
  defaults: { confirmations: Record<Network, number>; chainIds: Partial<Record<Network, number>> };
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  /** The chain a family's key is read for: the network setting (Bitcoin family) or mainnet. */
  const chainOf = (family: KeyFamily): ChainSetting =>
    family === 'bitcoin' || family === 'litecoin'
      ? (deps.watched[family]?.chain ?? 'mainnet')
      : 'mainnet';

  const parse = (family: KeyFamily, text: string, chain = chainOf(family)) => {
    const parsed = parseWatchKey(FAMILY_NETWORKS[family][0] as Network, text, chain);
    if (!parsed.ok) throw refused(parsed.code);
    return parsed.key;
  };

  const addressesOf = (key: WatchKey, family: KeyFamily, n: number): DerivedAddress[] => {
    const first = firstAddresses(key, n);
    if (!first.ok) return [];
    return first.addresses.map((a) => ({ ...a, path: pathOf(key, family, a.index) }));
  };

  const viewOf = (family: KeyFamily, row: ActiveKeyRow | undefined): KeyFamilyView => {
    const base = { family, networks: [...FAMILY_NETWORKS[family]], chain: chainOf(family) };
    if (!row) return { ...base, key: null };
    const parsed = parseWatchKey(
      FAMILY_NETWORKS[family][0] as Network,
      row.extendedKey,
      row.chain as ChainSetting,
    );
    return {
      ...base,
      key: {
        id: row.id,
        extendedKey: row.extendedKey,
        version: parsed.ok ? parsed.key.version : '',
        chain: row.chain as ChainSetting,
        handedOut: row.nextIndex,
        addedAt: row.createdAt.toISOString(),
        addedBy:
          row.addedBy && row.addedByEmail ? { id: row.addedBy, email: row.addedByEmail } : null,
        addresses: parsed.ok ? addressesOf(parsed.key, family, PREVIEW_DEFAULT) : [],
      },
    };
  };

  const list = async (): Promise<KeyFamilyView[]> => {
    const rows = await deps.keys.listActive();
    return FAMILIES.map((f) =>
      viewOf(
        f,
        rows.find((r) => r.family === f),
      ),
    );
  };

  return {
    list,

    /** The key's first addresses, for the admin to compare with their wallet; nothing is stored. */
    preview(input: WatchKeyPreviewInput): WatchKeyPreview {
      const key = parse(input.family, input.key);
      const addresses = addressesOf(key, input.family, input.count ?? PREVIEW_DEFAULT);
      return { version: key.version, chain: key.chain, addresses };
    },

    async set(family: KeyFamily, text: string, by: AuditBy): Promise<KeyFamilyView> {
      const key = parse(family, text);
      const row = await deps.keys.setActive(
        { family, extendedKey: key.extendedKey, chain: key.chain },
        by,
        now(),
      );
      if (row === 'conflict')
        throw new AppError('CONFLICT', 'The key was changed at the same time; try again.');
      const view = (await list()).find((v) => v.family === family);
      if (!view) throw new Error(`no view of ${family}`);
      return view;
    },

    async remove(family: KeyFamily, by: AuditBy): Promise<void> {
      const row = await deps.keys.deactivate(family, by, now());
      if (!row) throw new AppError('NOT_FOUND', 'This family has no active key.');
    },

    async status(): Promise<ChainNetworkStatus[]> {
      const [keys, cursors, counts] = await Promise.all([
        deps.keys.listActive(),
        deps.status.cursors(),
        deps.status.depositCounts(),
      ]);
      return NETWORKS.map((network) => {
        const watched = deps.watched[network];
        const family = keyFamilyOf(network);
        const key = family ? keys.find((k) => k.family === family) : undefined;
        const cursor = cursors.find((c) => c.network === network);
        const countOf = (status: string) =>
          counts.find((c) => c.network === network && c.status === status)?.n ?? 0;
        const nodeHeight = cursor?.nodeHeight ?? null;
        const cursorHeight = cursor?.height ?? null;
        return {
          network,
          watched: watched !== undefined,
          confirmations: watched?.confirmations ?? deps.defaults.confirmations[network],
          chain:
            network === 'bitcoin' || network === 'litecoin' ? (watched?.chain ?? 'mainnet') : null,
          chainId: watched?.chainId ?? deps.defaults.chainIds[network] ?? null,
          family,
          keyActive: key !== undefined,
          handedOut: key?.nextIndex ?? null,
          nodeHeight,
          cursorHeight,
          lag:
            nodeHeight !== null && cursorHeight !== null
              ? Math.max(0, nodeHeight - cursorHeight)
              : null,
          lastError: cursor?.lastError ?? null,
          lastErrorAt: cursor?.lastErrorAt?.toISOString() ?? null,
          checkedAt: cursor?.checkedAt?.toISOString() ?? null,
          deposits: {
            seen: countOf('seen'),
            credited: countOf('credited'),
            dropped: countOf('dropped'),
          },
        };
      });
    },
  };
}
export type WatchKeysService = ReturnType<typeof createWatchKeysService>;
