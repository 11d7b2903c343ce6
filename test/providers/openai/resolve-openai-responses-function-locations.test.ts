import { describe, expect, it } from 'vitest';
import {
  resolveOpenAIResponsesCallNamespace,
  resolveOpenAIResponsesToolLocations,
} from '../../../src/providers/openai/resolve-openai-responses-function-locations.js';

const tools = [
  { type: 'function', name: 'keep' },
  { type: 'function', name: 'flat', defer_loading: true },
  {
    type: 'namespace',
    name: 'crm',
    tools: [
      { type: 'function', name: 'lookup' },
      { type: 'custom', name: 'patch' },
    ],
  },
  { type: 'namespace', name: 'billing', tools: [{ type: 'function', name: 'lookup' }] },
  { type: 'web_search' },
  'junk',
  null,
];
const input = [
  {
    type: 'tool_search_output',
    tools: [
      { type: 'namespace', name: 'refunds', tools: [{ type: 'function', name: 'refund' }] },
      { type: 'tool_reference', function_name: 'void', namespace: 'billing' },
    ],
  },
  { type: 'additional_tools', role: 'developer', tools: [{ type: 'function', name: 'added' }] },
  'junk',
];

describe('resolveOpenAIResponsesCallNamespace', () => {
  const locations = resolveOpenAIResponsesToolLocations(tools, input).all;

  it.each([
    { name: 'keep', namespace: null },
    { name: 'added', namespace: null },
    { name: 'flat', namespace: 'flat' },
    { name: 'patch', namespace: 'crm' },
    { name: 'refund', namespace: 'refunds' },
    { name: 'void', namespace: 'billing' },
    { name: 'lookup', namespace: undefined },
    { name: 'unknown', namespace: undefined },
  ])('finds $name in $namespace', ({ name, namespace }) => {
    expect(resolveOpenAIResponsesCallNamespace(locations, name)).toBe(namespace);
  });

  it('skips anything that is not a list', () => {
    expect(resolveOpenAIResponsesToolLocations('tools', 7).all).toEqual({ topLevel: new Set(), namespaces: new Map() });
  });
});

describe('resolveOpenAIResponsesToolLocations', () => {
  it('finds all tools, the functions and the custom tools in one walk', () => {
    const both = [...tools, { type: 'custom', name: 'apply', defer_loading: true }, { type: 'custom', name: 'keep' }];
    const found = resolveOpenAIResponsesToolLocations(both, input);
    expect(found.function).toEqual({
      topLevel: new Set(['keep', 'added']),
      namespaces: new Map([
        ['flat', ['flat']],
        ['lookup', ['crm', 'billing']],
        ['refund', ['refunds']],
        ['void', ['billing']],
      ]),
    });
    expect(found.custom).toEqual({
      topLevel: new Set(['keep']),
      namespaces: new Map([
        ['patch', ['crm']],
        ['apply', ['apply']],
      ]),
    });
    expect(found.all.namespaces.get('patch')).toEqual(['crm']);
    expect([...found.all.topLevel]).toEqual(['keep', 'added']);
    expect([...found.all.namespaces.keys()]).toEqual(['flat', 'lookup', 'patch', 'apply', 'refund', 'void']);
  });
});
