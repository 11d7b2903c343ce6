import { describe, expect, it } from 'vitest';
import { AIMessage, HumanMessage, ToolMessage } from 'langchain';
import { readLangChainToolOutputs, resolveLangChainLoadedTools } from '../../../src/integrations/langchain/resolve-langchain-loaded-tools.js';
import { formatToolSearchResult } from '../../../src/client/tool-search-result.js';

const called = (id: string, name: string) => new AIMessage({ content: '', tool_calls: [{ id, name, args: {}, type: 'tool_call' }] });
const answered = (id: string, content: ToolMessage['content'], name?: string) =>
  new ToolMessage({ content, tool_call_id: id, ...(name === undefined ? {} : { name }) });
const found = (name: string) => formatToolSearchResult({ status: 'found', tools: [{ name, inputSchema: { type: 'object' } }] });
const misfit = (name: string) =>
  formatToolSearchResult({
    status: 'invalid-arguments',
    tool: name,
    errors: ['x'],
    tools: [{ name, inputSchema: { type: 'object' } }],
    loaded: [name],
    message: 'm',
  });

describe('resolveLangChainLoadedTools', () => {
  it("reads what the package's answers loaded, oldest first, each once", () => {
    const messages = [
      new HumanMessage('hi'),
      called('call_1', 'tool_search'),
      answered('call_1', found('create_issue')),
      called('call_2', 'call_tool'),
      answered('call_2', misfit('list_issues'), 'list_issues'),
      called('call_3', 'tool_search'),
      answered('call_3', [{ type: 'text', text: found('create_issue') }]),
    ];
    expect(resolveLangChainLoadedTools(messages)).toEqual(['create_issue', 'list_issues']);
  });

  it("counts nothing a caller's tool answered, whatever it looks like", () => {
    expect(resolveLangChainLoadedTools([called('call_1', 'fetch_page'), answered('call_1', found('create_issue'))])).toEqual([]);
  });

  it("reads the package's search under the name the plan gives it", () => {
    const messages = [called('call_1', 'tool_search_2'), answered('call_1', found('create_issue'))];
    expect(resolveLangChainLoadedTools(messages)).toEqual([]);
    expect(resolveLangChainLoadedTools(messages, { searchName: 'tool_search_2', callToolName: 'call_tool' })).toEqual(['create_issue']);
  });
});

describe('readLangChainToolOutputs', () => {
  it("names each answer by the call it answers, or by the tool message's name when no AI message holds the call", () => {
    expect(readLangChainToolOutputs([called('call_1', 'call_tool'), answered('call_1', 'ok', 'create_issue'), answered('lost', 'x', 'get_me')])).toEqual([
      { name: 'call_tool', output: 'ok' },
      { name: 'get_me', output: 'x' },
    ]);
  });
});
