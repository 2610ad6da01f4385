/**
 * Watch-only keys (issue 34, item 1): validate an admin's extended public key and derive
 * receive addresses from it. Server-only, like `@parley/shared/chains`; no private key or
 * seed is ever accepted (decision 0055).
 */
export { deriveAddress, firstAddresses, MAX_INDEX, MAX_PREVIEW } from './derive.js';
export {
  ACCOUNT_DEPTH,
  type AddressKind,
  parseWatchKey,
  type Refusal,
  WATCH_KEY_CODES,
  type WatchKey,
  type WatchKeyCode,
} from './parse.js';
export { addressOfScript } from './script-address.js';
export {
  acceptedVersions,
  type ChainSetting,
  PRIVATE_VERSIONS,
  PUBLIC_VERSIONS,
  type PublicVersionName,
} from './versions.js';
