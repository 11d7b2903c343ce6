import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { isRecord } from '../records/is-record.js';
import { isAsyncIterable } from '../records/is-async-iterable.js';
import { MODEL_PLATFORMS } from '../models/model-reference.js';
import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import { createToolCatalog } from '../catalog/create-tool-catalog.js';
import { isNativeDelivery } from '../plan/is-native-delivery.js';
import { createToolPredictor } from '../request/create-tool-predictor.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { createToolSearch, type ToolCallContext, type ToolSearch } from './create-tool-search.js';
import { createSessionStep, type SessionStepEntry } from './create-session-step.js';
import { parseSessionTools } from './parse-session-tools.js';
import { prepareSessionRequest, type SessionWire } from './prepare-session-request.js';
import { runSessionStep } from './run-session-step.js';
import { readSessionStream } from './read-session-stream.js';
import { parseSessionStreamOptions } from './session-stream-options.js';
import type { SessionAdapter } from './session-adapter.js';
import type { SessionRequest } from './session-request.js';
import type { SessionStep } from './session-step.js';
import type { SessionToolSearchOptions } from './session-tool-search-options.js';

/** What {@link createSessionToolSearch} returns; each API's factory types `prepare` for its bodies and responses. */
export interface SessionToolSearch<Code extends string> {
  /** The provider-neutral core (plans, `tool_search`, the call check, the store). */
  readonly toolSearch: ToolSearch;
  /** Prepares one request of a session: the plan (cached), the transformed body, and `step`/`handle` for the response. */
  prepare(body: unknown, options: { readonly sessionId: string }): Promise<SessionRequest<unknown, Code, unknown, unknown>>;
}

/**
 * Tool search for one agent on one wire API, configured by the API's {@link SessionAdapter}: what every session-API
 * factory (`createAnthropicMessagesToolSearch`, …) does, written once. The caller's tools are checked against the
 * API's shape and parsed once into the agent's catalog, which the plan, the search, the call check and the transformer
 * share; `prepare` reads a body's own tools once (see `prepareSessionRequest`); `step` hands each call of a response to
 * `handleToolCall` and writes the answers with the adapter; `handle` runs the caller's calls through `runTool`. A
 * stream handed to `step` or `handle` (the adapter's `streamOf`) is read here, once, through the adapter's
 * accumulator into the response `readResponse` reads, each piece of answer text going to `onText`.
 *
 * Native delivery (`plan.reveal === 'native'`): `prepare` takes what the body's history added from the transformer's `added`, and
 * when the answers of a turn load tools the history has not added (a `tool_search`, a misfit call of a tool never
 * added), the adapter writes one addition for all of them (`writeAddition`, each tool once, in order) and the turn's
 * `finish` places it after the answers. `step` and `handle` give the same items. Where the provider keeps the history
 * (`isHistoryOnServer`: the body holds only the new items), the session's record of its additions in the reveal store
 * (its `added` list, in the same entry as its reveals) stands in for the history the body lacks.
 *
 * Throws a `ToolSearchError` for bad options (`invalid-options` when `tools` is not a list or `platform` is unknown, `invalid-tools` for tools
 * in another API's shape) and what `createToolSearch` throws. Not part of the public API.
 */
