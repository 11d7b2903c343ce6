import { isRecord } from '../../records/is-record.js';
import { createSessionToolSearch } from '../../session/create-session-tool-search.js';
import { resolveJSONSchemaField } from '../../session/resolve-json-schema-field.js';
import type { SessionCallAnswer, SessionResponseCall } from '../../session/session-adapter.js';
import { formatSessionAnswer } from '../../session/format-session-answer.js';
import { readSessionResponseValue } from '../../session/read-session-response-value.js';
import type { SessionToolSearchFor } from '../../session/session-request.js';
import type { SessionToolSearchOptions } from '../../session/session-tool-search-options.js';
import type { BedrockConverseStreamEvent, BedrockConverseToolResult } from './bedrock-converse-api.js';
import { BEDROCK_CONVERSE_CODEC, type BedrockConverseWarningCode } from './bedrock-converse-codec.js';
import { createBedrockConverseStreamAccumulator } from './create-bedrock-converse-stream-accumulator.js';
import { isAsyncIterable } from '../../records/is-async-iterable.js';

/** A tool {@link createBedrockConverseToolSearch} takes: the AWS SDK's `Tool` (a zod schema in `toolSpec.inputSchema.json` is converted). */
export type BedrockConverseSessionTool = {
  readonly toolSpec?: { readonly name?: string | undefined } | undefined;
  readonly cachePoint?: object | undefined;
  readonly systemTool?: object | undefined;
};

/** What {@link createBedrockConverseToolSearch} needs. */
export type CreateBedrockConverseToolSearchOptions<Tool extends BedrockConverseSessionTool = BedrockConverseSessionTool> = SessionToolSearchOptions<Tool>;

/** What `step` and `handle` take: the `ConverseCommand` output, or `ConverseStreamCommand`'s output or its `stream`. */
type BedrockConverseSessionResponse =
  | { readonly output?: { readonly message?: object | undefined } | undefined }
  | { readonly stream?: AsyncIterable<BedrockConverseStreamEvent> | undefined }
  | AsyncIterable<BedrockConverseStreamEvent>;

/** Tool search for one agent on Converse: a turn's `messages` are the assistant message, then a user message with a `toolResult` per call. */
export type BedrockConverseToolSearch = SessionToolSearchFor<BedrockConverseWarningCode, BedrockConverseSessionResponse, 'messages'>;

/** Tool search on Converse for one agent: `prepare` transforms the body, `handle` answers every `toolUse` (`runTool`'s result sent as text, or a list of blocks as it is). */
export function createBedrockConverseToolSearch<Tool extends BedrockConverseSessionTool>(
  options: CreateBedrockConverseToolSearchOptions<Tool>,
): BedrockConverseToolSearch {
  return createSessionToolSearch<BedrockConverseWarningCode>(options, {
    api: 'bedrock-converse',
    label: 'createBedrockConverseToolSearch',
    withJSONSchemas: (tool) => resolveJSONSchemaField(tool, 'json', 'json', ['toolSpec', 'inputSchema']),
    toolsOf: (body) => (isRecord(body.toolConfig) ? body.toolConfig.tools : undefined),
    withTools: (body, tools) => ({ ...body, toolConfig: { ...(body.toolConfig as object | undefined), tools } }),
    codec: BEDROCK_CONVERSE_CODEC as never,
    unpaired: 'throw',
    createStreamAccumulator: createBedrockConverseStreamAccumulator,
    // `ConverseStreamCommand`'s output holds the events in `stream`.
    streamOf: (response) => (isRecord(response) && isAsyncIterable(response.stream) ? response.stream : isAsyncIterable(response) ? response : undefined),
    readResponse(response) {
      const message = readSessionResponseValue(response, 'response', ['output', 'message'], "the model's message", isRecord);
      const calls: SessionResponseCall<BedrockConverseToolResult>[] = [];
      for (const block of Array.isArray(message.content) ? message.content : []) {
        const use = isRecord(block) ? block.toolUse : undefined;
        if (!isRecord(use) || typeof use.name !== 'string' || typeof use.toolUseId !== 'string') continue;
        const toolUseId = use.toolUseId;
        const write = (answer: SessionCallAnswer): BedrockConverseToolResult => {
          const content = formatSessionAnswer<{ text: string }>(answer);
          // Converse rejects an empty text block.
          return { toolResult: { toolUseId, content: typeof content === 'string' ? [{ text: content || '(no output)' }] : content } };
        };
        calls.push({ id: toolUseId, name: use.name, arguments: use.input ?? {}, write });
      }
      return {
        calls,
        finish: (results, _additions, predicted) => ({
          messages: results.length === 0 ? [...predicted, message] : [...predicted, message, { role: 'user', content: results }],
          done: results.length === 0,
        }),
      };
    },
  }) as BedrockConverseToolSearch;
}
