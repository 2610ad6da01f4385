/** A transaction hash shortened to its first 8 … last 8 characters when longer than 16. */
export function shortHash(hash: string): string {
  return hash.length <= 16 ? hash : `${hash.slice(0, 8)}…${hash.slice(-8)}`;
}
