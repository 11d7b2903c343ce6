import { describe, expect, it } from 'vitest';
import { resolveWireNameField } from '../../src/names/resolve-wire-name-field.js';

describe('resolveWireNameField', () => {
  const toWire = (name: string) => name.replace('.', '_');

  it('writes the name the field holds in wire names, keeping every other key', () => {
    const block = { toolUse: { toolUseId: 'a', name: 'github.create_issue', input: {} }, extra: 1 };
    expect(resolveWireNameField(block, 'toolUse', toWire)).toEqual({ toolUse: { toolUseId: 'a', name: 'github_create_issue', input: {} }, extra: 1 });
    expect(block.toolUse.name).toBe('github.create_issue');
  });

  it.each([
    ['a name already in wire names', { toolUse: { name: 'weather' } }],
    ['a field that holds no object', { toolUse: 'weather' }],
    ['a field without a name', { toolUse: { toolUseId: 'a' } }],
    ['no such field', { text: 'hi' }],
  ])('returns the object itself for %s', (_case, block) => {
    expect(resolveWireNameField(block, 'toolUse', toWire)).toBe(block);
  });
});
