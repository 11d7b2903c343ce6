import { describe, expect, it } from 'vitest';
import { isOwnToolEntry } from '../../src/session/is-own-tool-entry.js';
import { CALL_TOOL_DEFINITION, TOOL_SEARCH_TOOL_DEFINITION } from '../../src/tools/tool-search-tool-definition.js';

const search = TOOL_SEARCH_TOOL_DEFINITION.description;
const call = CALL_TOOL_DEFINITION.description;

describe('isOwnToolEntry', () => {
  it.each<[string, unknown]>([
    ['a Responses or Anthropic tool_search', { type: 'function', name: 'tool_search', description: search }],
    ['OpenAI’s client-executed tool_search entry', { type: 'tool_search', execution: 'client', description: search }],
    ['a Chat call_tool', { type: 'function', function: { name: 'call_tool', description: call } }],
    ['a Gemini tool holding tool_search', { functionDeclarations: [{ name: 'get_me' }, { name: 'tool_search', description: search }] }],
  ])('recognises %s', (_, entry) => {
    expect(isOwnToolEntry(entry)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['a caller’s tool named tool_search', { type: 'function', name: 'tool_search', description: 'Search the web.' }],
    ['OpenAI’s hosted tool_search', { type: 'tool_search' }],
    ['a Gemini tool without it', { functionDeclarations: [{ name: 'get_me' }] }],
    ['not an object', 'tool_search'],
  ])('does not take %s for one', (_, entry) => {
    expect(isOwnToolEntry(entry)).toBe(false);
  });
});
