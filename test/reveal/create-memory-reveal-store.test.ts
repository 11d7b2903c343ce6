import { describe, expect, it } from 'vitest';
import { createMemoryRevealStore } from '../../src/reveal/create-memory-reveal-store.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';

describe('createMemoryRevealStore', () => {
  it('starts every session empty', async () => {
    expect(await createMemoryRevealStore().get('unknown')).toEqual([]);
  });

  it('returns names oldest first, once each, keeping the first place of a repeated name', async () => {
    const store = createMemoryRevealStore();
    await store.add('s', ['a', 'b']);
    expect(await store.add('s', ['c', 'a'])).toEqual(['a', 'b', 'c']);
    expect(await store.get('s')).toEqual(['a', 'b', 'c']);
  });

  it('never leaks reveals between sessions', async () => {
    const store = createMemoryRevealStore();
    await store.add('a', ['read_file']);
    expect(await store.get('b')).toEqual([]);
    expect(await store.get('a')).toEqual(['read_file']);
  });

  it('forgets a deleted session', async () => {
    const store = createMemoryRevealStore();
    await store.add('s', ['a']);
    await store.delete('s');
    expect(await store.get('s')).toEqual([]);
  });

  it('evicts the least recently used session at the bound, so a recently used session survives', async () => {
    const store = createMemoryRevealStore({ maxSessions: 3 });
    await store.add('first', ['a']);
    await store.add('second', ['a']);
    await store.add('third', ['a']);
    await store.get('first');
    await store.add('fourth', ['a']);
    expect(await store.get('first')).toEqual(['a']);
    expect(await store.get('second')).toEqual([]);
    expect(await store.get('third')).toEqual(['a']);
    expect(await store.get('fourth')).toEqual(['a']);
  });

  it('holds at most 4,096 sessions by default, as the seed', async () => {
    const store = createMemoryRevealStore();
    await store.add('first', ['a']);
    for (let index = 0; index < 4096; index += 1) await store.add(`s${index}`, ['a']);
    expect(await store.get('first')).toEqual([]);
    expect(await store.get('s0')).toEqual(['a']);
  });

  it('drops the oldest names past the per-session bound', async () => {
    const store = createMemoryRevealStore({ maxToolsPerSession: 3 });
    await store.add('s', ['a', 'b']);
    expect(await store.add('s', ['c', 'd'])).toEqual(['b', 'c', 'd']);
  });

  describe('a session’s two lists (revealed, added) as one entry', () => {
    it('keeps them apart, and forgets both with delete', async () => {
      const store = createMemoryRevealStore();
      await store.add('s', ['a']);
      await store.add('s', ['b'], 'added');
      expect([await store.get('s'), await store.get('s', 'revealed'), await store.get('s', 'added')]).toEqual([['a'], ['a'], ['b']]);
      await store.delete('s');
      expect([await store.get('s'), await store.get('s', 'added')]).toEqual([[], []]);
    });

    it('counts a session once against maxSessions, whatever lists it has', async () => {
      const store = createMemoryRevealStore({ maxSessions: 2 });
      await store.add('first', ['a']);
      await store.add('first', ['b'], 'added');
      await store.add('second', ['c'], 'added');
      expect(await store.get('first', 'added')).toEqual(['b']);
      expect(await store.get('first')).toEqual(['a']);
      // A third session evicts the least recently used one, both lists together.
      await store.get('second');
      await store.add('third', ['d']);
      expect([await store.get('first'), await store.get('first', 'added')]).toEqual([[], []]);
    });

    it('never drops an addition past maxToolsPerSession; past maxAddedToolsPerSession add refuses with a typed error', async () => {
      const store = createMemoryRevealStore({ maxToolsPerSession: 2, maxAddedToolsPerSession: 3 });
      expect(await store.add('s', ['a', 'b', 'c'], 'added')).toEqual(['a', 'b', 'c']);
      await expect(store.add('s', ['d'], 'added')).rejects.toThrow(
        expect.objectContaining({ code: 'invalid-options', message: expect.stringContaining('more than `maxAddedToolsPerSession` (3)') }),
      );
      expect(await store.get('s', 'added')).toEqual(['a', 'b', 'c']);
      expect(await store.add('s', ['a'], 'added')).toEqual(['a', 'b', 'c']);
    });

    it('rejects a list that is neither', async () => {
      await expect(createMemoryRevealStore().get('s', 'loaded' as never)).rejects.toThrow("`list` must be 'revealed' or 'added'");
      await expect(createMemoryRevealStore().add('s', ['a'], 'loaded' as never)).rejects.toThrow("`list` must be 'revealed' or 'added'");
    });
  });

  it('returns lists the caller cannot change', async () => {
    const store = createMemoryRevealStore();
    const names = await store.add('s', ['a']);
    expect(Object.isFrozen(names)).toBe(true);
  });

  it.each([1e7, 2 ** 28, 2 ** 32, Number.MAX_SAFE_INTEGER])(
    'takes a session bound of %d and allocates nothing for it before sessions arrive',
    async (maxSessions) => {
      const store = createMemoryRevealStore({ maxSessions, ttlMs: 60_000 });
      await store.add('s', ['a']);
      expect(await store.get('s')).toEqual(['a']);
    },
  );

  it('keeps its LRU order under the size bound', async () => {
    const store = createMemoryRevealStore({ maxSessions: 2 });
    await store.add('a', ['x']);
    await store.add('b', ['x']);
    await store.get('a');
    await store.add('c', ['x']);
    expect(await store.get('b')).toEqual([]);
    expect(await store.get('a')).toEqual(['x']);
  });

  it('expires a session after its time to live', async () => {
    let now = 0;
    const store = createMemoryRevealStore({ ttlMs: 1000, now: () => now });
    await store.add('s', ['a']);
    now = 500;
    expect(await store.get('s')).toEqual(['a']);
    now = 1400;
    expect(await store.get('s')).toEqual(['a']);
    now = 2600;
    expect(await store.get('s')).toEqual([]);
  });

  it.each([
    [{ maxSessions: 0 }, 'createMemoryRevealStore: `maxSessions` must be a whole number from 1 to 9007199254740991, got 0'],
    [{ maxSessions: 1.5 }, 'createMemoryRevealStore: `maxSessions` must be a whole number from 1 to 9007199254740991, got 1.5'],
    [{ maxToolsPerSession: '3' }, 'createMemoryRevealStore: `maxToolsPerSession` must be a whole number from 1 to 9007199254740991, got "3" (a string)'],
    [{ ttlMs: -1 }, 'createMemoryRevealStore: `ttlMs` must be a whole number from 1 to 9007199254740991, got -1'],
    [{ maxSessions: 2 ** 53 }, 'createMemoryRevealStore: `maxSessions` must be a whole number from 1 to 9007199254740991, got 9007199254740992'],
    [{ ttlMs: 1e300 }, 'createMemoryRevealStore: `ttlMs` must be a whole number from 1 to 9007199254740991, got 1e+300'],
    [{ maxSession: 3 }, 'createMemoryRevealStore: unknown option `maxSession`'],
    [null, 'createMemoryRevealStore: the options must be an object, got null'],
    ['big', 'createMemoryRevealStore: the options must be an object, got "big" (a string)'],
  ])('rejects the options %j', (options, message) => {
    expect(() => createMemoryRevealStore(options as never)).toThrow(ToolSearchError);
    expect(() => createMemoryRevealStore(options as never)).toThrow(message);
  });

  it.each([[''], [undefined], [3]])('rejects the session id %j', async (sessionId) => {
    await expect(createMemoryRevealStore().get(sessionId as never)).rejects.toThrow('`sessionId` must be a non-empty string');
  });

  it('rejects names that are not a list of strings', async () => {
    await expect(createMemoryRevealStore().add('s', 'a' as never)).rejects.toThrow('`names` must be a list of tool names');
  });
});
