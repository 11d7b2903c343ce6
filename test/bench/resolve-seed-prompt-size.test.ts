import { describe, expect, it } from 'vitest';
import { resolveSeedPromptSize } from '../../bench/resolve-seed-prompt-size.js';

describe('resolveSeedPromptSize', () => {
  it('sums the compact JSON of name, description and parameters per tool', () => {
    const parameters = { type: 'object', properties: { path: { type: 'string' } } };
    const size = resolveSeedPromptSize([
      { name: 'read_file', description: 'Read a file', parameters },
      { name: 'ls', description: 'List', parameters },
    ]);
    const expected = ['read_file', 'ls'].map((name, index) =>
      Buffer.byteLength(JSON.stringify({ name, description: ['Read a file', 'List'][index], parameters })),
    );
    expect(size.toolListBytes).toBe(expected[0]! + expected[1]!);
    expect(size.parameterBytes).toBe(2 * Buffer.byteLength(JSON.stringify(parameters)));
  });

  it('counts a tool without parameters (the floor) by its name and description only', () => {
    expect(resolveSeedPromptSize([{ name: 'ls', description: 'List' }])).toEqual({
      toolListBytes: Buffer.byteLength('{"name":"ls","description":"List"}'),
      parameterBytes: 0,
    });
  });

  it('counts bytes, not characters', () => {
    expect(resolveSeedPromptSize([{ name: 'é' }]).toolListBytes).toBe(Buffer.byteLength('{"name":"é"}'));
  });
});
