/**
 * A response body streamed the way its API streams it: each function turns the non-streaming response (what the
 * scripted model answers) into the API's stream events, and `*Stream` writes those events in the API's framing for the
 * local server (server-sent events for OpenAI, Anthropic and Gemini, the AWS event-stream framing for Converse). The
 * event shapes follow the official SDKs' types (`ChatCompletionChunk`, `ResponseStreamEvent`, `RawMessageStreamEvent`,
 * `GenerateContentResponse`, `ConverseStreamOutput`). Where text or tool input arrives in pieces, `cut` says where
 * the pieces end, so the property tests can draw the boundaries.
 */
import { EventStreamCodec } from '@smithy/eventstream-codec';
import type { ContentBlock, Message, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages/messages';
import type { ContentBlockDelta, ConverseCommandOutput, ConverseStreamOutput } from '@aws-sdk/client-bedrock-runtime';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { Response, ResponseOutputItem, ResponseStreamEvent } from 'openai/resources/responses/responses';
import type { ScriptedResponse } from './local-server.js';

type Item = Record<string, unknown>;

/** Splits a text into the pieces a stream carries (the pieces joined give the text back). */
export type TextCut = (text: string) => readonly string[];

/** Pieces of at most `size` UTF-16 code units, never splitting a surrogate pair (an SDK decodes each event as UTF-8). */
export function cutEvery(size: number): TextCut {
  return (text) => {
    const pieces: string[] = [];
    const characters = [...text];
    for (let start = 0; start < characters.length; start += size) pieces.push(characters.slice(start, start + size).join(''));
    return pieces;
  };
}

const DEFAULT_CUT = cutEvery(7);
const items = (value: unknown): Item[] => (Array.isArray(value) ? (value as Item[]) : []);

/**
 * A Chat Completions response as its `chat.completion.chunk`s: for each choice, a first delta with the role (and the
 * content or the first tool call), the content and each call's `arguments` in pieces, then the finish reason; with
 * `usage` (`stream_options.include_usage`), a last chunk without choices that carries it.
 */
export function streamOpenAIChatCompletion(completion: Item, cut: TextCut = DEFAULT_CUT): Item[] {
  const { id, created, model, service_tier, system_fingerprint, usage } = completion;
  const base = {
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    ...(service_tier === undefined ? {} : { service_tier }),
    ...(system_fingerprint === undefined ? {} : { system_fingerprint }),
  };
  // Typed as the SDK's chunk: a field renamed or missing fails to compile.
  const chunk = (choice: ChatCompletionChunk.Choice): ChatCompletionChunk => ({ ...(base as Omit<ChatCompletionChunk, 'choices'>), choices: [choice] });
  const chunks: ChatCompletionChunk[] = [];
  for (const choice of items(completion.choices)) {
    const index = choice.index as number;
    const message = choice.message as Item;
    const delta = (fields: ChatCompletionChunk.Choice.Delta, finish: ChatCompletionChunk.Choice['finish_reason'] = null) =>
      chunk({ index, delta: fields, logprobs: null, finish_reason: finish });
    const content = typeof message.content === 'string' ? message.content : null;
    const pieces = content === null ? [] : cut(content);
    chunks.push(delta({ role: 'assistant', content: content === null ? null : (pieces[0] ?? ''), refusal: null }));
    for (const piece of pieces.slice(1)) chunks.push(delta({ content: piece }));
    for (const [position, call] of items(message.tool_calls).entries()) {
      const fn = call.function as { name: string; arguments: string };
      const [first = '', ...rest] = cut(fn.arguments);
      chunks.push(delta({ tool_calls: [{ index: position, id: call.id as string, type: 'function', function: { name: fn.name, arguments: first } }] }));
      for (const piece of rest) chunks.push(delta({ tool_calls: [{ index: position, function: { arguments: piece } }] }));
    }
    chunks.push(delta({}, choice.finish_reason as ChatCompletionChunk.Choice['finish_reason']));
  }
  if (usage !== undefined) chunks.push({ ...(base as Omit<ChatCompletionChunk, 'choices'>), choices: [], usage: usage as ChatCompletionChunk['usage'] });
  return chunks as unknown as Item[];
}

/** A Chat Completions stream: `data:` lines, then `data: [DONE]`. */
export function openAIChatStream(completion: Item, cut?: TextCut): ScriptedResponse {
  return serverSentEvents([...streamOpenAIChatCompletion(completion, cut).map((chunk) => ({ data: chunk })), { data: '[DONE]' }]);
}

/**
 * A Responses API response as its stream events: `response.created` and `response.in_progress` (no output yet), each
 * output item added, its text or arguments in pieces, and done, then `response.completed` with the whole response.
 * Items without deltas (`tool_search_call`, `tool_search_output`, `reasoning`, `additional_tools`, …) are added in
 * progress and done whole.
 */
export function streamOpenAIResponse(response: Item, cut: TextCut = DEFAULT_CUT): Item[] {
  // Typed as the SDK's events: a field renamed or missing fails to compile.
  const events: ResponseStreamEvent[] = [];
  type Event = ResponseStreamEvent extends infer Each ? (Each extends ResponseStreamEvent ? Omit<Each, 'sequence_number'> : never) : never;
  const emit = (event: Event) => events.push({ ...event, sequence_number: events.length } as ResponseStreamEvent);
  const whole = response as unknown as Response;
  const pending = { ...whole, status: 'in_progress', output: [], usage: null } as unknown as Response;
  emit({ type: 'response.created', response: pending });
  emit({ type: 'response.in_progress', response: pending });
  for (const [output_index, item] of whole.output.entries()) {
    if (item.type === 'message') {
      const item_id = item.id;
      emit({ type: 'response.output_item.added', output_index, item: { ...item, status: 'in_progress', content: [] } });
      for (const [content_index, part] of item.content.entries()) {
        emit({
          type: 'response.content_part.added',
          item_id,
          output_index,
          content_index,
          part: part.type === 'output_text' ? { ...part, text: '' } : { ...part, refusal: '' },
        });
        if (part.type === 'output_text') {
          for (const delta of cut(part.text)) emit({ type: 'response.output_text.delta', item_id, output_index, content_index, delta, logprobs: [] });
          emit({ type: 'response.output_text.done', item_id, output_index, content_index, text: part.text, logprobs: [] });
        } else {
          for (const delta of cut(part.refusal)) emit({ type: 'response.refusal.delta', item_id, output_index, content_index, delta });
          emit({ type: 'response.refusal.done', item_id, output_index, content_index, refusal: part.refusal });
        }
        emit({ type: 'response.content_part.done', item_id, output_index, content_index, part });
      }
    } else if (item.type === 'function_call') {
      const item_id = item.id ?? '';
      emit({ type: 'response.output_item.added', output_index, item: { ...item, arguments: '', status: 'in_progress' } });
      for (const delta of cut(item.arguments)) emit({ type: 'response.function_call_arguments.delta', item_id, output_index, delta });
      emit({ type: 'response.function_call_arguments.done', item_id, output_index, name: item.name, arguments: item.arguments });
    } else if (item.type === 'custom_tool_call') {
      const item_id = item.id ?? '';
      emit({ type: 'response.output_item.added', output_index, item: { ...item, input: '' } });
      for (const delta of cut(item.input)) emit({ type: 'response.custom_tool_call_input.delta', item_id, output_index, delta });
      emit({ type: 'response.custom_tool_call_input.done', item_id, output_index, input: item.input });
    } else {
      emit({ type: 'response.output_item.added', output_index, item: ('status' in item ? { ...item, status: 'in_progress' } : item) as ResponseOutputItem });
    }
    emit({ type: 'response.output_item.done', output_index, item });
  }
  if (whole.status === 'incomplete') emit({ type: 'response.incomplete', response: whole });
  else emit({ type: 'response.completed', response: whole });
  return events as unknown as Item[];
}

/** A Responses API stream: `event:` and `data:` lines. */
export function openAIResponsesStream(response: Item, cut?: TextCut): ScriptedResponse {
  return serverSentEvents(streamOpenAIResponse(response, cut).map((event) => ({ event: event.type as string, data: event })));
}

/**
 * A Messages API response as its stream events: `message_start` (no content yet), each content block started, its
 * text, thinking or tool input in pieces (`input_json_delta`), and stopped, then `message_delta` (stop reason, output
 * tokens) and `message_stop`. Server blocks that carry a result (`tool_search_tool_result`, …) start whole.
 */
export function streamAnthropicMessage(message: Item, cut: TextCut = DEFAULT_CUT): Item[] {
  const whole = message as unknown as Message;
  // Typed as the SDK's events: a field renamed or missing fails to compile.
  const events: RawMessageStreamEvent[] = [
    { type: 'message_start', message: { ...whole, content: [], stop_reason: null, stop_sequence: null, usage: { ...whole.usage, output_tokens: 1 } } },
  ];
  for (const [index, block] of whole.content.entries()) {
    const start = (content_block: ContentBlock) => events.push({ type: 'content_block_start', index, content_block });
    const delta = (fields: Extract<RawMessageStreamEvent, { type: 'content_block_delta' }>['delta']) =>
      events.push({ type: 'content_block_delta', index, delta: fields });
    if (block.type === 'text') {
      const { citations, ...rest } = block;
      start({ ...rest, text: '' } as ContentBlock);
      for (const text of cut(block.text)) delta({ type: 'text_delta', text });
      for (const citation of citations ?? []) delta({ type: 'citations_delta', citation });
    } else if (block.type === 'thinking') {
      start({ ...block, thinking: '', signature: '' });
      for (const thinking of cut(block.thinking)) delta({ type: 'thinking_delta', thinking });
      delta({ type: 'signature_delta', signature: block.signature });
    } else if (block.type === 'tool_use' || block.type === 'server_tool_use') {
      start({ ...block, input: {} });
      for (const partial_json of cut(JSON.stringify(block.input))) delta({ type: 'input_json_delta', partial_json });
    } else {
      start(block);
    }
    events.push({ type: 'content_block_stop', index });
  }
  // The SDK types every usage counter of `message_delta` as present (`null` when it does not apply); the API sends
  // the ones that apply, here the output tokens, as its documented example does.
  events.push(
    {
      type: 'message_delta',
      delta: { stop_reason: whole.stop_reason, stop_sequence: whole.stop_sequence } as Extract<RawMessageStreamEvent, { type: 'message_delta' }>['delta'],
      usage: { output_tokens: whole.usage.output_tokens } as Extract<RawMessageStreamEvent, { type: 'message_delta' }>['usage'],
    },
    { type: 'message_stop' },
  );
  return events as unknown as Item[];
}

/** A Messages API stream: `event:` and `data:` lines. */
export function anthropicMessagesStream(message: Item, cut?: TextCut): ScriptedResponse {
  return serverSentEvents(streamAnthropicMessage(message, cut).map((event) => ({ event: event.type as string, data: event })));
}

/** How {@link streamGeminiResponse} streams a response. */
export interface GeminiStreamOptions {
  /** How many parts each chunk carries, in turn (the last size repeats). @default [1] */
  readonly group?: readonly number[];
  /**
   * Which function calls (by position among the response's calls) stream their arguments as Vertex AI does with
   * `streamFunctionCallArguments`: a first piece with the name and `willContinue`, one `partialArgs` piece per JSON
   * leaf (strings cut in pieces that say `willContinue`), and an empty last piece. @default none
   */
  readonly partialArgs?: (call: number) => boolean;
  /** The usage on every chunk, as running totals (what Gemini sends), rather than on the last only. */
  readonly usageOnEveryChunk?: boolean;
}

/**
 * A `generateContent` response as `streamGenerateContent` chunks: each text part in pieces (a part's other fields,
 * such as `thoughtSignature`, on its last piece), function calls whole or with their arguments in pieces
 * (`options.partialArgs`), every other part whole; the chunks carry the response's fields, the finish reason only the
 * last, the usage the last (or every one).
 */
export function streamGeminiResponse(response: Item, cut: TextCut = DEFAULT_CUT, options: GeminiStreamOptions = {}): Item[] {
  const { group = [1], partialArgs = () => false, usageOnEveryChunk = false } = options;
  const candidate = items(response.candidates)[0] ?? {};
  const { content, finishReason, ...candidateRest } = candidate as Item & { content?: Item };
  let calls = 0;
  const pieces = items(content?.parts).flatMap((part): Item[] => {
    if (part.functionCall !== undefined) return partialArgs(calls++) ? streamFunctionCall(part, cut) : [part];
    if (typeof part.text !== 'string') return [part];
    const { text, ...rest } = part;
    const texts = cut(text);
    return texts.map((piece, position) =>
      position === texts.length - 1 ? { text: piece, ...rest } : { text: piece, ...(rest.thought === true ? { thought: true } : {}) },
    );
  });
  const { candidates, usageMetadata, ...rest } = response;
  const chunkOf = (parts: Item[], last: boolean): Item => ({
    candidates: [{ ...candidate, content: { ...content, parts }, ...(last ? { finishReason } : { finishReason: undefined }), ...candidateRest }],
    ...(last || usageOnEveryChunk ? { usageMetadata } : {}),
    ...rest,
  });
  const chunks: Item[][] = [];
  for (let start = 0, turn = 0; start < pieces.length; turn += 1) {
    const size = Math.max(1, group[Math.min(turn, group.length - 1)] ?? 1);
    chunks.push(pieces.slice(start, start + size));
    start += size;
  }
  if (chunks.length === 0) chunks.push([]);
  // `finishReason: undefined` keeps the key's place in the candidate and leaves it out of the JSON.
  return chunks.map((parts, position) => JSON.parse(JSON.stringify(chunkOf(parts, position === chunks.length - 1))) as Item);
}

/** A function call as Vertex AI streams its arguments: the name first, a piece per JSON leaf, an empty last piece. */
function streamFunctionCall(part: Item, cut: TextCut): Item[] {
  const { args, ...fields } = part.functionCall as Item;
  const pieces: Item[] = [{ ...part, functionCall: { ...fields, willContinue: true } }];
  const leaf = (jsonPath: string, value: unknown) => {
    const partial = (field: Item) => {
      pieces.push({ functionCall: { partialArgs: [{ jsonPath, ...field }], willContinue: true } });
    };
    if (typeof value === 'string') {
      const texts = cut(value);
      const all = texts.length === 0 ? [''] : texts;
      for (const [position, stringValue] of all.entries()) partial({ stringValue, ...(position < all.length - 1 ? { willContinue: true } : {}) });
    } else if (typeof value === 'number') partial({ numberValue: value });
    else if (typeof value === 'boolean') partial({ boolValue: value });
    else if (value === null) partial({ nullValue: 'NULL_VALUE' });
    else if (Array.isArray(value)) for (const [index, item] of value.entries()) leaf(`${jsonPath}[${index}]`, item);
    else
      for (const [key, item] of Object.entries(value as Item))
        leaf(`${jsonPath}${/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `.${key}` : `['${key.replace(/[\\']/g, '\\$&')}']`}`, item);
  };
  leaf('$', args ?? {});
  pieces.push({ functionCall: {} });
  return pieces;
}

