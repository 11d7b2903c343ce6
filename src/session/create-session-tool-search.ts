import { formatStableJSON } from '../records/format-stable-json.js';
import { ToolSearchError, isToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { checkSessionId } from '../errors/check-session-id.js';
import { isRecord } from '../records/is-record.js';
import { isAsyncIterable } from '../records/is-async-iterable.js';
import { MODEL_PLATFORMS } from '../models/model-reference.js';
import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import { createToolCatalog } from '../catalog/create-tool-catalog.js';
import { isNativeDelivery } from '../plan/is-native-delivery.js';
import { createToolPredictor } from '../request/create-tool-predictor.js';
import { transformRequest } from '../request/transform-request.js';
import type { RequestMemo } from '../request/request-decision.js';
import type { TransformRequestResult } from '../request/request-transformer.js';
import type { CodecTools } from '../request/wire-codec.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { createToolSearch, type ToolCallContext, type ToolSearch } from './create-tool-search.js';
import { parseToolOutput } from './parse-tool-output.js';
import { quoteNames } from '../text/quote-names.js';
import { isOwnToolEntry } from './is-own-tool-entry.js';
import { parseSessionTools } from './parse-session-tools.js';
import { parseSessionStreamOptions } from './session-stream-options.js';
import type { SessionAdapter } from './session-adapter.js';
import type { SessionRequest, SessionWarningCode } from './session-request.js';
import type { SessionStep, SessionToolCall, SessionToolCallToRun } from './session-step.js';
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
 * share; `prepare` reads a body's own tools once (see its steps below); `step` hands each call of a response to
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
  const wire = createSessionWire(options, adapter);
  const { toolSearch } = wire;
  return {
    toolSearch,
    /**
     * What every session-API factory does to prepare a request, whatever its wire API:
     *
     * 1. The body's tools: none means the catalog; another API's shape is an `invalid-tools` error; a body this factory
     *    prepared before (its tool list is the one `prepare` returned, which a copy of the body shares) is prepared
     *    again from the tools it had, and a body that holds the package's own tools but was not prepared here is read
     *    as a catalog request, which must give the same bytes back, or `prepare` throws `invalid-request` (the tools it
     *    was planned for are no longer in it). Either way preparing a prepared body gives the same bytes.
     * 2. The plan (session id and model checked, cached per agent), the reveals the plan needs from the store, then the
     *    API's transformer, with the plan's and the transformer's warnings together. A body's own tools are read once:
     *    the codec's read of them serves the plan and the transformer.
     * 3. The history's pairing of tool results with calls, read by the codec with the rest of the history (see
     *    {@link SessionAdapter.unpaired}).
     * 4. Native delivery and prediction: what the history (and, where the provider keeps it, the session's record)
     *    added, and what the prediction step loaded, recorded for the session.
     *
     * Throws what {@link planFor} and the transformer throw.
     */
    async prepare(given, { sessionId } = {} as { sessionId: string }) {
      if (!isRecord(given)) throw new ToolSearchError('invalid-request', `${wire.label}: \`body\` must be a request body object, got ${describeValue(given)}`);
      const prepared = await prepareReading({ wire, model: given.model, sessionId }, given);
      const { unpaired, transformed } = prepared;
      if (unpaired.length > 0 && wire.unpaired === 'throw') throw new ToolSearchError('invalid-request', `${wire.label}: ${unpaired.join('; ')}`);
      prepared.remember();
      // The plan as the body applies it (a Responses custom tool named `tool_search` takes that name from the package's).
      const plan = transformed.plan ?? prepared.plan;
      const { body, names, loaded, predicted } = transformed;
      const native = isNativeDelivery(plan);
      // Native delivery: what the history added, read once per request; where the provider keeps the history (the body
      // holds only the new items), also what this session's turns recorded adding, so no tool is added twice.
      const historyAdded = transformed.added ?? [];
      const onServer = native && adapter.isHistoryOnServer?.(body as Record<string, unknown>) === true;
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
      const pairing = unpaired.map((message): { code: SessionWarningCode; message: string } => ({ code: 'unpaired-tool-result', message }));
      return {
        body,
        plan,
        warnings: [...plan.warnings, ...transformed.warnings, ...pairing],
        names,
        step: (response, stepOptions) => stepSession(turn, response, stepOptions, 'step'),
        // The sequential convenience over `step`: the pending calls run through `runTool` one after another, in order; an
        // exception from `runTool` ends the turn and reaches the caller.
        async handle(response, runTool, stepOptions) {
          if (typeof runTool !== 'function') {
            throw new ToolSearchError(
              'invalid-options',
              `\`handle(response, runTool)\`: \`runTool\` must be a function \`(name, args, call) => output\`, got ${describeValue(runTool)}`,
            );
          }
          const { pending, complete } = await stepSession(turn, response, stepOptions, 'handle');
          const outputs: unknown[] = [];
          for (const call of pending) outputs.push(await runTool(call.name, call.arguments, { id: call.id, sessionId }));
          return complete(outputs);
        },
      };
    },
  };
}

