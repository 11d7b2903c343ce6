import { isRecord } from '../../records/is-record.js';
import { defineRecordField } from '../../records/define-record-field.js';
import { createStreamReader } from '../../session/create-stream-reader.js';
import type { StreamAccumulator } from '../../session/stream-accumulator.js';
import type { GeminiGenerateContentResponse, GeminiGenerateContentResponseLike } from './gemini-api.js';
import { splitWords } from '../../text/split-words.js';

type Item = Record<string, unknown>;

const stream = /* @__PURE__ */ createStreamReader('Gemini');

/** What the accumulator keeps of one candidate: its fields in the order they first came, and its parts merged. */
interface CandidateState {
  readonly fields: Item;
  readonly parts: Item[];
  content: Item | undefined;
  /** The function call whose arguments are still streaming (Vertex AI's `partialArgs`), and its string paths still open. */
  open: { readonly call: Item; readonly continuing: Set<string> } | undefined;
}

/**
 * An accumulator of a Gemini stream (`ai.models.generateContentStream(parameters)`, or the REST
 * `streamGenerateContent?alt=sse` chunks): `push` each chunk, then `response()` gives the response `generateContent`
 * would have returned, which `request.step` and `request.handle` take. Per candidate, consecutive text pieces of one
 * kind (answer or `thought`) become one part with the fields they carry (a part signed next to a signed one stays
 * apart); other parts are kept as they came; a call whose arguments stream (Vertex AI's `partialArgs`) becomes one
 * `functionCall` with `args`; other fields take their last value (citations are joined), keys in the last chunk's
 * order. `push` returns the first candidate's answer text. Throws a `ToolSearchError` (`invalid-request`) for a chunk
 * that is not an object, no chunk, a candidate without `finishReason` (a cut stream) or a streamed call not ended.
 *
 * @example
 * ```ts
 * const accumulator = createGeminiStreamAccumulator();
 * for await (const chunk of await ai.models.generateContentStream(request.body)) process.stdout.write(accumulator.push(chunk));
 * const turn = await request.handle(accumulator.response(), runTool);
 * ```
 * @see https://ai.google.dev/api/generate-content#method:-models.streamgeneratecontent
 */
export function createGeminiStreamAccumulator(): StreamAccumulator<GeminiGenerateContentResponseLike, GeminiGenerateContentResponse> {
  const response: Item = {};
  const candidates: CandidateState[] = [];
  let chunks = 0;
  return {
    push(value: unknown) {
      const chunk = stream.event(value, '`GenerateContentResponse` chunks');
      chunks += 1;
      let text = '';
      for (const [key, value] of Object.entries(chunk)) {
        if (key !== 'candidates' || !Array.isArray(value)) {
          setLast(response, key, value);
          continue;
        }
        setLast(response, 'candidates', candidates);
        for (const [position, candidate] of value.entries()) {
          if (!isRecord(candidate)) continue;
          const at = typeof candidate.index === 'number' ? candidate.index : position;
          candidates[at] ??= { fields: {}, parts: [], content: undefined, open: undefined };
          const added = mergeCandidate(candidates[at], candidate);
          if (at === 0) text += added;
        }
      }
      return text;
    },
    response() {
      if (chunks === 0) throw stream.ended('its first chunk', false);
      // A spread defines each key as its own property (a `__proto__` key too), in the order they came.
      const built: Item = { ...response };
      if ('candidates' in built) built.candidates = candidates.flatMap((state, at) => (state === undefined ? [] : [finishCandidate(state, at)]));
      return built as GeminiGenerateContentResponse;
    },
  };
}

/** Merges one chunk's candidate into its state; returns the answer text it added. */
function mergeCandidate(state: CandidateState, candidate: Item): string {
  let text = '';
  for (const [key, value] of Object.entries(candidate)) {
    if (key === 'content' && isRecord(value)) {
      setLast(state.fields, 'content', true);
      state.content ??= {};
      for (const [field, part] of Object.entries(value)) setLast(state.content, field, part);
      for (const part of Array.isArray(value.parts) ? value.parts : []) if (isRecord(part)) text += mergePart(state, part);
    } else if (key === 'citationMetadata' && isRecord(value) && isRecord(state.fields.citationMetadata)) {
      const before = state.fields.citationMetadata;
      const citations = [...(Array.isArray(before.citations) ? before.citations : []), ...(Array.isArray(value.citations) ? value.citations : [])];
      setLast(state.fields, 'citationMetadata', { ...before, ...value, citations });
    } else {
      setLast(state.fields, key, value);
    }
  }
  return text;
}

/** Adds one part to the candidate's parts; returns the answer text it adds. */
function mergePart(state: CandidateState, part: Item): string {
  const { parts } = state;
  if (isRecord(part.functionCall)) {
    mergeFunctionCall(state, part, part.functionCall);
    return '';
  }
  const last = parts.at(-1);
  // A signature belongs to the text before it: a second one starts a part of its own.
  const signedTwice = typeof last?.thoughtSignature === 'string' && typeof part.thoughtSignature === 'string';
  if (last !== undefined && isTextPart(last) && isTextPart(part) && last.thought === part.thought && !signedTwice) {
    const { text, ...rest } = part;
    // Assigning keeps each key where it first came (`text` first, a later `thoughtSignature` after it).
    assignFields(last, { ...rest, text: `${last.text as string}${text as string}` });
  } else parts.push({ ...part });
  return typeof part.text === 'string' && part.thought !== true ? part.text : '';
}