export function createSessionToolSearch<Code extends string>(options: SessionToolSearchOptions, adapter: SessionAdapter<Code>): SessionToolSearch<Code> {
  const given = isRecord(options) ? options.tools : options;
  if (Array.isArray(given) && options.platform !== undefined && !(MODEL_PLATFORMS as readonly unknown[]).includes(options.platform)) {
    throw new ToolSearchError(
      'invalid-options',
      `${adapter.label}: \`platform\` must be one of ${MODEL_PLATFORMS.join(', ')}, got ${describeValue(options.platform)}`,
    );
  }
  const catalogTools = parseSessionTools(given, adapter, '`tools`');
  const withTools = adapter.withTools ?? ((body, tools) => ({ ...body, tools }));
  // The agent's tools are read once, here: a body without tools of its own is sent with them, read as they are.
  const catalogRead = adapter.codec.readTools(withTools({}, catalogTools));
  const catalog = createToolCatalog(catalogRead.definitions);
  const { config, store, unsupported, rank } = options;
  const toolSearch = createToolSearch({ tools: catalog, config, store, unsupported, rank });
  const wire: SessionWire<Code> = {
    ...adapter,
    toolsOf: adapter.toolsOf ?? ((body) => body.tools),
    withTools,
    streamOf: adapter.streamOf ?? ((response) => (isAsyncIterable(response) ? response : undefined)),
    toolSearch,
    catalogTools,
    catalogRead,
    catalog,
    model: options.model,
    platform: options.platform,
    predict: createToolPredictor(toolSearch.config.predict),
    memos: new WeakMap(),
    prepared: new WeakMap(),
  };
  return {
    toolSearch,
    async prepare(body, { sessionId } = {} as { sessionId: string }) {
      const { loaded, added: historyAdded, predicted, ...prepared } = await prepareSessionRequest(wire, body, sessionId);
      const { plan, names } = prepared;
      const native = isNativeDelivery(plan);
      // Native delivery: what the history added, read once per request; where the provider keeps the history (the body
      // holds only the new items), also what this session's turns recorded adding, so no tool is added twice.
      const onServer = native && adapter.isHistoryOnServer?.(prepared.body as Record<string, unknown>) === true;
      const added = onServer ? [...new Set([...(await toolSearch.store.get(sessionId, 'added')), ...historyAdded])] : historyAdded;
      // What the prediction step loaded is the session's, as a search's reveals are (and, natively, its additions).
      if (predicted !== undefined) {
        await toolSearch.store.add(sessionId, predicted.names);
        if (native) await toolSearch.store.add(sessionId, predicted.names, 'added');
      }
      const turn: StepContext<Code> = {
        wire,
        plan,
        names,
        context: { sessionId, plan, names, loaded, ...(native ? { added } : {}) },
        predicted: predicted?.items ?? [],
      };
      return {
        ...prepared,
        step: (response, stepOptions) => stepSession(turn, response, stepOptions, 'step'),
        handle: (response, runTool, stepOptions) => runSessionStep(() => stepSession(turn, response, stepOptions, 'handle'), runTool, sessionId),
      };
    },
  };
}

/** What the response to one prepared request is answered with. */
interface StepContext<Code extends string> {
  readonly wire: SessionWire<Code>;
  readonly plan: ToolSearchPlan;
  readonly names: ToolNameMapping;
  /** What `handleToolCall` needs of the request. */
  readonly context: ToolCallContext;
  /** The items the prediction step added with the request (empty when it loaded nothing). */
  readonly predicted: readonly unknown[];
}

/** `step` (and so `handle`): reads the response (or its stream), hands each call to `handleToolCall` and writes the answers. */
async function stepSession<Code extends string>(turn: StepContext<Code>, given: unknown, options: unknown, method: string): Promise<SessionStep<unknown>> {
  const { wire, plan, names, context } = turn;
  // A stream becomes the response it rebuilds, here and only here; the reading starts before anything is awaited.
  const onText = parseSessionStreamOptions(options, method);
  const stream = wire.streamOf(given);
  const response = stream === undefined ? given : await readSessionStream(stream, wire.createStreamAccumulator(), onText);
  const request = { plan, names, catalogTools: wire.catalogTools };
  const read = wire.readResponse(response, request);
  const entries: SessionStepEntry<unknown>[] = [];
  const additions = new Map<string, ToolDefinition>();
  for (const call of read.calls) {
    const { id } = call;
    const run = (output: unknown) => call.write({ type: 'run', output });
    if (call.free === true) {
      entries.push({ call: { type: 'run', id, name: names.fromWire(call.name), arguments: call.arguments, checked: false }, write: run });
      continue;
    }
    const handling = await wire.toolSearch.handleToolCall({ name: call.name, arguments: call.arguments }, context);
    if (handling.type === 'run') {
      entries.push({ call: { ...handling, id }, write: run });
      continue;
    }
    entries.push({ call: { type: handling.type, id, name: names.fromWire(call.name), result: handling.result }, write: () => call.write(handling) });
    for (const definition of handling.additions ?? []) if (!additions.has(definition.name)) additions.set(definition.name, definition);
  }
  let items: readonly unknown[] = [];
  if (additions.size > 0) {
    // A plan is native only on an API with a tool-addition item, whose adapter writes it.
    if (wire.writeAddition === undefined) {
      throw new ToolSearchError(
        'invalid-options',
        `${wire.label}: the plan delivers loaded tools natively (\`reveal: 'native'\`), which this API's session does not write`,
      );
    }
    items = wire.writeAddition([...additions.values()], request);
    // The session's record of what it added, for a later body whose history the provider keeps.
    await wire.toolSearch.store.add(context.sessionId, [...additions.keys()], 'added');
  }
  return createSessionStep(entries, (answers) => read.finish(answers, items, turn.predicted));
}