/**
 * One agent's session state over its API's adapter (its defaults filled in): the core, the catalog in the API's shape
 * (the factory's `tools`, checked, schemas converted: sent when a body has none), the same tools as the codec reads
 * them (read once for the agent) and parsed, the factory's `model` and `platform`, the configuration's `predict`, what
 * the decision keeps per plan for bodies sent with the catalog's tools (`memos`: a request then costs what it sends),
 * and the bodies this factory prepared (`prepared`), by their tool list (the array object `prepare` returned, which a
 * copy of the body shares): what they were planned for, so preparing one again gives the same bytes, and the entries
 * it held (a list edited in place since is not recalled: it is read like any copy).
 */
function createSessionWire<Code extends string>(options: SessionToolSearchOptions, adapter: SessionAdapter<Code>) {
  const given = isRecord(options) ? options.tools : options;
  if (Array.isArray(given) && options.platform !== undefined && !(MODEL_PLATFORMS as readonly unknown[]).includes(options.platform)) {
    throw new ToolSearchError(
      'invalid-options',
      `${adapter.label}: \`platform\` must be one of ${MODEL_PLATFORMS.join(', ')}, got ${describeValue(options.platform)}`,
    );
  }
  const catalogTools = parseSessionTools(given, adapter, '`tools`');
  const withTools = adapter.withTools ?? ((body: Record<string, unknown>, tools: readonly unknown[]): Record<string, unknown> => ({ ...body, tools }));
  // The agent's tools are read once, here: a body without tools of its own is sent with them, read as they are.
  const catalogRead: CodecTools = adapter.codec.readTools(withTools({}, catalogTools));
  const catalog = createToolCatalog(catalogRead.definitions);
  const { config, store, unsupported, rank } = options;
  const toolSearch = createToolSearch({ tools: catalog, config, store, unsupported, rank });
  return {
    ...adapter,
    toolsOf: adapter.toolsOf ?? ((body: Record<string, unknown>): unknown => body.tools),
    withTools,
    streamOf: adapter.streamOf ?? ((response: unknown) => (isAsyncIterable(response) ? response : undefined)),
    toolSearch,
    catalogTools,
    catalogRead,
    catalog,
    model: options.model,
    platform: options.platform,
    predict: createToolPredictor(toolSearch.config.predict),
    memos: new WeakMap<ToolSearchPlan, RequestMemo>(),
    prepared: new WeakMap<object, { readonly read: CodecTools; readonly sent: readonly unknown[]; readonly entries: readonly unknown[] }>(),
  };
}

type SessionWire<Code extends string> = ReturnType<typeof createSessionWire<Code>>;

/** One `prepare` call: the agent's wire, the model the body names and the session id (checked with the plan). */
interface Preparation<Code extends string> {
  readonly wire: SessionWire<Code>;
  readonly model: unknown;
  readonly sessionId: unknown;
}

/** A body transformed for the tools it was planned for, and how to remember it as this factory's. */
interface Prepared<Code extends string> {
  readonly plan: ToolSearchPlan;
  readonly transformed: TransformRequestResult<unknown, Code>;
  /** The messages for the history's tool results whose call is not where the API requires it (the codec's read). */
  readonly unpaired: readonly string[];
  remember(): void;
}

/** The request prepared from `given` by what its tool list is (see the steps of `prepare` in {@link createSessionToolSearch}). */
function prepareReading<Code extends string>(preparation: Preparation<Code>, given: Record<string, unknown>): Promise<Prepared<Code>> {
  const { wire } = preparation;
  const tools = wire.toolsOf(given);
  if (tools === undefined || tools === null) return prepareWith(preparation, wire.withTools(given, wire.catalogTools), wire.catalogRead, wire.catalogTools);
  if (tools === wire.catalogTools) return prepareWith(preparation, given, wire.catalogRead, wire.catalogTools);
  if (!Array.isArray(tools)) return prepareWith(preparation, given, wire.codec.readTools(given), tools as readonly unknown[]);
  // A body this factory prepared (or a copy sharing its tool list, not edited in place since): prepared again from the
  // tools it had, as they were read, which gives the same bytes (the transformers are idempotent).
  const earlier = wire.prepared.get(tools);
  if (earlier !== undefined && earlier.entries.length === tools.length && earlier.entries.every((entry, index) => entry === tools[index])) {
    return prepareWith(preparation, wire.withTools(given, earlier.sent), earlier.read, earlier.sent);
  }
  if (tools.some(isOwnToolEntry)) return prepareCopy(preparation, given, tools);
  const sent = parseSessionTools(tools, wire, '`body.tools`');
  const body = sent === tools ? given : wire.withTools(given, sent);
  return prepareWith(preparation, body, wire.codec.readTools(body), sent);
}

