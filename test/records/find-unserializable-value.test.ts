import { describe, expect, it } from 'vitest';
import { findUnserializableValue } from '../../src/records/find-unserializable-value.js';

function cyclic(): Record<string, unknown> {
  const value: Record<string, unknown> = { city: 'Paris' };
  value.self = value;
  return value;
}

describe('findUnserializableValue', () => {
  it.each([
    ['a cycle through an object', { a: { b: cyclic() } }, { kind: 'cycle', path: 'a.b.self' }],
    [
      'a cycle through a list',
      (() => {
        const list: unknown[] = [1];
        list.push({ back: list });
        return { list };
      })(),
      { kind: 'cycle', path: 'list[1].back' },
    ],
    ['the value itself in itself', cyclic(), { kind: 'cycle', path: 'self' }],
    ['a BigInt', { order: { id: 12n } }, { kind: 'bigint', path: 'order.id' }],
    ['a BigInt alone', 1n, { kind: 'bigint', path: '' }],
  ])('finds %s, and where', (_label, value, expected) => {
    expect(findUnserializableValue(value)).toEqual(expected);
  });

  it.each([
    ['JSON data', { a: [1, 'x', null, true, { b: {} }] }],
    ['undefined, functions and symbols (JSON leaves them out)', { a: undefined, f: () => 1, s: Symbol('s'), list: [undefined] }],
    ['a Date (its toJSON writes it)', { at: new Date(0) }],
    ['a primitive', 'text'],
    ['nothing', undefined],
  ])('finds nothing in %s', (_label, value) => {
    expect(findUnserializableValue(value)).toBeUndefined();
  });

  it('walks an object shared by many parents once, so shared references take no exponential time', () => {
    let shared: Record<string, unknown> = { leaf: 1 };
    // 2^60 paths through 60 levels: a walk that followed every path would never end.
    for (let level = 0; level < 60; level += 1) shared = { left: shared, right: shared };
    expect(findUnserializableValue(shared)).toBeUndefined();
  });

  it('walks a value nested 100,000 levels deep without overflowing, and finds the cycle at its end', () => {
    const end: Record<string, unknown> = {};
    let deep: Record<string, unknown> = end;
    for (let level = 0; level < 100_000; level += 1) deep = { child: deep };
    end.back = deep;
    const found = findUnserializableValue(deep);
    expect(found?.kind).toBe('cycle');
    expect(found?.path.endsWith('child.back')).toBe(true);
  });

  it('reads a getter that throws as no value', () => {
    const value = Object.defineProperty({ ok: 1 }, 'broken', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    expect(findUnserializableValue({ value })).toBeUndefined();
  });
});
