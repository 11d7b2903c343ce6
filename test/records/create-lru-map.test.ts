import { describe, expect, it } from 'vitest';
import { createLruMap } from '../../src/records/create-lru-map.js';

describe('createLruMap', () => {
  it('keeps the most recently used entries within its bound', () => {
    const map = createLruMap<string, number>({ maxSize: 2 });
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1); // `a` is now the most recent
    map.set('c', 3);
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([1, undefined, 3]);
  });

  it('lets an entry expire after its time to live, counted from its last use', () => {
    let now = 0;
    const map = createLruMap<string, number>({ maxSize: 10, ttlMs: 1000, now: () => now });
    map.set('a', 1);
    now = 900;
    expect(map.get('a')).toBe(1);
    now = 1800;
    expect(map.get('a')).toBe(1);
    now = 2801;
    expect(map.get('a')).toBeUndefined();
  });

  it('tells `dispose` of every entry that leaves: evicted, expired, deleted or replaced', () => {
    let now = 0;
    const left: string[] = [];
    const map = createLruMap<string, number>({ maxSize: 2, ttlMs: 100, now: () => now, dispose: (value, key) => left.push(`${key}=${value}`) });
    map.set('a', 1);
    map.set('b', 2);
    map.set('b', 2); // the same value: nothing leaves
    map.set('b', 3);
    map.set('c', 4);
    expect(map.delete('c')).toBe(true);
    expect(map.delete('c')).toBe(false);
    now = 500;
    expect(map.get('b')).toBeUndefined();
    expect(left).toEqual(['b=2', 'a=1', 'c=4', 'b=3']);
  });

  it('holds only what it holds, whatever its bound', () => {
    const map = createLruMap<number, number>({ maxSize: 2 ** 40 });
    for (let index = 0; index < 1000; index += 1) map.set(index, index);
    expect(map.get(0)).toBe(0);
  });
});
