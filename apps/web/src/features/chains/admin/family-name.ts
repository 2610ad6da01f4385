import { KEY_FAMILY_NETWORKS, type KeyFamily } from '@parley/shared';
import { networkName } from '@parley/shared/domain';

/** A key family by the networks it serves: "Ethereum, BNB Smart Chain, Polygon". */
export const familyName = (family: KeyFamily) =>
  KEY_FAMILY_NETWORKS[family].map(networkName).join(', ');

/** A long key as its start and end, for a card that has no room for it. */
export const shortKey = (key: string) =>
  key.length > 24 ? `${key.slice(0, 12)}…${key.slice(-8)}` : key;
