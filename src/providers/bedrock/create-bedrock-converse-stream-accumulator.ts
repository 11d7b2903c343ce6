import { describeValue } from '../../errors/describe-value.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { isRecord } from '../../records/is-record.js';
import type { StreamAccumulator } from '../../session/stream-accumulator.js';
import type { BedrockConverseResponse, BedrockConverseStreamEvent } from './bedrock-converse-api.js';

type Item = Record<string, unknown>;

/** A block being built, and the JSON pieces of its tool input. */
interface BlockState {
  block: Item;
  input?: string;
}

/**
 * An accumulator of a Converse stream (the events of `(await client.send(new ConverseStreamCommand(body))).stream`):
 * `push` each event, in order, then `response()` gives the output `ConverseCommand` would have returned for the same
 * request (without `$metadata`), which `request.step` / `request.handle` take (they also take the stream output
 * itself, and read it through this accumulator).
 *
 * Blocks are rebuilt by `contentBlockIndex`: `text` from its deltas; `toolUse` from its start (`toolUseId`, `name`)
 * and its input's JSON pieces, parsed once the block stops (no piece: `{}`); `reasoningContent` as `reasoningText`
 * (`text`, then the `signature`) or `redactedContent`; text with `citation` deltas as `citationsContent`; a server
 * tool's `toolResult` from its start and content deltas. `messageStop` gives `stopReason` (and
 * `additionalModelResponseFields`), `metadata` the usage, metrics, trace, performance configuration and service tier.
 * Keys are in the order the API documents the response (`output.message.role` before `content`; `toolUseId`, `name`,
 * `input`). `push` returns the answer text an event carries (reasoning excluded).
 *
 * Throws a `ToolSearchError` (`invalid-request`): `push` for a value that is not a stream event; `response()` when the
 * stream ended before `messageStop`, or a tool's input is not JSON once complete.
 *
 * @example
 * ```ts
 * import { ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
 * import { createBedrockConverseStreamAccumulator } from 'tool-search/bedrock';
 *
 * const accumulator = createBedrockConverseStreamAccumulator();
 * const { stream } = await client.send(new ConverseStreamCommand(request.body));
 * for await (const event of stream ?? []) process.stdout.write(accumulator.push(event));
 * const turn = await request.handle(accumulator.response(), runTool);
 * ```
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStream.html
 */
export function createBedrockConverseStreamAccumulator(): StreamAccumulator<BedrockConverseStreamEvent, BedrockConverseResponse> {
  let role: unknown;
  const blocks: BlockState[] = [];
  let stop: Item | undefined;
  let metadata: Item = {};
  const at = (event: Item): number => (typeof event.contentBlockIndex === 'number' ? event.contentBlockIndex : blocks.length);
  return {
    push(event: unknown) {
      if (!isRecord(event))
        throw new ToolSearchError('invalid-request', `a Converse stream yields \`ConverseStreamOutput\` events, got ${describeValue(event)}`);
      if (isRecord(event.messageStart)) role = event.messageStart.role;
      else if (isRecord(event.contentBlockStart)) startBlock(blocks, at(event.contentBlockStart), event.contentBlockStart.start);
      else if (isRecord(event.contentBlockDelta)) return addDelta(blocks, at(event.contentBlockDelta), event.contentBlockDelta.delta);
      else if (isRecord(event.contentBlockStop)) stopBlock(blocks[at(event.contentBlockStop)]);
      else if (isRecord(event.messageStop)) stop = event.messageStop;
      else if (isRecord(event.metadata)) metadata = event.metadata;
      return '';
    },
    response() {
      if (stop === undefined) throw new ToolSearchError('invalid-request', 'the Converse stream ended before `messageStop`: the stream was cut');
      const content = blocks.flatMap((state) => (state === undefined ? [] : [finishBlock(state)]));
      const { stopReason, additionalModelResponseFields } = stop;
      const { usage, metrics, trace, performanceConfig, serviceTier } = metadata;
      const fields = { usage, metrics, additionalModelResponseFields, trace, performanceConfig, serviceTier };
      return {
        output: { message: { role: typeof role === 'string' ? role : 'assistant', content } },
        stopReason: stopReason as string | undefined,
        ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
      } as BedrockConverseResponse;
    },
  };
}

