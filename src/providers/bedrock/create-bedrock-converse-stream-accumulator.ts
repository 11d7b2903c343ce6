import { isRecord } from '../../records/is-record.js';
import { createStreamReader } from '../../session/create-stream-reader.js';
import type { StreamAccumulator } from '../../session/stream-accumulator.js';
import type { BedrockConverseResponse, BedrockConverseStreamEvent } from './bedrock-converse-api.js';

type Item = Record<string, unknown>;

const stream = createStreamReader('Converse');

/** A block being built (by `contentBlockIndex`), and the JSON pieces of its tool input until the block stops. */
interface BlockState {
  block: Item;
  input?: string;
}

/** An accumulator of a Converse stream: `push` each event (it returns its answer text), then `response()` is the `ConverseCommand` output. */
export function createBedrockConverseStreamAccumulator(): StreamAccumulator<BedrockConverseStreamEvent, BedrockConverseResponse> {
  let role: unknown;
  const blocks: BlockState[] = [];
  let stop: Item | undefined;
  let metadata: Item = {};
  const at = (event: Item): number => (typeof event.contentBlockIndex === 'number' ? event.contentBlockIndex : blocks.length);
  return {
    push(value: unknown) {
      const event = stream.event(value, '`ConverseStreamOutput` events');
      if (isRecord(event.messageStart)) role = event.messageStart.role;
      else if (isRecord(event.contentBlockStart)) startBlock(blocks, at(event.contentBlockStart), event.contentBlockStart.start);
      else if (isRecord(event.contentBlockDelta)) return addDelta(blocks, at(event.contentBlockDelta), event.contentBlockDelta.delta);
      else if (isRecord(event.contentBlockStop)) stopBlock(blocks[at(event.contentBlockStop)]);
      else if (isRecord(event.messageStop)) stop = event.messageStop;
      else if (isRecord(event.metadata)) metadata = event.metadata;
      return '';
    },
    response() {
      if (stop === undefined) throw stream.ended('`messageStop`');
      const content = blocks.flatMap((state) => (state === undefined ? [] : [stopBlock(state)]));
      const { usage, metrics, trace, performanceConfig, serviceTier } = metadata;
      const fields = { usage, metrics, additionalModelResponseFields: stop.additionalModelResponseFields, trace, performanceConfig, serviceTier };
      return {
        output: { message: { role: typeof role === 'string' ? role : 'assistant', content } },
        stopReason: stop.stopReason as string | undefined,
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
  } else if (isRecord(start.image)) blocks[index] = { block: { image: { ...start.image } } };
}

/** Adds one delta to its block (started here for text and reasoning, which have no start event); returns its answer text. */
function addDelta(blocks: BlockState[], index: number, delta: unknown): string {
  if (!isRecord(delta)) return '';
  const { text, toolUse, reasoningContent: reasoning, citation, toolResult, image } = delta;
  if (typeof text === 'string' || isRecord(citation)) blocks[index] ??= { block: { text: '' } };
  const state = blocks[index];
  if (typeof text === 'string') {
    const cited = (state?.block.citationsContent as { content: Item[] } | undefined)?.content[0];
    if (cited !== undefined) cited.text = `${String(cited.text)}${text}`;
    else if (state !== undefined) state.block.text = `${typeof state.block.text === 'string' ? state.block.text : ''}${text}`;
    return text;
  }
  if (isRecord(toolUse) && typeof toolUse.input === 'string') {
    if (state?.input !== undefined) state.input += toolUse.input;
  } else if (isRecord(reasoning) && reasoning.redactedContent !== undefined) {
    blocks[index] = { block: { reasoningContent: { redactedContent: reasoning.redactedContent } } };
  } else if (isRecord(reasoning)) {
    // Reasoning text comes in pieces, then its signature.
    blocks[index] ??= { block: { reasoningContent: { reasoningText: { text: '' } } } };
    const reasoningText = (blocks[index].block.reasoningContent as Item | undefined)?.reasoningText;
    if (isRecord(reasoningText) && typeof reasoning.text === 'string') reasoningText.text = `${String(reasoningText.text)}${reasoning.text}`;
    if (isRecord(reasoningText) && typeof reasoning.signature === 'string') reasoningText.signature = reasoning.signature;
  } else if (isRecord(citation) && state !== undefined) {
    // Text with citations is one `citationsContent` block: the generated text, then the citations.
    if (state.block.citationsContent === undefined) state.block = { citationsContent: { content: [{ text: state.block.text ?? '' }], citations: [] } };
    ((state.block.citationsContent as Item).citations as unknown[]).push(citation);
  } else if (Array.isArray(toolResult)) {
    const result = state?.block.toolResult;
    if (isRecord(result) && Array.isArray(result.content)) result.content.push(...toolResult);
  } else if (isRecord(image) && isRecord(state?.block.image)) Object.assign(state.block.image, image);
  return '';
}

/** The block as `ConverseCommand` returns it: a `toolUse`'s input parsed once the block stops (or the stream ends). */
function stopBlock(state: BlockState | undefined): Item | undefined {
  if (state?.input === undefined) return state?.block;
  const use = state.block.toolUse as Item;
  const input = state.input;
  state.input = undefined;
  use.input = stream.json(input, `tool use \`${String(use.name)}\` (\`${String(use.toolUseId)}\`)`);
  return state.block;
}