/** Whether a part holds text only (with its `thought` flag, signature and metadata), not a call or data. */
function isTextPart(part: Item): boolean {
  return typeof part.text === 'string' && Object.keys(part).every((key) => !DATA_FIELDS.has(key));
}

/** The fields that make a part something other than text. */
const DATA_FIELDS: ReadonlySet<string> = /* @__PURE__ */ new Set(
  /* @__PURE__ */ splitWords('functionCall functionResponse inlineData fileData executableCode codeExecutionResult toolCall toolResponse'),
);

/**
 * Adds a `functionCall` part: a whole call as it came, or, for a call whose arguments stream (`willContinue`), the
 * first piece opens it and each next piece (no `name`) adds its `partialArgs` until one without `willContinue`.
 */
function mergeFunctionCall(state: CandidateState, part: Item, call: Item): void {
  const { partialArgs, willContinue, ...fields } = call;
  let open = state.open;
  if (open === undefined || (typeof fields.name === 'string' && fields.name !== open.call.name)) {
    const started: Item = { ...fields };
    state.parts.push({ ...part, functionCall: started });
    open = { call: started, continuing: new Set() };
  } else {
    const { functionCall: _, ...partFields } = part;
    assignFields(state.parts.at(-1) as Item, partFields);
    assignFields(open.call, { ...fields, ...(isRecord(fields.args) && isRecord(open.call.args) ? { args: { ...open.call.args, ...fields.args } } : {}) });
  }
  if (Array.isArray(partialArgs)) {
    if (!isRecord(open.call.args)) open.call.args = {};
    for (const argument of partialArgs) if (isRecord(argument)) applyPartialArgument(open.call.args as Item, argument, open.continuing);
  }
  state.open = willContinue === true ? open : undefined;
}

/** Writes one `PartialArg` at its JSON path; a string whose previous piece said `willContinue` is continued. */
function applyPartialArgument(args: Item, argument: Item, continuing: Set<string>): void {
  const path = typeof argument.jsonPath === 'string' ? parseJSONPath(argument.jsonPath) : undefined;
  const { stringValue, numberValue, boolValue, nullValue } = argument;
  const known = typeof stringValue === 'string' || typeof numberValue === 'number' || typeof boolValue === 'boolean' || nullValue !== undefined;
  if (path === undefined || path.length === 0 || !known) return;
  // Each step but the last is made an object (a list before an index) where it is missing; a key that would reach the
  // prototype is written as an own property, never through the setter.
  let target = args as Record<string | number, unknown>;
  for (const [position, step] of path.slice(0, -1).entries()) {
    const existing = Object.hasOwn(target, step) ? target[step] : undefined;
    const child = isRecord(existing) || Array.isArray(existing) ? existing : typeof path[position + 1] === 'number' ? [] : {};
    if (child !== existing) defineRecordField(target as Item, String(step), child);
    target = child as Record<string | number, unknown>;
  }
  const last = String(path.at(-1));
  const key = JSON.stringify(path);
  let value: unknown = typeof numberValue === 'number' ? numberValue : typeof boolValue === 'boolean' ? boolValue : null;
  if (typeof stringValue === 'string') value = continuing.has(key) && typeof target[last] === 'string' ? `${target[last]}${stringValue}` : stringValue;
  defineRecordField(target as Item, last, value);
  if (argument.willContinue === true) continuing.add(key);
  else continuing.delete(key);
}

/** The keys and indexes of a JSON path (`$.a.b[0]['c d']`), or `undefined` for one this reader does not know. */
function parseJSONPath(path: string): (string | number)[] | undefined {
  if (!path.startsWith('$')) return undefined;
  const steps: (string | number)[] = [];
  const pattern = /\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]|\["((?:[^"\\]|\\.)*)"\]/y;
  pattern.lastIndex = 1;
  while (pattern.lastIndex < path.length) {
    const match = pattern.exec(path);
    if (match === null) return undefined;
    const [, name, index, single, double] = match;
    if (name !== undefined) steps.push(name);
    else if (index !== undefined) steps.push(Number(index));
    else steps.push((single ?? double ?? '').replace(/\\(.)/g, '$1'));
  }
  return steps;
}

/** Sets a field as the latest chunk has it, moved to the end: the fields end up in the last chunk's order. */
function setLast(target: Item, key: string, value: unknown): void {
  delete target[key];
  defineRecordField(target, key, value);
}

/** Copies each field of `source` onto `target`, a field already there keeping its place. */
function assignFields(target: Item, source: Item): void {
  for (const [key, value] of Object.entries(source)) defineRecordField(target, key, value);
}

/** The candidate as `generateContent` returns it. */
function finishCandidate(state: CandidateState, at: number): Item {
  if (state.open !== undefined) {
    throw stream.ended(`the arguments of function call \`${String(state.open.call.name)}\` (candidate ${at}) were complete`, false);
  }
  if (state.fields.finishReason === undefined) throw stream.ended(`candidate ${at} had a \`finishReason\``);
  const candidate: Item = { ...state.fields };
  if ('content' in candidate) candidate.content = { ...state.content, parts: state.parts };
  return candidate;
}
