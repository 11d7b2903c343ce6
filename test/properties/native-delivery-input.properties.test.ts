import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { isToolSearchError } from '../../src/errors/tool-search-error.js';
import { resolveNativeSearchResult } from '../../src/client/resolve-native-search-result.js';
import { isRecord } from '../../src/records/is-record.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import { createAnthropicMessagesToolSearch } from '../../src/providers/anthropic/create-anthropic-messages-tool-search.js';
import { createAnthropicToolAdditionMessage } from '../../src/providers/anthropic/create-anthropic-tool-addition-message.js';
import { preflightAnthropicMessagesRequest } from '../support/preflight/preflight-anthropic-messages-request.js';
import { resolveAnthropicToolChange } from '../../src/providers/anthropic/anthropic-messages-tool-rules.js';
import { transformAnthropicMessagesRequest } from '../../src/providers/anthropic/index.js';
import { createOpenAIResponsesAdditionalTools } from '../../src/providers/openai/create-openai-responses-additional-tools.js';
import { createOpenAIResponsesToolSearch } from '../../src/providers/openai/create-openai-responses-tool-search.js';
import { preflightOpenAIResponsesRequest } from '../support/preflight/preflight-openai-responses-request.js';
import { readOpenAIResponsesAddedTools } from '../../src/providers/openai/read-openai-responses-added-tools.js';
import { transformOpenAIResponsesRequest } from '../../src/providers/openai/index.js';
import { PROPERTY_TIMEOUT, createCaseCounter, propertyParameters } from '../support/arbitraries.js';
import { manyTools } from '../support/tools.js';

/*
 * Native delivery's wire items as a caller's history may hold them, malformed: `additional_tools` items, system messages
 * with tool changes, `compaction` blocks' `tool_changes`, each field now and then of any type. The readers and writers
 * take them without a stray TypeError (a ToolSearchError, or a result), and the preflights are total: any value, nothing
 * thrown.
 */

const anything = fc.anything({ withBigInt: true, withNullPrototype: true, withSparseArray: true, withBoxedValues: true, maxDepth: 3 });
const toolName = fc.oneof(fc.constantFrom('tool_0', 'tool_1', 'tool_search', 'call_tool', '__proto__', 'constructor', ''), fc.string({ maxLength: 8 }));
/** A field that is usually right and sometimes anything. */
const mostly = <T>(right: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: right }, { weight: 1, arbitrary: anything });

const responsesTool = fc.oneof(
  fc.record({ type: mostly(fc.constant('function')), name: mostly(toolName), parameters: mostly(fc.constant({ type: 'object' })) }, { requiredKeys: [] }),
  fc.record({
    type: mostly(fc.constant('namespace')),
    name: mostly(toolName),
    tools: mostly(fc.array(fc.record({ type: mostly(fc.constant('function')), name: mostly(toolName) }, { requiredKeys: [] }), { maxLength: 2 })),
  }),
  anything,
);
const responsesItem = fc.oneof(
  fc.record(
    {
      type: mostly(fc.constant('additional_tools')),
      role: mostly(fc.constant('developer')),
      tools: mostly(fc.array(responsesTool, { maxLength: 3 })),
      prompt_cache_breakpoint: anything,
    },
    { requiredKeys: ['type'] },
  ),
  fc.record({ type: fc.constant('function_call'), call_id: mostly(fc.constantFrom('c1', 'c2')), name: mostly(toolName), arguments: mostly(fc.constant('{}')) }),
  fc.record({ type: fc.constant('function_call_output'), call_id: mostly(fc.constantFrom('c1', 'c2')), output: mostly(fc.constant('ok')) }),
  fc.constant({ role: 'user', content: 'hi' }),
  anything,
);

