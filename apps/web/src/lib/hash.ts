/** A transaction hash as the spec shows it: first 8 … last 8 when longer than 16 (SPEC §3). */
export function shortHash(hash: string): string {
  return hash.length <= 16 ? hash : `${hash.slice(0, 8)}…${hash.slice(-8)}`;
}
