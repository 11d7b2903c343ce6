import { describe, expect, it } from 'vitest';
import { createOpenAIToolSearchNote } from '../../../src/providers/openai/create-openai-tool-search-note.js';
import { createOpenAIToolSearchOutput } from '../../../src/providers/openai/create-openai-tool-search-output.js';
import type { ToolSearchResult } from '../../../src/client/tool-search-result.js';

const schema = { type: 'object' as const };

// Issue 15 item 15: every one of these answered `tools: []` and nothing else, which reads as "nothing found".
describe('createOpenAIToolSearchNote', () => {
  it.each<[string, ToolSearchResult, string]>([
    ['a repeated search', { status: 'found', tools: [], loadedEarlier: ['get_me'] }, '"loadedEarlier":["get_me"]'],
    [
      'a no-match',
      { status: 'no-match', query: 'zzz', tools: [], availableTools: ['get_me'], moreTools: 0, message: 'No tools matched the query.' },
      'No tools matched',
    ],
    [
      'select: of an unknown name',
      { status: 'invalid-query', query: 'select:nope', tools: [], availableTools: ['get_me'], moreTools: 0, message: 'No tool is named `nope`' },
      'No tool is named `nope`',
    ],
    [
      'a missing query',
      { status: 'invalid-query', query: '', tools: [], availableTools: [], moreTools: 3, message: '`tool_search` needs a `query` string' },
      'needs a `query` string',
    ],
    [
      'an empty query',
      { status: 'listing', query: '', tools: [], availableTools: ['get_me'], moreTools: 0, message: 'Available tools are listed by name.' },
      '"availableTools":["get_me"]',
    ],
    ['further matches beside the loaded ones', { status: 'found', tools: [{ name: 'a', inputSchema: schema }], more: ['b'] }, '"more":["b"]'],
  ])('says what happened after %s, without the schemas the output carries', (_label, result, says) => {
    expect(createOpenAIToolSearchOutput({ call_id: 'c' }, result).tools.every((tool) => 'name' in tool && tool.name !== 'nope')).toBe(true);
    const note = createOpenAIToolSearchNote(result);
    expect(note).toMatchObject({ type: 'message', role: 'developer' });
    expect(note?.content).toContain(says);
    expect(note?.content).not.toContain('inputSchema');
  });

  it('adds nothing when the output’s tools say everything', () => {
    expect(createOpenAIToolSearchNote({ status: 'found', tools: [{ name: 'a', inputSchema: schema }] })).toBeNull();
  });
});