/** A `streamGenerateContent?alt=sse` stream: `data:` lines. */
export function geminiStream(response: Item, cut?: TextCut): ScriptedResponse {
  return serverSentEvents(
    streamGeminiResponse(response, cut).map((chunk) => ({ data: chunk })),
    '\r\n',
  );
}

/**
 * A `ConverseCommand` output as `ConverseStream` events: `messageStart`, each block's deltas (a `toolUse` started with
 * its id and name, its input in JSON pieces; text and reasoning text in pieces, the reasoning signature last) and
 * stop, `messageStop` with the stop reason, then `metadata` with the usage and metrics.
 */
export function streamBedrockConverse(output: Item, cut: TextCut = DEFAULT_CUT): Item[] {
  const message = (output.output as Item).message as Item;
  // Typed as the SDK's events: a member renamed or a field missing fails to compile.
  const events: ConverseStreamOutput[] = [{ messageStart: { role: message.role as 'assistant' } }];
  for (const [contentBlockIndex, block] of items(message.content).entries()) {
    const delta = (fields: ContentBlockDelta) => events.push({ contentBlockDelta: { delta: fields, contentBlockIndex } });
    if (typeof block.text === 'string') {
      for (const text of cut(block.text)) delta({ text });
    } else if (block.toolUse !== undefined) {
      const { input, ...start } = block.toolUse as { toolUseId: string; name: string; input: unknown };
      events.push({ contentBlockStart: { start: { toolUse: start }, contentBlockIndex } });
      for (const piece of cut(JSON.stringify(input))) delta({ toolUse: { input: piece } });
    } else if (block.reasoningContent !== undefined) {
      const reasoning = block.reasoningContent as { reasoningText?: { text: string; signature?: string }; redactedContent?: Uint8Array };
      const text = reasoning.reasoningText;
      if (text === undefined) delta({ reasoningContent: { redactedContent: reasoning.redactedContent as Uint8Array } });
      else {
        for (const piece of cut(text.text)) delta({ reasoningContent: { text: piece } });
        if (text.signature !== undefined) delta({ reasoningContent: { signature: text.signature } });
      }
    }
    events.push({ contentBlockStop: { contentBlockIndex } });
  }
  const { stopReason, additionalModelResponseFields, usage, metrics, trace, performanceConfig, serviceTier } = output as unknown as ConverseCommandOutput;
  events.push({ messageStop: { stopReason, ...(additionalModelResponseFields === undefined ? {} : { additionalModelResponseFields }) } });
  events.push({
    metadata: {
      usage,
      metrics,
      ...(trace === undefined ? {} : { trace }),
      ...(performanceConfig === undefined ? {} : { performanceConfig }),
      ...(serviceTier === undefined ? {} : { serviceTier }),
    },
  });
  return events as unknown as Item[];
}

