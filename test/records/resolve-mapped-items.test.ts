import { describe, expect, it } from 'vitest';
import { resolveMappedItems } from '../../src/records/resolve-mapped-items.js';

describe('resolveMappedItems', () => {
  it('gives the same list when every item maps to itself', () => {
    const list = [{ a: 1 }, { a: 2 }];
    expect(resolveMappedItems(list, (item) => item)).toBe(list);
  });

  it('gives a new list, in order, with the changed items and the others as they were', () => {
    const first = { a: 1 };
    const list = [first, { a: 2 }, { a: 3 }];
    const result = resolveMappedItems(list, (item, index) => (index === 1 ? { a: 20 } : item));
    expect(result).not.toBe(list);
    expect(result).toEqual([{ a: 1 }, { a: 20 }, { a: 3 }]);
    expect(result[0]).toBe(first);
    expect(list).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
  });
});