/** A block the API starts with an event of its own: a `toolUse` (id and name), a server tool's `toolResult`, an image. */
function startBlock(blocks: BlockState[], index: number, start: unknown): void {
  if (!isRecord(start)) return;
  if (isRecord(start.toolUse)) {
    const { toolUseId, name, ...rest } = start.toolUse;
    blocks[index] = { block: { toolUse: { toolUseId, name, input: {}, ...rest } }, input: '' };
  } else if (isRecord(start.toolResult)) {
    const { toolUseId, ...rest } = start.toolResult;
    blocks[index] = { block: { toolResult: { toolUseId, content: [], ...rest } } };
  } else if (isRecord(start.image)) {
    blocks[index] = { block: { image: { ...start.image } } };
  }
}

/** Adds one delta to its block (started here when the API sends no start: text, reasoning); returns its answer text. */
function addDelta(blocks: BlockState[], index: number, delta: unknown): string {
  if (!isRecord(delta)) return '';
  if (typeof delta.text === 'string') {
    blocks[index] ??= { block: { text: '' } };
    const state = blocks[index];
    const citations = state.block.citationsContent as Item | undefined;
    if (citations !== undefined) {
      const [generated] = citations.content as Item[];
      (generated as Item).text = `${String((generated as Item).text)}${delta.text}`;
    } else state.block.text = `${typeof state.block.text === 'string' ? state.block.text : ''}${delta.text}`;
    return delta.text;
  }
  if (isRecord(delta.toolUse) && typeof delta.toolUse.input === 'string') {
    const state = blocks[index];
    if (state?.input !== undefined) state.input += delta.toolUse.input;
  } else if (isRecord(delta.reasoningContent)) {
    addReasoning(blocks, index, delta.reasoningContent);
  } else if (isRecord(delta.citation)) {
    // Text with citations is one `citationsContent` block: the generated text, then the citations.
    blocks[index] ??= { block: { text: '' } };
    const state = blocks[index];
    if (state.block.citationsContent === undefined) state.block = { citationsContent: { content: [{ text: state.block.text ?? '' }], citations: [] } };
    ((state.block.citationsContent as Item).citations as unknown[]).push(delta.citation);
  } else if (Array.isArray(delta.toolResult)) {
    const result = blocks[index]?.block.toolResult;
    if (isRecord(result) && Array.isArray(result.content)) result.content.push(...delta.toolResult);
  } else if (isRecord(delta.image)) {
    const image = blocks[index]?.block.image;
    if (isRecord(image)) Object.assign(image, delta.image);
  }
  return '';
}

/** Reasoning text in pieces, then its signature; or redacted reasoning whole. */
function addReasoning(blocks: BlockState[], index: number, reasoning: Item): void {
  if (reasoning.redactedContent !== undefined) {
    blocks[index] = { block: { reasoningContent: { redactedContent: reasoning.redactedContent } } };
    return;
  }
  blocks[index] ??= { block: { reasoningContent: { reasoningText: { text: '' } } } };
  const state = blocks[index];
  const text = (state.block.reasoningContent as Item | undefined)?.reasoningText;
  if (!isRecord(text)) return;
  if (typeof reasoning.text === 'string') text.text = `${String(text.text)}${reasoning.text}`;
  if (typeof reasoning.signature === 'string') text.signature = reasoning.signature;
}

/** A `toolUse` block's input, parsed once the block stops. */
function stopBlock(state: BlockState | undefined): void {
  if (state?.input === undefined) return;
  const use = state.block.toolUse as Item;
  const input = state.input;
  state.input = undefined;
  try {
    use.input = input.trim() === '' ? {} : JSON.parse(input);
  } catch (error) {
    throw new ToolSearchError(
      'invalid-request',
      `the Converse stream's input of tool use \`${String(use.name)}\` (\`${String(use.toolUseId)}\`) is not JSON once complete: ${describeValue(input)}`,
      { cause: error },
    );
  }
}

/** The block as `ConverseCommand` returns it (a tool use whose stop never came is parsed here). */
function finishBlock(state: BlockState): Item {
  stopBlock(state);
  return state.block;
}
