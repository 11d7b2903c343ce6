import { describe, expect, it } from 'vitest';
import type { ModelMessage } from 'ai';
import {
  transformAISDKMessages,
  type AISDKToolAdditionWriter,
  type TransformAISDKMessagesOptions,
} from '../../../src/integrations/ai-sdk/transform-ai-sdk-messages.js';
import { formatToolSearchResult } from '../../../src/client/tool-search-result.js';
import type { ToolDefinition } from '../../../src/tools/tool-definition.js';

const definitions = new Map<string, ToolDefinition>(
  ['get_weather', 'get_time', 'send_email'].map((name) => [name, { name, description: `The ${name} tool.`, inputSchema: { type: 'object', properties: {} } }]),
);
const own = { searchName: 'tool_search', callToolName: 'call_tool' };
const options = (writer: AISDKToolAdditionWriter): TransformAISDKMessagesOptions => ({
  own,
  additions: { writer, definition: (name) => definitions.get(name), strict: (name) => (name === 'get_time' ? true : undefined) },
});

let call = 0;
/** An assistant turn calling `tool_search`, and the tool message with its result loading `names`. */
function search(names: readonly string[], loadedEarlier: readonly string[] = []): ModelMessage[] {
  call += 1;
  const toolCallId = `call_${call}`;
  const result = {
    status: 'found' as const,
    tools: names.map((name) => ({ name, description: `The ${name} tool.`, inputSchema: { type: 'object' as const } })),
    ...(loadedEarlier.length === 0 ? {} : { loadedEarlier }),
  };
  return [
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId, toolName: 'tool_search', input: { query: names.join(' ') } }] },
    { role: 'tool', content: [{ type: 'tool-result', toolCallId, toolName: 'tool_search', output: { type: 'text', value: formatToolSearchResult(result) } }] },
  ];
}

const conversation: ModelMessage[] = [
  { role: 'user', content: 'Weather and time in Rome, then mail it.' },
  ...search(['get_weather', 'get_time']),
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call_w', toolName: 'get_weather', input: {} }] },
  { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_w', toolName: 'get_weather', output: { type: 'text', value: 'sunny' } }] },
  ...search(['get_weather', 'send_email'], ['get_time']),
];

describe('transformAISDKMessages', () => {
  describe('for OpenAI Responses (additionalTools on the search result)', () => {
    const output = transformAISDKMessages(conversation, options('openai'));

    it('puts on each search result the tools it loaded that no earlier result loaded, as function definitions', () => {
      const additions = output.flatMap((message) =>
        message.role === 'tool'
          ? message.content.map((part) =>
              part.type === 'tool-result' ? (part.providerOptions?.openai as { additionalTools?: unknown } | undefined)?.additionalTools : null,
            )
          : [],
      );
      expect(additions).toEqual([
        [
          { type: 'function', name: 'get_weather', description: 'The get_weather tool.', parameters: { type: 'object', properties: {} } },
          { type: 'function', name: 'get_time', description: 'The get_time tool.', parameters: { type: 'object', properties: {} }, strict: true },
        ],
        undefined,
        [{ type: 'function', name: 'send_email', description: 'The send_email tool.', parameters: { type: 'object', properties: {} } }],
      ]);
      expect(output.map((message) => message.role)).toEqual(conversation.map((message) => message.role));
    });

    it('leaves the input untouched and gives the same messages when run again on its own output', () => {
      const before = structuredClone(conversation);
      transformAISDKMessages(conversation, options('openai'));
      expect(conversation).toEqual(before);
      expect(transformAISDKMessages(output, options('openai'))).toEqual(output);
    });
  });

  describe('for Anthropic Messages (a system message of toolChanges by reference)', () => {
    const output = transformAISDKMessages(conversation, options('anthropic'));

    it('follows each search result’s tool message with one system message naming the tools it newly loaded', () => {
      expect(output.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'system', 'assistant', 'tool', 'assistant', 'tool', 'system']);
      const changes = output.filter((message) => message.role === 'system').map((message) => message.providerOptions?.anthropic);
      expect(changes).toEqual([
        {
          toolChanges: [
            { type: 'tool_addition', toolName: 'get_weather' },
            { type: 'tool_addition', toolName: 'get_time' },
          ],
        },
        { toolChanges: [{ type: 'tool_addition', toolName: 'send_email' }] },
      ]);
      expect(output.filter((message) => message.role === 'system').every((message) => message.content === '')).toBe(true);
    });

    it('writes its system messages once however often it runs (AI SDK 7 carries a step’s messages forward)', () => {
      expect(transformAISDKMessages(output, options('anthropic'))).toEqual(output);
      expect(transformAISDKMessages(transformAISDKMessages(output, options('anthropic')), options('anthropic'))).toEqual(output);
    });

    it('keeps a system message of the caller’s, and adds nothing after a search that loaded nothing new', () => {
      const caller: ModelMessage = { role: 'system', content: 'Be brief.' };
      const again = search([], ['get_weather']);
      const result = transformAISDKMessages([conversation[0] as ModelMessage, caller, ...again], options('anthropic'));
      expect(result).toEqual([conversation[0], caller, ...again]);
    });
  });

  it('ignores results of other tools and outputs that are not the package’s', () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Hi.' },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call_x', toolName: 'other', input: {} }] },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_x',
            toolName: 'other',
            output: { type: 'text', value: formatToolSearchResult({ status: 'found', tools: [] }) },
          },
        ],
      },
    ];
    expect(transformAISDKMessages(messages, options('openai'))).toEqual(messages);
    expect(transformAISDKMessages(messages, options('anthropic'))).toEqual(messages);
  });
});
