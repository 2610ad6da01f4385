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
      // Only this load's entry: a clear() meanwhile may have let a newer one in.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}

/** Anything that can forget what it holds. */
export interface Clearable {
  clear(): void;
}

/**
 * Caches that one kind of change makes stale (prices and rates), dropped together: the
 * code that makes the change clears the group before it answers, so the next read on
 * this instance loads the new values.
 */
export function cacheGroup() {
  const members = new Set<Clearable>();
  return {
    /** Adds a cache to the group and returns it. */
    add<C extends Clearable>(cache: C): C {
      members.add(cache);
      return cache;
    },
    clear() {
      for (const member of members) member.clear();
    },
  };
}
export type CacheGroup = ReturnType<typeof cacheGroup>;