const anthropicTool = fc.oneof(
  fc.record({ type: mostly(fc.constant('tool_reference')), name: mostly(toolName) }, { requiredKeys: [] }),
  fc.record(
    {
      type: mostly(fc.constant('tool_definition')),
      definition: mostly(
        fc.record({ name: mostly(toolName), input_schema: mostly(fc.constant({ type: 'object' })), cache_control: anything }, { requiredKeys: [] }),
      ),
    },
    { requiredKeys: [] },
  ),
  anything,
);
const toolChange = fc.oneof(
  fc.record({ type: mostly(fc.constantFrom('tool_addition', 'tool_removal')), tool: anthropicTool, cache_control: anything }, { requiredKeys: ['type'] }),
  anything,
);
const anthropicMessage = fc.oneof(
  fc.record({ role: mostly(fc.constant('system')), content: mostly(fc.array(toolChange, { maxLength: 3 })) }, { requiredKeys: ['role'] }),
  fc.record({
    role: fc.constant('assistant'),
    content: mostly(
      fc.array(
        fc.oneof(
          fc.record({ type: fc.constant('compaction'), content: mostly(fc.constant('summary')), tool_changes: mostly(fc.array(toolChange, { maxLength: 3 })) }),
          fc.record({ type: fc.constant('tool_use'), id: mostly(fc.constantFrom('u1', 'u2')), name: mostly(toolName), input: mostly(fc.constant({})) }),
          anything,
        ),
        { maxLength: 3 },
      ),
    ),
  }),
  fc.record({
    role: fc.constant('user'),
    content: mostly(
      fc.array(fc.oneof(fc.record({ type: fc.constant('tool_result'), tool_use_id: mostly(fc.constantFrom('u1', 'u2')) }), anything), { maxLength: 2 }),
    ),
  }),
  anything,
);

const tools = manyTools(6);
const config = { mechanism: 'client', reveal: 'native', threshold: 0 } as const;
const responsesPlan = resolveToolSearch({ id: 'gpt-5.2', api: 'openai-responses' }, tools, config);
const valuePlan = resolveToolSearch({ id: 'claude-opus-5', api: 'anthropic-messages' }, tools, config);
const referencePlan = resolveToolSearch({ id: 'claude-opus-5', api: 'anthropic-messages', platform: 'bedrock' }, tools, config);
const responsesTools = tools.map((tool) => ({ type: 'function' as const, name: tool.name, parameters: tool.inputSchema, strict: false }));
const anthropicTools = tools.map((tool) => ({ name: tool.name, input_schema: tool.inputSchema }));
const responsesSession = createOpenAIResponsesToolSearch({ tools: responsesTools, config });
const anthropicSession = createAnthropicMessagesToolSearch({ tools: anthropicTools, config });

const counter = createCaseCounter('native delivery input');
afterAll(() => counter.report());

/** Runs `run`; it may return or throw a `ToolSearchError`, nothing else (no `TypeError`). */
async function typedOrNothing(label: string, run: () => unknown): Promise<void> {
  try {
    await run();
    counter.count(`${label} ran`);
  } catch (error) {
    if (!isToolSearchError(error)) throw error;
    counter.count(`${label} threw ${error.code}`);
  }
}

/** Runs a preflight: it returns a result for any value, and never throws. */
function total(preflight: () => { readonly ok: boolean }): void {
  expect(typeof preflight().ok).toBe('boolean');
}

