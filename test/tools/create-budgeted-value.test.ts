import { describe, expect, it } from 'vitest';
import { MAX_VISITS_PER_VALUE, ValidationBudgetError, createBudgetedValue } from '../../src/tools/create-budgeted-value.js';

describe('createBudgetedValue', () => {
  it('reads like the value it views', () => {
    const value = { a: [1, { b: 'x' }], c: null };
    const view = createBudgetedValue(value) as typeof value;
    expect(Array.isArray(view.a)).toBe(true);
    expect(view.a.length).toBe(2);
    expect(Object.keys(view)).toEqual(['a', 'c']);
    expect(JSON.stringify(view)).toBe(JSON.stringify(value));
    expect(view.a[1]).toBe(view.a[1]);
  });

  it('refuses writes', () => {
    const view = createBudgetedValue({ a: 1 }) as Record<string, unknown>;
    expect(Reflect.set(view, 'a', 2)).toBe(false);
    expect(Reflect.deleteProperty(view, 'a')).toBe(false);
  });

  it(`throws a ValidationBudgetError when one object or array is visited more than ${MAX_VISITS_PER_VALUE} times`, () => {
    const view = createBudgetedValue({ list: [1, 2] }) as { list: number[] };
    const list = view.list;
    for (let visit = 0; visit < MAX_VISITS_PER_VALUE - 1; visit += 1) void list.length;
    expect(() => Object.keys(list)).not.toThrow();
    expect(() => list.length).toThrow(ValidationBudgetError);
  });
});
