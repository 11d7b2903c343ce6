import { describe, expect, it } from 'vitest';
import { resolveMappedListField } from '../../src/records/resolve-mapped-list-field.js';

const upper = (item: unknown) => (typeof item === 'string' ? item.toUpperCase() : item);

describe('resolveMappedListField', () => {
  it('copies the record with its list mapped when an item changes, leaving the input alone', () => {
    const message = { role: 'user', content: ['a', 1] };
    expect(resolveMappedListField(message, 'content', upper)).toEqual({ role: 'user', content: ['A', 1] });
    expect(message).toEqual({ role: 'user', content: ['a', 1] });
  });

  it('returns the record itself when no item changes', () => {
    const message = { role: 'user', content: ['A', 1] };
    expect(resolveMappedListField(message, 'content', upper)).toBe(message);
  });

  it('returns the record itself when the field holds no list', () => {
    const message = { role: 'user', content: 'a' };
    expect(resolveMappedListField(message, 'content', upper)).toBe(message);
  });

  it('passes each item’s index', () => {
    expect(resolveMappedListField({ parts: ['a', 'b'] }, 'parts', (item, index) => `${String(item)}${index}`)).toEqual({ parts: ['a0', 'b1'] });
  });
});
