import { isRecord } from '../../records/is-record.js';
import { createStreamReader } from '../../session/create-stream-reader.js';
import type { StreamAccumulator } from '../../session/stream-accumulator.js';
import type { BedrockConverseResponse, BedrockConverseStreamEvent } from './bedrock-converse-api.js';

type Item = Record<string, unknown>;

const stream = /* @__PURE__ */ createStreamReader('Converse');

/** An accumulator of a Converse stream: `push` each event (it returns its answer text), then `response()` is the `ConverseCommand` output. */
export function createBedrockConverseStreamAccumulator(): StreamAccumulator<BedrockConverseStreamEvent, BedrockConverseResponse> {
  let role: unknown;
  // The blocks by `contentBlockIndex`, and the JSON pieces of each `toolUse` input until its block stops.
  const blocks: Item[] = [];
  const inputs = new Map<number, string>();
  let stop: Item | undefined;
  let metadata: Item = {};
  const at = (event: Item): number => (typeof event.contentBlockIndex === 'number' ? event.contentBlockIndex : blocks.length);
  const parseInput = (index: number): void => {
    const pieces = inputs.get(index);
    const use = blocks[index]?.toolUse;
    inputs.delete(index);
    if (pieces !== undefined && isRecord(use)) use.input = stream.json(pieces, `tool use \`${String(use.name)}\` (\`${String(use.toolUseId)}\`)`);
  };
  return {
    push(value: unknown) {
      const event = stream.event(value, '`ConverseStreamOutput` events');
      if (isRecord(event.messageStart)) role = event.messageStart.role;
      else if (isRecord(event.contentBlockStart)) startBlock(blocks, inputs, at(event.contentBlockStart), event.contentBlockStart.start);
      else if (isRecord(event.contentBlockDelta)) return addDelta(blocks, inputs, at(event.contentBlockDelta), event.contentBlockDelta.delta);
      else if (isRecord(event.contentBlockStop)) parseInput(at(event.contentBlockStop));
      else if (isRecord(event.messageStop)) stop = event.messageStop;
      else if (isRecord(event.metadata)) metadata = event.metadata;
      return '';
    },
    response() {
      if (stop === undefined) throw stream.ended('`messageStop`');
      for (const index of [...inputs.keys()]) parseInput(index);
      const content = blocks.filter((block) => block !== undefined);
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
function startBlock(blocks: Item[], inputs: Map<number, string>, index: number, start: unknown): void {
  if (!isRecord(start)) return;
  if (isRecord(start.toolUse)) {
    const { toolUseId, name, ...rest } = start.toolUse;
    blocks[index] = { toolUse: { toolUseId, name, input: {}, ...rest } };
    inputs.set(index, '');
  } else if (isRecord(start.toolResult)) {
    const { toolUseId, ...rest } = start.toolResult;
    blocks[index] = { toolResult: { toolUseId, content: [], ...rest } };
  } else if (isRecord(start.image)) blocks[index] = { image: { ...start.image } };
}

/** Adds one delta to its block (started here for text and reasoning, which have no start event); returns its answer text. */
function addDelta(blocks: Item[], inputs: Map<number, string>, index: number, delta: unknown): string {
  if (!isRecord(delta)) return '';
  const { text, toolUse, reasoningContent: reasoning, citation, toolResult, image } = delta;
  if (typeof text === 'string' || isRecord(citation)) blocks[index] ??= { text: '' };
  const block = blocks[index];
  if (typeof text === 'string') {
    const cited = (block?.citationsContent as { content: Item[] } | undefined)?.content[0];
    if (cited !== undefined) cited.text = `${String(cited.text)}${text}`;
    else if (block !== undefined) block.text = `${typeof block.text === 'string' ? block.text : ''}${text}`;
    return text;
  }
  if (isRecord(toolUse) && typeof toolUse.input === 'string') {
    if (inputs.has(index)) inputs.set(index, `${inputs.get(index)}${toolUse.input}`);
  } else if (isRecord(reasoning) && reasoning.redactedContent !== undefined) {
    blocks[index] = { reasoningContent: { redactedContent: reasoning.redactedContent } };
  } else if (isRecord(reasoning)) {
    // Reasoning text comes in pieces, then its signature.
    blocks[index] ??= { reasoningContent: { reasoningText: { text: '' } } };
    const reasoningText = (blocks[index].reasoningContent as Item | undefined)?.reasoningText;
    if (isRecord(reasoningText) && typeof reasoning.text === 'string') reasoningText.text = `${String(reasoningText.text)}${reasoning.text}`;
    if (isRecord(reasoningText) && typeof reasoning.signature === 'string') reasoningText.signature = reasoning.signature;
  } else if (isRecord(citation) && block !== undefined) {
    // Text with citations is one `citationsContent` block: the generated text, then the citations.
    if (block.citationsContent === undefined) blocks[index] = { citationsContent: { content: [{ text: block.text ?? '' }], citations: [] } };
    (((blocks[index] as Item).citationsContent as Item).citations as unknown[]).push(citation);
  } else if (Array.isArray(toolResult)) {
    const result = block?.toolResult;
    if (isRecord(result) && Array.isArray(result.content)) result.content.push(...toolResult);
  } else if (isRecord(image) && isRecord(block?.image)) Object.assign(block.image, image);
  return '';
}
