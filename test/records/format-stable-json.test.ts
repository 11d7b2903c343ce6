import fc from 'fast-check';
import stringify from 'fast-json-stable-stringify';
import { describe, expect, it } from 'vitest';
import { formatStableJSON } from '../../src/records/format-stable-json.js';

describe('formatStableJSON', () => {
  it('writes every object with its keys sorted', () => {
    expect(formatStableJSON({ b: 1, a: { d: [true, 'x'], c: null } })).toBe('{"a":{"c":null,"d":[true,"x"]},"b":1}');
  });

  it('writes what fast-json-stable-stringify writes, byte for byte, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(formatStableJSON(value)).toBe(stringify(value));
      }),
    );
  });

  it('writes what fast-json-stable-stringify writes for any value made of JSON, undefined, numbers JSON cannot write and dates', () => {
    const leaf = fc.oneof(fc.jsonValue(), fc.constant(undefined), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0), fc.date({ noInvalidDate: true }));
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('value')), fc.dictionary(fc.string(), tie('value'))),
    }));
    fc.assert(
      fc.property(value, (input) => {
        expect(formatStableJSON(input)).toBe(stringify(input));
      }),
    );
  });

  it('leaves out what JSON leaves out, and writes it as null in a list', () => {
    const list: unknown[] = [undefined, () => 1];
    list[3] = 2; // a hole at 2
    const values = { a: undefined, b: () => 1, c: Symbol('c'), d: list, e: { toJSON: () => 'e' } };
    expect(formatStableJSON(values)).toBe(stringify(values));
    expect(formatStableJSON(values)).toBe('{"d":[null,null,null,2],"e":"e"}');
    expect(formatStableJSON(undefined)).toBeUndefined();
  });

  it('throws a TypeError for an object that contains itself or a BigInt, and writes a shared object twice', () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(() => formatStableJSON(cycle)).toThrow(new TypeError('Converting circular structure to JSON'));
    expect(() => formatStableJSON({ n: 1n })).toThrow(TypeError);
    const shared = { x: 1 };
    expect(formatStableJSON({ a: shared, b: [shared] })).toBe('{"a":{"x":1},"b":[{"x":1}]}');
  });
});