/**
 * The plan for one request: the session id checked, the model taken from the body (or the factory's `model` option),
 * and the agent's cached plan for that model and `tools` (`undefined`: the catalog) on the factory's API.
 *
 * The model decides the mechanism only where a hosted search exists (`openai-responses`, `anthropic-messages`): there
 * a missing model id is an error, unless the configuration allows the client-side mechanism only (`mechanism:
 * 'client'`), the explicit choice that needs no model. On Chat Completions, Gemini and Converse every model gets the
 * client-side mechanism, so the id is only recorded.
 *
 * Throws a `ToolSearchError`: `invalid-options` for a missing `sessionId`, `invalid-request` for a missing model, and
 * whatever `ToolSearch.resolvePlan` throws.
 */
function planFor<Code extends string>({ wire, model: bodyModel, sessionId }: Preparation<Code>, tools: readonly ToolDefinition[] | undefined): ToolSearchPlan {
  const { api, label, toolSearch } = wire;
  checkSessionId(sessionId, `${label}: \`sessionId\``);
  let model = typeof bodyModel === 'string' && bodyModel.length > 0 ? bodyModel : wire.model;
  if (model === undefined || model.length === 0) {
    const modelMatters = api === 'openai-responses' || api === 'anthropic-messages';
    const clientOnly = toolSearch.config.preferences.every((preference) => preference.mechanism === 'client');
    if (modelMatters && !clientOnly) {
      throw new ToolSearchError(
        'invalid-request',
        `${label}: the model is unknown (\`body.model\` is ${describeValue(bodyModel)} and no \`model\` option was given), and on \`${api}\` it decides between hosted and client-side tool search. Set \`body.model\`, pass \`model\`, or configure \`mechanism: 'client'\``,
      );
    }
    model = '';
  }
  return toolSearch.resolvePlan({ id: model, api, ...(wire.platform === undefined ? {} : { platform: wire.platform }) }, tools);
}

/**
 * The request prepared from `body` with the tools it is planned for, its tool list (`sent`) as the codec read it
 * (`read`; the catalog's, read once for the agent, plans for the catalog), read once for the plan and the transformer.
 */
async function prepareWith<Code extends string>(
  preparation: Preparation<Code>,
  body: Record<string, unknown>,
  read: CodecTools,
  sent: readonly unknown[],
): Promise<Prepared<Code>> {
  const { wire } = preparation;
  const plan = planFor(preparation, read === wire.catalogRead ? undefined : read.definitions);
  let memo: RequestMemo | undefined;
  if (read === wire.catalogRead) {
    memo = wire.memos.get(plan) ?? {};
    wire.memos.set(plan, memo);
  }
  let unpaired: readonly string[] = [];
  const transformed = transformRequest(wire.codec, body, plan, {
    // planFor has checked the session id.
    revealed: await wire.toolSearch.readRevealed(plan, preparation.sessionId as string),
    catalog: wire.catalog,
    options: wire.codecOptions,
    ...(wire.predict === undefined ? {} : { predict: wire.predict }),
    tools: { list: wire.toolsOf(body), read },
    ...(memo === undefined ? {} : { memo }),
    onHistory: (history) => {
      unpaired = history.unpaired ?? [];
    },
  }) as TransformRequestResult<unknown, Code>;
  const written = wire.toolsOf(transformed.body as Record<string, unknown>);
  return { plan, transformed, unpaired, remember: () => Array.isArray(written) && wire.prepared.set(written, { read, sent, entries: [...written] }) };
}

/**
 * A body that holds the package's own tools but was not prepared by this object (a JSON copy, another process): read
 * as a request for the catalog (what a body without tools is), then as the tools it holds; the reading that gives the
 * same bytes back is the request. When neither does, the tools it was planned for are no longer in it, and a typed
 * error says so.
 */
