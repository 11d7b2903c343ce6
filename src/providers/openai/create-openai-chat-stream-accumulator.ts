import { isRecord } from '../../records/is-record.js';
import { defineRecordField } from '../../records/define-record-field.js';
import { createStreamReader } from '../../session/create-stream-reader.js';
import type { StreamAccumulator } from '../../session/stream-accumulator.js';
import { resolveOpenAIChatAssistantMessage } from './resolve-openai-chat-assistant-message.js';

type Item = Record<string, unknown>;

const stream = /* @__PURE__ */ createStreamReader('Chat Completions');

/** One choice being built. */
interface ChoiceState {
  readonly index: unknown;
  readonly message: Item;
  readonly calls: Item[];
  logprobs: unknown;
  finish: unknown;
}

/**
 * An accumulator of a Chat Completions stream (`chat.completions.create({ ..., stream: true })`, or the SDK's
 * `chat.completions.stream()` helper, whose chunks are the same): `push` each `chat.completion.chunk`, in order, then
 * `response()` gives the `ChatCompletion` the request would have returned without streaming. `step` and `handle` read
 * a stream through it. Not part of the public API: the SDK's `finalChatCompletion()` rebuilds it too (with `parsed`).
 *
 * Each choice's message is `role`, `content` (the pieces joined; `null` when none came), `tool_calls` (by `index`: the
 * id, type and name of the first piece, `arguments` joined; a JSON string, as without streaming), `refusal` when the
 * stream carried one, then any other field a delta set; a chunk without choices carries `usage`
 * (`stream_options.include_usage`). `push` returns the first choice's content pieces.
 *
 * Throws a `ToolSearchError` (`invalid-request`): `push` for a value that is not a chunk; `response()` when no chunk
 * came or a choice has no `finish_reason` (the stream was cut).
 */
export function createOpenAIChatStreamAccumulator(): StreamAccumulator<unknown, Item> {
  let completion: Item | undefined;
  const choices: ChoiceState[] = [];
  return {
    push(value: unknown) {
      const chunk = stream.event(value, '`chat.completion.chunk`s (with `choices`)', (chunk) => Array.isArray(chunk.choices));
      const { choices: given, object: _, ...fields } = chunk;
      completion ??= { id: fields.id, object: 'chat.completion' };
      for (const [key, value] of Object.entries(fields)) if (value !== null || completion[key] === undefined) defineRecordField(completion, key, value);
      let text = '';
      for (const choice of given as unknown[]) {
        if (!isRecord(choice)) continue;
        const at = typeof choice.index === 'number' ? choice.index : 0;
        choices[at] ??= { index: choice.index, message: {}, calls: [], logprobs: null, finish: null };
        const state = choices[at];
        if (choice.finish_reason !== null && choice.finish_reason !== undefined) state.finish = choice.finish_reason;
        if (choice.logprobs !== null && choice.logprobs !== undefined) state.logprobs = joinLogprobs(state.logprobs, choice.logprobs);
        const added = isRecord(choice.delta) ? addDelta(state, choice.delta) : '';
        if (at === 0) text += added;
      }
      return text;
    },
    response() {
      if (completion === undefined) throw stream.ended('its first chunk', false);
      const { id, object, created, model, usage, ...rest } = completion;
      const built = choices.flatMap((state, at) => {
        if (state === undefined) return [];
        if (state.finish === null) throw stream.ended(`choice ${at} had a \`finish_reason\``);
        return [{ index: state.index, message: finishMessage(state), logprobs: state.logprobs, finish_reason: state.finish }];
      });
      return { id, object, created, model, choices: built, ...(usage === undefined || usage === null ? {} : { usage }), ...rest };
    },
  };
}

/** Adds a delta to the choice's message; returns its content piece. */
function addDelta(state: ChoiceState, delta: Item): string {
  const { message } = state;
  for (const [key, value] of Object.entries(delta)) {
    if (key === 'tool_calls') {
      for (const call of Array.isArray(value) ? value : []) if (isRecord(call)) addToolCall(state.calls, call);
    } else if ((key === 'content' || key === 'refusal') && typeof value === 'string') {
      message[key] = `${typeof message[key] === 'string' ? message[key] : ''}${value}`;
    } else if (key === 'function_call' && isRecord(value)) {
      const { name, arguments: joined } = joinFunction(message.function_call, value);
      message.function_call = { name, arguments: joined };
    } else if (!Object.hasOwn(message, key) || value !== null) {
      defineRecordField(message, key, value);
    }
  }
  return typeof delta.content === 'string' ? delta.content : '';
}

/** Adds a tool call piece: the first piece of an `index` gives its id, type and name; `arguments` are joined. */
function addToolCall(calls: Item[], piece: Item): void {
  const at = typeof piece.index === 'number' ? piece.index : calls.length;
  const { index: _, function: fn, ...fields } = piece;
  calls[at] ??= {};
  const call = calls[at];
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null) defineRecordField(call, key, value);
  if (isRecord(fn)) call.function = joinFunction(call.function, fn);
}

/** A function (call) with a piece added: the first non-empty name, the `arguments` joined, any other field as last given. */
function joinFunction(function_: unknown, piece: Item): Item {
  const before = isRecord(function_) ? function_ : { name: '', arguments: '' };
  return {
    ...before,
    ...piece,
    name: typeof piece.name === 'string' && piece.name !== '' ? piece.name : before.name,
    arguments: `${String(before.arguments ?? '')}${typeof piece.arguments === 'string' ? piece.arguments : ''}`,
  };
}

/** Logprobs of the pieces, joined per list (`content`, `refusal`). */
function joinLogprobs(before: unknown, added: unknown): unknown {
  if (!isRecord(before) || !isRecord(added)) return added;
  const joined: Item = { ...before };
  for (const [key, value] of Object.entries(added)) joined[key] = Array.isArray(before[key]) && Array.isArray(value) ? [...before[key], ...value] : value;
  return joined;
}

/** The message as the session's turn writes it ({@link resolveOpenAIChatAssistantMessage}): `content` is `null` when none came. */
function finishMessage(state: ChoiceState): Item {
  const calls = state.calls.filter((call) => call !== undefined);
  return resolveOpenAIChatAssistantMessage({ content: null, ...state.message, ...(calls.length === 0 ? {} : { tool_calls: calls }) });
}
