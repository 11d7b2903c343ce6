import { resolveCatalogIndex } from '../../../src/catalog/resolve-catalog-index.js';
import { describe, expect, it } from 'vitest';
import type { ModelMessage } from 'ai';
import { transformAISDKMessages, type TransformAISDKMessagesOptions } from '../../../src/integrations/ai-sdk/transform-ai-sdk-messages.js';
import { createToolCatalog } from '../../../src/catalog/create-tool-catalog.js';
import { formatToolSearchResult } from '../../../src/client/tool-search-result.js';
import { DEFAULT_MAX_SEARCH_RESULTS } from '../../../src/client/create-tool-search-tool.js';
import { GITHUB_MCP_TOOLS } from '../../support/github-mcp-tools.js';

const catalog = createToolCatalog(GITHUB_MCP_TOOLS);
const options = (native = false): TransformAISDKMessagesOptions => ({
  own: { searchName: 'tool_search', callToolName: 'call_tool' },
  predict: {
    settings: { maxTools: 3, minScore: 2, minShare: 0.25 },
    index: resolveCatalogIndex(catalog.searchable, DEFAULT_MAX_SEARCH_RESULTS),
    definition: (name) => catalog.byName.get(name),
    isDeferred: () => true,
    notDeferred: 0,
    native,
    toModelOutput: (result) => ({ type: 'text', value: formatToolSearchResult(result) }),
  },
});
/** The prediction step alone (the walk of `transformAISDKMessages` without additions). */
const transformAISDKPredictions = transformAISDKMessages;
const conversation: ModelMessage[] = [
  { role: 'system', content: 'You are helpful.' },
  { role: 'user', content: 'List the open issues of the octo/hello repository.' },
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'list_issues', input: { owner: 'octo', repo: 'hello' } }] },
  { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'list_issues', output: { type: 'text', value: 'none' } }] },
  { role: 'user', content: [{ type: 'text', text: 'Now create an issue in octo/hello titled Broken build.' }] },
];
const selected = (message: ModelMessage | undefined) =>
  String((message?.content as { input?: { query?: string } }[])[0]?.input?.query)
    .slice('select:'.length)
    .split(',');

describe('transformAISDKMessages: the prediction step', () => {
  it('writes the predicted search call and its result right after each user message', () => {
    const output = transformAISDKPredictions(conversation, options());
    expect(output.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool', 'user', 'assistant', 'tool']);
    expect(selected(output[2])).toContain('list_issues');
    expect(output[2]?.content).toMatchObject([{ type: 'tool-call', toolCallId: 'predicted_1', toolName: 'tool_search' }]);
    expect(output[3]?.content).toMatchObject([{ type: 'tool-result', toolCallId: 'predicted_1', output: { type: 'text' } }]);
    expect(selected(output[7])).toContain('create_issue');
    expect(output[7]?.content).toMatchObject([{ toolCallId: 'predicted_4' }]);
  });

  it('never predicts a tool the conversation loaded or called before', () => {
    const output = transformAISDKPredictions(conversation, options());
    const first = selected(output[2]);
    for (const name of [...first, 'list_issues']) expect(selected(output[7])).not.toContain(name);
  });

  it('gives the same messages again for its own output (idempotent), and leaves its input unchanged', () => {
    const before = structuredClone(conversation);
    const output = transformAISDKPredictions(conversation, options());
    expect(conversation).toEqual(before);
    expect(transformAISDKPredictions(output, options())).toEqual(output);
  });

  it('names the tools without their schemas under native delivery (the addition after it defines them)', () => {
    const output = transformAISDKPredictions(conversation.slice(0, 2), options(true));
    const value = JSON.parse((output[3]?.content as { output: { value: string } }[])[0]?.output.value ?? '{}');
    expect(value.status).toBe('found');
    expect(JSON.stringify(value)).not.toContain('inputSchema');
  });

  it('writes nothing for a user message that names no tool', () => {
    const messages: ModelMessage[] = [{ role: 'user', content: 'Hello there!' }];
    expect(transformAISDKPredictions(messages, options())).toEqual(messages);
  });
});
