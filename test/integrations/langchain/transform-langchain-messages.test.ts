import { describe, expect, it } from 'vitest';
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from 'langchain';
import { transformLangChainMessages, type LangChainAnswerForm } from '../../../src/integrations/langchain/transform-langchain-messages.js';
import { createToolCatalog } from '../../../src/catalog/create-tool-catalog.js';
import { formatToolSearchResult, type ToolSearchResult } from '../../../src/client/tool-search-result.js';
import { tool } from '../../support/tools.js';

const catalog = createToolCatalog([tool('create_issue'), tool('list_issues'), tool('get_me')]);
const own = { searchName: 'tool_search', callToolName: 'call_tool' };
const deferred = new Set(['create_issue', 'list_issues']);
const options = (form: LangChainAnswerForm) => ({ form, own, catalog, deferred });

const found = (...names: string[]): ToolSearchResult => ({
  status: 'found',
  tools: names.map((name) => ({ name, description: `does ${name}`, inputSchema: catalog.byName.get(name)?.inputSchema ?? {} })),
});
const called = (id: string, name: string, args: Record<string, unknown> = {}) =>
  new AIMessage({ content: '', tool_calls: [{ id, name, args, type: 'tool_call' }] });
const answered = (id: string, content: string, name?: string) => new ToolMessage({ content, tool_call_id: id, ...(name === undefined ? {} : { name }) });

/** A conversation: a search for `names`, its answer, a call of the first tool and its answer, a final text. */
function conversation(...names: string[]): BaseMessage[] {
  return [
    new HumanMessage('File a bug.'),
    called('call_1', 'tool_search', { query: names.join(' ') }),
    answered('call_1', formatToolSearchResult(found(...names))),
    called('call_2', names[0] ?? 'x'),
    answered('call_2', '{"ok":true}'),
    new AIMessage('Done.'),
  ];
}

describe('transformLangChainMessages', () => {
  describe("under OpenAI's hosted search", () => {
    it('writes a tool_search answer as the tool_search_output item the model replays, and leaves the rest as it is', () => {
      const messages = conversation('create_issue');
      const output = transformLangChainMessages(messages, options({ type: 'openai-hosted' }));
      expect(output).toHaveLength(messages.length);
      const written = output[2] as AIMessage;
      expect(AIMessage.isInstance(written)).toBe(true);
      expect(written.response_metadata.output).toEqual([
        expect.objectContaining({
          type: 'tool_search_output',
          call_id: 'call_1',
          tools: [expect.objectContaining({ name: 'create_issue', defer_loading: true })],
        }),
      ]);
      for (const index of [0, 1, 3, 4, 5]) expect(output[index]).toBe(messages[index]);
    });

    it('adds the developer note when the output cannot say what the search found', () => {
      const messages = [
        called('call_1', 'tool_search'),
        answered('call_1', formatToolSearchResult({ status: 'found', tools: [], loadedEarlier: ['create_issue'] })),
      ];
      const items = (transformLangChainMessages(messages, options({ type: 'openai-hosted' }))[1] as AIMessage).response_metadata.output;
      expect(items).toEqual([
        expect.objectContaining({ type: 'tool_search_output', tools: [] }),
        expect.objectContaining({ type: 'message', role: 'developer', content: expect.stringContaining('loadedEarlier') }),
      ]);
    });

    it('answers a tool_search call whose answer is not a search result (an error) with an empty output and the text', () => {
      const messages = [called('call_1', 'tool_search'), answered('call_1', 'Error: the tool failed')];
      const items = (transformLangChainMessages(messages, options({ type: 'openai-hosted' }))[1] as AIMessage).response_metadata.output;
      expect(items).toEqual([
        { type: 'tool_search_output', call_id: 'call_1', execution: 'client', status: 'completed', tools: [] },
        { type: 'message', role: 'developer', content: 'tool_search result: Error: the tool failed' },
      ]);
    });
  });

  describe("under Anthropic's hosted search", () => {
    it('writes a tool_search answer as a tool_result of tool_reference blocks', () => {
      const output = transformLangChainMessages(conversation('create_issue', 'list_issues'), options({ type: 'claude-hosted' }));
      expect(HumanMessage.isInstance(output[2])).toBe(true);
      expect(output[2]?.content).toEqual([
        {
          type: 'tool_result',
          tool_use_id: 'call_1',
          content: [
            { type: 'tool_reference', tool_name: 'create_issue' },
            { type: 'tool_reference', tool_name: 'list_issues' },
          ],
        },
      ]);
    });

    it("leaves the answers of a caller's tool that looks like a search result as they are", () => {
      const messages = [called('call_1', 'fetch_page'), answered('call_1', formatToolSearchResult(found('create_issue')))];
      expect(transformLangChainMessages(messages, options({ type: 'claude-hosted' }))).toEqual(messages);
    });
  });

  describe('under native delivery', () => {
    it('adds what each run of answers loaded after it, once per tool, as a system message of tool_addition blocks', () => {
      const messages = [...conversation('create_issue'), ...conversation('create_issue', 'list_issues')];
      const output = transformLangChainMessages(messages, options({ type: 'native', writer: 'anthropic', additions: 'value' }));
      const additions = output.filter((message) => SystemMessage.isInstance(message));
      expect(
        additions.map((message) => (message.content as unknown as { tool: { definition: { name: string } } }[]).map((block) => block.tool.definition.name)),
      ).toEqual([['create_issue'], ['list_issues']]);
      expect(output.indexOf(additions[0] as BaseMessage)).toBe(3);
      expect(transformLangChainMessages(messages, options({ type: 'native', writer: 'anthropic', additions: 'value' }))).toEqual(output);
    });

    it('adds by reference on the reference form, and never a tool the plan does not defer', () => {
      const messages = [called('call_1', 'tool_search'), answered('call_1', formatToolSearchResult(found('get_me', 'list_issues')))];
      const output = transformLangChainMessages(messages, options({ type: 'native', writer: 'anthropic', additions: 'reference' }));
      expect(output[2]?.content).toEqual([{ type: 'tool_addition', tool: { type: 'tool_reference', name: 'list_issues' } }]);
    });

    it('adds an additional_tools item for the Responses API', () => {
      const output = transformLangChainMessages(conversation('list_issues'), options({ type: 'native', writer: 'openai', additions: 'value' }));
      expect((output[3] as AIMessage).response_metadata.output).toEqual([
        {
          type: 'additional_tools',
          role: 'developer',
          tools: [expect.objectContaining({ type: 'function', name: 'list_issues', parameters: expect.any(Object) })],
        },
      ]);
    });
  });

  it('changes none of the messages it is given', () => {
    const messages = conversation('create_issue');
    const before = JSON.stringify(messages);
    for (const form of [{ type: 'openai-hosted' }, { type: 'claude-hosted' }, { type: 'native', writer: 'anthropic', additions: 'value' }] as const) {
      transformLangChainMessages(messages, options(form));
    }
    expect(JSON.stringify(messages)).toBe(before);
  });
});
