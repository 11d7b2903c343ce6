/** A map that keeps its `maxSize` most recently used entries (see {@link createLruMap}). */
export interface LruMap<Key, Value> {
  /** The value, or `undefined` when absent or expired; a hit becomes the most recently used (and, with a TTL, young again). */
  get(key: Key): Value | undefined;
  /** Sets the value as the most recently used, then drops the least recently used entries above `maxSize`. */
  set(key: Key, value: Value): void;
  delete(key: Key): boolean;
}

/** What {@link createLruMap} bounds. */
export interface LruMapOptions<Key, Value> {
  /** How many entries it keeps (at least 1). */
  readonly maxSize: number;
  /** How long an entry lives after it was last set or read, in milliseconds; absent: for ever. */
  readonly ttlMs?: number;
  /** The clock, in milliseconds (default `Date.now`). */
  readonly now?: () => number;
  /** Called with an entry that leaves: evicted, expired, deleted, or replaced by another value. */
  readonly dispose?: (value: Value, key: Key) => void;
}

/**
 * A least-recently-used map on a `Map` (whose order is insertion order: a use moves the entry to the end), with an
 * optional time to live. It costs what it holds, not its bound, and a few hundred bytes in a bundle. Options are
 * checked by the caller. Not part of the public API.
 *
 * @example
 * ```ts
 * const validators = createLruMap<string, ArgumentValidator>({ maxSize: 1024 });
 * ```
 */
export function createLruMap<Key, Value>(options: LruMapOptions<Key, Value>): LruMap<Key, Value> {
  const { maxSize, ttlMs, now = Date.now, dispose } = options;
  const entries = new Map<Key, { value: Value; at: number }>();
  const remove = (key: Key): boolean => {
    const entry = entries.get(key);
    if (entry === undefined) return false;
    entries.delete(key);
    dispose?.(entry.value, key);
    return true;
  };
  return {
    get(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      const time = ttlMs === undefined ? 0 : now();
      if (ttlMs !== undefined && time - entry.at > ttlMs) {
        remove(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, { value: entry.value, at: time });
      return entry.value;
    },
    set(key, value) {
      if (entries.get(key)?.value !== value) remove(key);
      entries.delete(key);
      entries.set(key, { value, at: ttlMs === undefined ? 0 : now() });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxSize) break;
        remove(oldest);
      }
    },
    delete: remove,
  };
}