async function prepareCopy<Code extends string>(
  preparation: Preparation<Code>,
  copy: Record<string, unknown>,
  copied: readonly unknown[],
): Promise<Prepared<Code>> {
  const { wire } = preparation;
  // What every reading checks alike (the session id, the model, the mechanism) is said as it is, not as a lost copy.
  planFor(preparation, undefined);
  const expected = formatStableJSON(copy);
  const readings = [
    () => prepareWith(preparation, wire.withTools(copy, wire.catalogTools), wire.catalogRead, wire.catalogTools),
    () => prepareWith(preparation, copy, wire.codec.readTools(copy), copied),
  ];
  for (const reading of readings) {
    try {
      const result = await reading();
      if (formatStableJSON(result.transformed.body) === expected) return result;
    } catch (error) {
      if (!isToolSearchError(error)) throw error;
    }
  }
  throw new ToolSearchError(
    'invalid-request',
    `${wire.label}: \`body\` is a body \`prepare\` already returned (its tools hold the package's own \`tool_search\`), copied, and the tools it was planned for are no longer in it. Pass the body you keep (your history, with your own tools or none) to \`prepare\` on every request, and send \`request.body\` as it is`,
  );
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

/**
 * `step` (and so `handle`): reads the response, hands each call to `handleToolCall` and writes the answers. A stream
 * becomes the response it rebuilds, here and only here: every event is pushed into the API's accumulator, in order, and
 * the answer text each carries goes to `onText` (awaited) as it arrives; an error of the stream, the accumulator or
 * `onText` ends the reading and reaches the caller. `complete` checks every output first (`parseToolOutput`: one JSON
 * cannot write is refused with a typed error on every API, before anything is written), then writes each call's answer
 * (the caller's output for the pending ones, in order) and hands them to the adapter's `finish`.
 */
async function stepSession<Code extends string>(turn: StepContext<Code>, given: unknown, options: unknown, method: string): Promise<SessionStep<unknown>> {
  const { wire, plan, names, context } = turn;
  const onText = parseSessionStreamOptions(options, method);
  const stream = wire.streamOf(given);
  let response = given;
  if (stream !== undefined) {
    // The iteration starts at once (an SDK helper stream hands each event to the listeners present when it arrives).
    const accumulator = wire.createStreamAccumulator();
    for await (const event of stream) {
      const text = accumulator.push(event);
      if (text !== '' && onText !== undefined) await onText(text);
    }
    response = accumulator.response();
  }
  const request = { plan, names, catalogTools: wire.catalogTools };
  const read = wire.readResponse(response, request);
  const calls: SessionToolCall[] = [];
  /** Each call's answer item: from the caller's output for a `run` call, from the call's `result` otherwise. */
  const writers: ((output: unknown) => unknown)[] = [];
  const additions = new Map<string, ToolDefinition>();
  for (const call of read.calls) {
    const { id } = call;
    const run = (output: unknown) => call.write({ type: 'run', output });
    if (call.free === true) {
      calls.push({ type: 'run', id, name: names.fromWire(call.name), arguments: call.arguments, checked: false });
      writers.push(run);
      continue;
    }
    const handling = await wire.toolSearch.handleToolCall({ name: call.name, arguments: call.arguments }, context);
    if (handling.type === 'run') {
      calls.push({ ...handling, id });
      writers.push(run);
      continue;
    }
    calls.push({ type: handling.type, id, name: names.fromWire(call.name), result: handling.result });
    writers.push(() => call.write(handling));
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
  const pending = calls.filter((call): call is SessionToolCallToRun => call.type === 'run');
  return {
    calls,
    pending,
    complete(outputs) {
      if (!Array.isArray(outputs) || outputs.length !== pending.length) {
        const named = quoteNames(pending.map((call) => call.name));
        throw new ToolSearchError(
          'invalid-options',
          `\`complete(outputs)\` takes one output per pending call, in \`step.pending\`'s order (${pending.length}${pending.length === 0 ? '' : `: ${named}`}), got ${Array.isArray(outputs) ? `${outputs.length}` : describeValue(outputs)}; answer a declined or failed call with an output that says so`,
        );
      }
      const checked = pending.map((call, index) =>
        parseToolOutput(outputs[index], `\`outputs[${index}]\` (the output of \`${call.name}\`${call.id === '' ? '' : `, call \`${call.id}\``})`),
      );
      let next = 0;
      return read.finish(
        calls.map((call, index) => (writers[index] as (output: unknown) => unknown)(call.type === 'run' ? checked[next++] : undefined)),
        items,
        turn.predicted,
      );
    },
  };
}
