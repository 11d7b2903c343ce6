import { describe, expect, it } from 'vitest';
import { collectParameterText } from '../../src/search/collect-parameter-text.js';

describe('collectParameterText', () => {
  it('collects property names, titles, descriptions and enum values', () => {
    const schema = {
      type: 'object',
      properties: {
        repoName: { type: 'string', title: 'Repository', description: 'The repository to search' },
        state: { type: 'string', enum: ['open', 'closed', 3] },
      },
    };
    expect(collectParameterText(schema)).toEqual(['repoName', 'Repository', 'The repository to search', 'state', 'open', 'closed']);
  });

  it('walks nested objects, array items and anyOf branches', () => {
    const schema = {
      type: 'object',
      properties: {
        filter: { type: 'object', properties: { label: { type: 'string' } } },
        rows: { type: 'array', items: { type: 'object', properties: { cell: { description: 'A cell' } } } },
        target: { anyOf: [{ type: 'object', properties: { branch: { type: 'string' } } }, { type: 'null' }] },
      },
    };
    expect(collectParameterText(schema)).toEqual(['filter', 'label', 'rows', 'cell', 'A cell', 'target', 'branch']);
  });

  it.each([
    ['no properties', { type: 'object' }],
    ['properties that are not an object', { type: 'object', properties: [1, 2] }],
    ['a property that is not a schema', { type: 'object', properties: { a: null } }],
  ])('reads a schema with %s without throwing', (_case, schema) => {
    expect(() => collectParameterText(schema)).not.toThrow();
  });

  it('stops at a bounded depth on a deeply nested schema', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 50; level += 1) schema = { type: 'object', properties: { [`level${level}`]: schema } };
    expect(collectParameterText(schema).length).toBeLessThan(10);
  });
});