describe('native delivery on malformed wire items', () => {
  it(
    'Responses: additional_tools items of any shape never give a stray TypeError, and the preflight is total',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(responsesItem, { maxLength: 5 }), anything, anything, async (input, names, options) => {
          const body = { model: 'gpt-5.2', input, tools: responsesTools };
          expect(Array.isArray(readOpenAIResponsesAddedTools(input))).toBe(true);
          readOpenAIResponsesAddedTools(names);
          // What the items added, written again from their own tool lists: every name found, in order.
          const added = readOpenAIResponsesAddedTools(input);
          if (added.length > 0) {
            const listed = input.flatMap((item) => (isRecord(item) && Array.isArray(item.tools) ? (item.tools as unknown[]) : []));
            counter.count('additions written again');
            expect(createOpenAIResponsesAdditionalTools(added, { tools: listed }).tools.map((tool) => (tool as { name?: string }).name)).toEqual(added);
          }
          await typedOrNothing('createOpenAIResponsesAdditionalTools', () => createOpenAIResponsesAdditionalTools(names as never, options as never));
          await typedOrNothing('createOpenAIResponsesAdditionalTools tools', () => createOpenAIResponsesAdditionalTools(['tool_0'], { tools: input } as never));
          await typedOrNothing('transformOpenAIResponsesRequest', () => {
            const result = transformOpenAIResponsesRequest(body, responsesPlan);
            total(() => preflightOpenAIResponsesRequest(result.body));
          });
          await typedOrNothing('session prepare', () => responsesSession.prepare(body, { sessionId: 's' }));
          total(() => preflightOpenAIResponsesRequest(body));
          total(() => preflightOpenAIResponsesRequest(input));
          total(() => preflightOpenAIResponsesRequest({ model: names, input: options, tools: input }));
        }),
        propertyParameters(),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'Messages: system messages, tool changes and compaction blocks of any shape never give a stray TypeError, and the preflight is total',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(anthropicMessage, { maxLength: 5 }), anything, anything, async (messages, tools, form) => {
          const first = { role: 'user', content: 'hi' };
          for (const model of ['claude-opus-5', 'claude-sonnet-5']) {
            const body = { model, max_tokens: 100, messages: [first, ...messages], tools: anthropicTools };
            await typedOrNothing('transformAnthropicMessagesRequest (value)', () => {
              const result = transformAnthropicMessagesRequest(body, valuePlan);
              total(() => preflightAnthropicMessagesRequest(result.body));
            });
            await typedOrNothing('transformAnthropicMessagesRequest (reference)', () => {
              const result = transformAnthropicMessagesRequest(body, referencePlan);
              total(() => preflightAnthropicMessagesRequest(result.body, { model: { id: model, api: 'anthropic-messages', platform: 'bedrock' } }));
            });
            await typedOrNothing('session prepare', () => anthropicSession.prepare(body, { sessionId: 's' }));
            total(() => preflightAnthropicMessagesRequest(body));
            total(() => preflightAnthropicMessagesRequest(body, { model: { id: model, api: 'anthropic-messages', platform: 'bedrock' } }));
          }
          for (const message of messages) {
            const content = (message as { content?: unknown } | null)?.content;
            if (Array.isArray(content)) for (const block of content) resolveAnthropicToolChange(block);
            resolveAnthropicToolChange(message);
          }
          await typedOrNothing('createAnthropicToolAdditionMessage', () => createAnthropicToolAdditionMessage(tools as never, form as never));
          await typedOrNothing('createAnthropicToolAdditionMessage (value)', () => createAnthropicToolAdditionMessage(tools as never, 'value'));
          total(() => preflightAnthropicMessagesRequest(messages));
          total(() => preflightAnthropicMessagesRequest({ model: tools, messages: form }));
        }),
        propertyParameters(),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'resolveNativeSearchResult: a result of any shape gives a result or a ToolSearchError, never a stray TypeError',
    async () => {
      const result = fc.oneof(
        anything,
        fc.record(
          {
            status: fc.constantFrom('found', 'invalid-arguments', 'no-match'),
            tools: anything,
            tool: anything,
            loadedEarlier: anything,
            loaded: anything,
            message: anything,
          },
          { requiredKeys: ['status'] },
        ),
      );
      await fc.assert(
        fc.asyncProperty(result, anything, async (given, added) => {
          await typedOrNothing('resolveNativeSearchResult', () => resolveNativeSearchResult(given as never, { tools, added: added as never }));
        }),
        propertyParameters(),
      );
    },
    PROPERTY_TIMEOUT,
  );
});
