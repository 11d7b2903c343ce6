import { describe, expect, it } from 'vitest';
import { defineRecordField } from '../../src/records/define-record-field.js';

describe('defineRecordField', () => {
  it('sets an own, enumerable, writable field, after the fields already there', () => {
    const record: Record<string, unknown> = { a: 1 };
    defineRecordField(record, 'b', 2);
    expect(Object.entries(record)).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    record.b = 3;
    expect(record.b).toBe(3);
  });

  it('keeps a field it replaces where it was', () => {
    const record: Record<string, unknown> = { a: 1, b: 2 };
    defineRecordField(record, 'a', 10);
    expect(JSON.stringify(record)).toBe('{"a":10,"b":2}');
  });

  it('writes __proto__ as a field, never as the prototype', () => {
    const record: Record<string, unknown> = {};
    defineRecordField(record, '__proto__', { polluted: true });
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.hasOwn(record, '__proto__')).toBe(true);
    expect(JSON.stringify(record)).toBe('{"__proto__":{"polluted":true}}');
  });
});
