/**
 * Remembers what `load` answered for each key for `ttlMs`, and shares one load among
 * callers that ask at once. For reads on every call's path (prices, rates) whose
 * changes may take a few seconds to show; a failed load is not remembered.
 */
export function shortCache<T>(ttlMs: number, load: (key: string) => Promise<T>, now = Date.now) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    get(key = ''): Promise<T> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.value;
      const value = load(key);
      entries.set(key, { at: now(), value });
      value.catch(() => entries.delete(key));
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