const codec = new EventStreamCodec(
  (bytes) => new TextDecoder().decode(bytes),
  (text) => new TextEncoder().encode(text),
);

/** A `ConverseStream` response: each event a message of the AWS event-stream framing, named by its member. */
export function bedrockConverseStream(output: Item, cut?: TextCut): ScriptedResponse {
  return {
    headers: { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': 'stream-request' },
    chunks: streamBedrockConverse(output, cut).map((event) => {
      const [[type, body]] = Object.entries(event) as [[string, unknown]];
      return codec.encode({
        headers: {
          ':event-type': { type: 'string', value: type },
          ':content-type': { type: 'string', value: 'application/json' },
          ':message-type': { type: 'string', value: 'event' },
        },
        body: new TextEncoder().encode(JSON.stringify(body)),
      });
    }),
  };
}

/** Server-sent events, one write per event; `data` is written as JSON unless it is a string. */
function serverSentEvents(events: readonly { readonly event?: string; readonly data: unknown }[], lineEnd = '\n'): ScriptedResponse {
  return {
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
    chunks: events.map(({ event, data }) => {
      const payload = typeof data === 'string' ? data : JSON.stringify(data);
      return `${event === undefined ? '' : `event: ${event}${lineEnd}`}data: ${payload}${lineEnd}${lineEnd}`;
    }),
  };
}
