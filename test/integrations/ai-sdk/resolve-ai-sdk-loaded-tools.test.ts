import { describe, expect, it } from 'vitest';
import type { ModelMessage } from 'ai';
import { resolveAISDKLoadedTools } from '../../../src/integrations/ai-sdk/resolve-ai-sdk-loaded-tools.js';
import { formatToolSearchResult } from '../../../src/client/tool-search-result.js';

const schema = { type: 'object' as const, properties: {} };
const toolMessage = (toolName: string, output: unknown): ModelMessage => ({
  role: 'tool',
  content: [{ type: 'tool-result', toolCallId: `call_${toolName}`, toolName, output } as never],
});

describe('resolveAISDKLoadedTools', () => {
  it('reads every form a tool_search result takes in an AI SDK history, oldest first, once each', () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Find and file.' },
      // Client-side: the package's result as text, and a misfit's answer as JSON.
      toolMessage('tool_search', {
        type: 'text',
        value: formatToolSearchResult({ status: 'found', tools: [{ name: 'list_issues', inputSchema: schema }], loadedEarlier: ['get_me'] }),
      }),
      toolMessage('call_tool', {
        type: 'json',
        value: {
          status: 'invalid-arguments',
          tool: 'create_issue',
          errors: [],
          tools: [{ name: 'create_issue', inputSchema: schema }],
          loaded: ['create_issue'],
          message: 'm',
        },
      }),
      // Anthropic: tool_reference parts the API expands.
      toolMessage('tool_search', {
        type: 'content',
        value: [
          { type: 'text', text: '{"status":"found","tools":[]}' },
          { type: 'custom', providerOptions: { anthropic: { type: 'tool-reference', toolName: 'get_issue' } } },
        ],
      }),
      // OpenAI: the definitions a tool_search output carried.
      toolMessage('tool_search', {
        type: 'json',
        value: {
          tools: [
            { type: 'function', name: 'search_code' },
            { type: 'function', name: 'list_issues' },
          ],
        },
      }),
    ];
    expect(resolveAISDKLoadedTools(messages)).toEqual(['list_issues', 'create_issue', 'get_issue', 'search_code']);
  });

  it('ignores what is not a search result: other outputs, another tool’s JSON with tools, errors, odd shapes, no messages', () => {
    const messages = [
      toolMessage('list_tools', { type: 'json', value: { tools: [{ name: 'not_loaded' }] } }),
      toolMessage('tool_search', { type: 'error-text', value: 'failed' }),
      toolMessage('get_me', { type: 'text', value: 'plain text' }),
      toolMessage('tool_search', { type: 'content', value: 'not a list' }),
      { role: 'assistant', content: 'text only' },
      null,
      { role: 'tool', content: [null, { type: 'tool-result', output: null }] },
    ] as unknown as ModelMessage[];
    expect(resolveAISDKLoadedTools(messages)).toEqual([]);
    expect(resolveAISDKLoadedTools(undefined)).toEqual([]);
  });
});
