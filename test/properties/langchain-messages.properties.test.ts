import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from 'langchain';
import { isToolSearchError } from '../../src/errors/tool-search-error.js';
import { createToolCatalog } from '../../src/catalog/create-tool-catalog.js';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import { transformLangChainMessages, type LangChainAnswerForm } from '../../src/integrations/langchain/transform-langchain-messages.js';
import { PROPERTY_TIMEOUT, createCaseCounter, propertyParameters } from '../support/arbitraries.js';
import { manyTools } from '../support/tools.js';

/*
 * The LangChain middleware's writing of the package's answers (transformLangChainMessages) over conversations of any
 * shape: AI messages calling the package's tools, catalog tools and names nothing defines, tool messages answering them
 * (or calls no AI message made) with search results, misfit answers, any text or content blocks. For every answer form
 * it gives messages or a ToolSearchError (never a TypeError), leaves its input unchanged, gives equal output for equal
 * input, replaces the hosted answers one for one, and under native delivery adds a tool at most once, and only one the
 * plan defers.
 */

const catalog = createToolCatalog(manyTools(6));
const name = fc.oneof(fc.constantFrom('tool_search', 'call_tool', ...catalog.names), fc.string({ maxLength: 6 }));
const found = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...catalog.names) }, { weight: 1, arbitrary: name }), { maxLength: 3 })
  .map((names) => ({ status: 'found' as const, tools: names.map((tool) => ({ name: tool, inputSchema: { type: 'object' } })) }));
const misfit = name.map((tool) => ({
  status: 'invalid-arguments' as const,
  tool,
  errors: ['x'],
  tools: [{ name: tool, inputSchema: { type: 'object' } }],
  loaded: [tool],
  message: 'm',
}));
const text = fc.oneof(
  { weight: 4, arbitrary: fc.oneof(found, misfit).map((result) => formatToolSearchResult(result as never)) },
  { weight: 1, arbitrary: fc.constantFrom('{"status":"found"}', '{"status":"found","tools":"x"}', 'not json', '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);
const content = fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: text.map((value) => [{ type: 'text' as const, text: value }]) });

/** One turn: an AI message's calls (the package's tools mostly), and tool messages answering some of them, in any order. */
const turn = fc
  .tuple(
    fc.array(
      fc.record({ name: fc.oneof({ weight: 3, arbitrary: fc.constant('tool_search') }, { weight: 2, arbitrary: name }), content, answered: fc.boolean() }),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
    fc.nat({ max: 96 }),
    fc.nat(),
  )
  .map(([calls, position, order]): BaseMessage[] => {
    const ids = calls.map((_, index) => `call_${position}_${index}`);
    const answers = calls.flatMap((call, index) => (call.answered ? [new ToolMessage({ content: call.content, tool_call_id: ids[index] as string })] : []));
    const start = answers.length === 0 ? 0 : order % answers.length;
    return [
      new AIMessage({ content: '', tool_calls: calls.map((call, index) => ({ id: ids[index], name: call.name, args: {}, type: 'tool_call' as const })) }),
      ...answers.slice(start),
      ...answers.slice(0, start),
    ];
  });
/** Anything else a conversation may hold: an answer no AI message called for (named or not, its id empty or not), a user message. */
const stray: fc.Arbitrary<BaseMessage[]> = fc.oneof(
  fc
    .record({ id: fc.constantFrom('c1', ''), content, name: fc.option(name, { nil: undefined }) })
    .map((answer): BaseMessage[] => [
      new ToolMessage({ content: answer.content, tool_call_id: answer.id, ...(answer.name === undefined ? {} : { name: answer.name }) }),
    ]),
  fc.constant<BaseMessage[]>([new HumanMessage('hi')]),
);
const conversation = fc.array(fc.oneof({ weight: 4, arbitrary: turn }, { weight: 1, arbitrary: stray }), { maxLength: 5 }).map((parts) => parts.flat());
const form: fc.Arbitrary<LangChainAnswerForm> = fc.constantFrom(
  { type: 'openai-hosted' },
  { type: 'claude-hosted' },
  { type: 'native', writer: 'openai', additions: 'value' },
  { type: 'native', writer: 'anthropic', additions: 'value' },
  { type: 'native', writer: 'anthropic', additions: 'reference' },
);
const deferred = fc.subarray([...catalog.names]).map((names) => new Set(names));

/** The tools the native additions of `output` add, in order. */
function added(output: readonly BaseMessage[]): string[] {
  return output.flatMap((entry) => {
    if (SystemMessage.isInstance(entry) && Array.isArray(entry.content)) {
      return (entry.content as unknown as { tool: { name?: string; definition?: { name: string } } }[]).map(
        (block) => block.tool.definition?.name ?? block.tool.name ?? '',
      );
    }
    const items = AIMessage.isInstance(entry) ? (entry.response_metadata.output as { type: string; tools: { name: string }[] }[] | undefined) : undefined;
    return (items ?? []).filter((item) => item.type === 'additional_tools').flatMap((item) => item.tools.map((tool) => tool.name));
  });
}

describe('transformLangChainMessages over conversations of any shape', () => {
  const counts = createCaseCounter('langchain-messages');
  afterAll(() => counts.report());

  it(
    'gives messages or a ToolSearchError, unchanged input, equal output for equal input, and adds only deferred tools, each once',
    () => {
      fc.assert(
        fc.property(conversation, form, deferred, (messages, answerForm, deferredNames) => {
          const options = { form: answerForm, own: { searchName: 'tool_search', callToolName: 'call_tool' }, catalog, deferred: deferredNames };
          const before = JSON.stringify(messages);
          let output: BaseMessage[];
          try {
            output = transformLangChainMessages(messages, options);
          } catch (error) {
            expect(isToolSearchError(error), String(error)).toBe(true);
            counts.count('typed error');
            return;
          }
          expect(JSON.stringify(messages)).toBe(before);
          expect(JSON.stringify(transformLangChainMessages(messages, options))).toBe(JSON.stringify(output));
          if (answerForm.type !== 'native') {
            expect(output).toHaveLength(messages.length);
            counts.count(output.some((entry, index) => entry !== messages[index]) ? `${answerForm.type}: rewritten` : `${answerForm.type}: as given`);
            return;
          }
          const names = added(output);
          expect(new Set(names).size).toBe(names.length);
          for (const tool of names) expect(deferredNames.has(tool)).toBe(true);
          counts.count(names.length > 0 ? 'native: added' : 'native: nothing added');
        }),
        propertyParameters(),
      );
    },
    PROPERTY_TIMEOUT,
  );
});
