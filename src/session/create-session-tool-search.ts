import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { isRecord } from '../records/is-record.js';
import { MODEL_PLATFORMS } from '../models/model-reference.js';
import { createToolCatalog } from '../catalog/create-tool-catalog.js';
import { isNativeDelivery } from '../plan/is-native-delivery.js';
import { createToolSearch, type ToolSearch } from './create-tool-search.js';
import { createSessionStep, type SessionStepEntry } from './create-session-step.js';
import { parseSessionTools } from './parse-session-tools.js';
import { prepareSessionRequest, type SessionWire } from './prepare-session-request.js';
import { runSessionStep } from './run-session-step.js';
import { readSessionStream } from './read-session-stream.js';
import { parseSessionStreamOptions } from './session-stream-options.js';
import { isAsyncIterable } from '../records/is-async-iterable.js';
import type { SessionAdapter, SessionResponseContext } from './session-adapter.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
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
  const { label } = adapter;
  if (!isRecord(options) || !Array.isArray(options.tools)) {
    throw new ToolSearchError(
      'invalid-options',
      `${label}: \`tools\` must be the agent's ${adapter.tools.noun} tools, got ${describeValue(isRecord(options) ? options.tools : options)}`,
    );
  }
  if (options.platform !== undefined && !(MODEL_PLATFORMS as readonly unknown[]).includes(options.platform)) {
    throw new ToolSearchError('invalid-options', `${label}: \`platform\` must be one of ${MODEL_PLATFORMS.join(', ')}, got ${describeValue(options.platform)}`);
  }
  const catalogTools = parseSessionTools(options.tools, { format: adapter.tools, label, where: '`tools`' });
  const {
    toolsOf = (body) => body.tools,
    withTools = (body, tools) => ({ ...body, tools }),
    streamOf = (response) => (isAsyncIterable(response) ? response : undefined),
  } = adapter;
  // The agent's tools are read once, here: a body without tools of its own is sent with them, read as they are.
  const catalogRead = adapter.codec.readTools(withTools({}, catalogTools));
  const catalog = createToolCatalog(catalogRead.definitions);
  const { config, store, unsupported, rank } = options;
  const toolSearch = createToolSearch({ tools: catalog, config, store, unsupported, rank });
  const wire: SessionWire<Code> = {
    ...adapter,
    toolsOf,
    withTools,
    streamOf,
    catalogTools,
    catalogRead,
    memos: new WeakMap(),
    catalog,
    model: options.model,
    platform: options.platform,
    prepared: new WeakMap(),
  };
  const writeAddition = (definitions: readonly ToolDefinition[], context: SessionResponseContext): readonly unknown[] => {
    // A plan is native only on an API with a tool-addition item, whose adapter writes it.
    if (adapter.writeAddition === undefined) {
      throw new ToolSearchError(
        'invalid-options',
        `${label}: the plan delivers loaded tools natively (\`reveal: 'native'\`), which this API's session does not write`,
      );
    }
    return adapter.writeAddition(definitions, context);
  };

  /**
   * What the session added natively before this request: the body's history, and where the provider keeps the history
   * (the body holds only the new items), also what this session's turns recorded adding, so no tool is added twice.
   */
  const readAdded = async (body: Record<string, unknown>, history: readonly string[], sessionId: string): Promise<readonly string[]> => {
    if (adapter.isHistoryOnServer?.(body) !== true) return history;
    return [...new Set([...(await toolSearch.store.get(sessionId, 'added')), ...history])];
  };

  return {
    toolSearch,
    async prepare(given, { sessionId } = {} as { sessionId: string }) {
      const { loaded, added: historyAdded, predicted, ...prepared } = await prepareSessionRequest(toolSearch, wire, given, sessionId);
      const { plan, names } = prepared;
      // Native delivery: what the history added, read once per request; what a turn's answers load is added after them.
      const native = isNativeDelivery(plan);
      const added = native ? await readAdded(prepared.body as Record<string, unknown>, historyAdded, sessionId) : [];
      // What the prediction step loaded is the session's, as a search's reveals are (and, natively, its additions).
      if (predicted !== undefined) {
        await toolSearch.store.add(sessionId, predicted.names);
        if (native) await toolSearch.store.add(sessionId, predicted.names, 'added');
      }
      const leading = predicted?.items ?? [];
      const context = { sessionId, plan, names, loaded, ...(native ? { added } : {}) };
      const step = async (given: unknown, options?: unknown, method = 'step'): Promise<SessionStep<unknown>> => {
        // A stream becomes the response it rebuilds, here and only here; the reading starts before anything is awaited.
        const onText = parseSessionStreamOptions(options, method);
        const stream = streamOf(given);
        const response = stream === undefined ? given : await readSessionStream(stream, adapter.createStreamAccumulator(), onText);
        const read = adapter.readResponse(response, { plan, names, catalogTools });
        const entries: SessionStepEntry<unknown>[] = [];
        const additions = new Map<string, ToolDefinition>();
        for (const call of read.calls) {
          const { id } = call;
          const run = (output: unknown) => call.write({ type: 'run', output });
          if (call.free === true) {
            entries.push({ call: { type: 'run', id, name: names.fromWire(call.name), arguments: call.arguments, checked: false }, write: run });
            continue;
          }
          const handling = await toolSearch.handleToolCall({ name: call.name, arguments: call.arguments }, context);
          if (handling.type === 'run') {
            entries.push({ call: { ...handling, id }, write: run });
            continue;
          }
          entries.push({ call: { type: handling.type, id, name: names.fromWire(call.name), result: handling.result }, write: () => call.write(handling) });
          for (const definition of handling.additions ?? []) if (!additions.has(definition.name)) additions.set(definition.name, definition);
        }
        const items = additions.size === 0 ? [] : writeAddition([...additions.values()], { plan, names, catalogTools });
        // The session's record of what it added, for a later body whose history the provider keeps.
        if (additions.size > 0) await toolSearch.store.add(sessionId, [...additions.keys()], 'added');
        return createSessionStep(entries, (answers) => read.finish(answers, items, leading));
      };
      return {
        ...prepared,
        step: (response, options) => step(response, options),
        handle: (response, runTool, options) => runSessionStep(() => step(response, options, 'handle'), runTool, sessionId),
      };
    },
  };
}
