import { describe, expect, it } from 'vitest';
import { createRecordCopy } from '../../src/records/create-record-copy.js';

describe('createRecordCopy', () => {
  it.each([
    ['adds a new field last', { name: 'a', description: 'b' }, { defer_loading: true }],
    ['keeps an existing field in its place', { type: 'function', name: 'a.b', strict: false }, { name: 'a_b' }],
    ['sets existing and new fields together', { name: 'a', defer_loading: false, parameters: {} }, { name: 'b', defer_loading: true }],
    ['keeps undefined values', { name: 'a', description: undefined }, { extra: undefined }],
    ['keeps integer-like keys in their order', { 2: 'x', name: 'a', 1: 'y' }, { 0: 'z' }],
    ['copies nothing but the fields from an empty object', {}, { name: 'a' }],
  ])('%s, as a spread does', (_, record: Record<string, unknown>, fields: Record<string, unknown>) => {
    const copy = createRecordCopy(record, fields);
    const spread = { ...record, ...fields };
    expect(Object.keys(copy)).toEqual(Object.keys(spread));
    expect(JSON.stringify(copy)).toBe(JSON.stringify(spread));
    expect(copy).toStrictEqual(spread);
  });

  it('copies `__proto__` as an own field, not as the prototype', () => {
    const record = JSON.parse('{"name":"a","__proto__":{"polluted":true}}') as Record<string, unknown>;
    const copy = createRecordCopy(record, { defer_loading: true });
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe(JSON.stringify({ ...record, defer_loading: true }));
  });

  it('copies enumerable symbol keys and leaves out non-enumerable properties', () => {
    const symbol = Symbol('marker');
    const record: Record<string | symbol, unknown> = { name: 'a', [symbol]: 1 };
    Object.defineProperty(record, 'hidden', { value: 2, enumerable: false });
    const copy = createRecordCopy(record as Record<string, unknown>, { defer_loading: true }) as Record<string | symbol, unknown>;
    expect(copy[symbol]).toBe(1);
    expect('hidden' in copy).toBe(false);
  });

  it('returns a new object and leaves the input as it was', () => {
    const record = Object.freeze({ name: 'a' });
    const copy = createRecordCopy(record, { name: 'b' });
    expect(copy).not.toBe(record);
    expect(record).toEqual({ name: 'a' });
  });
});
