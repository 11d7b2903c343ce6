import stringify from 'fast-json-stable-stringify';
import { ToolSearchError, isToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { isRecord } from '../records/is-record.js';
import type { ToolCatalog } from '../catalog/tool-catalog.js';
import type { ModelPlatform } from '../models/model-reference.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import type { ToolSearch } from './create-tool-search.js';
import { isOwnToolEntry } from './is-own-tool-entry.js';
import { parseSessionTools } from './parse-session-tools.js';
import { resolveSessionPlan } from './resolve-session-plan.js';
import type { SessionRequest, SessionWarningCode } from './session-request.js';
import type { SessionAdapter } from './session-adapter.js';
import type { CodecTools } from '../request/wire-codec.js';
import { transformRequest } from '../request/transform-request.js';
import type { RequestMemo } from '../request/request-decision.js';
import type { TransformRequestResult } from '../request/request-transformer.js';
import type { ToolPredictor } from '../request/tool-predictor.js';

/**
 * One agent's session state over its API's adapter (its defaults filled in): the core, the catalog in the API's shape
 * and parsed, the factory's options, and the bodies it prepared. Made once per agent by `createSessionToolSearch`. Not
 * part of the public API.
 */
export interface SessionWire<Code extends string> extends SessionAdapter<Code> {
  toolsOf(body: Record<string, unknown>): unknown;
  withTools(body: Record<string, unknown>, tools: readonly unknown[]): Record<string, unknown>;
  streamOf(response: unknown): AsyncIterable<unknown> | undefined;
  /** The provider-neutral core the agent's plans, searches and call checks go through. */
  readonly toolSearch: ToolSearch;
  /** The catalog in the API's shape (the factory's `tools`, checked, schemas converted): sent when a body has none. */
  readonly catalogTools: readonly unknown[];
  /** The catalog's tools as the codec reads them (`catalogTools`, read once for the agent). */
  readonly catalogRead: CodecTools;
  /** The same tools, parsed once for the agent. */
  readonly catalog: ToolCatalog;
  /** The factory's `model` option. */
  readonly model: string | undefined;
  /** The factory's `platform` option. */
  readonly platform: ModelPlatform | undefined;
  /** The configuration's `predict` (`auto` unless set): the request decision applies it where the library searches. */
  readonly predict: ToolPredictor | undefined;
  /** What the decision keeps per plan for bodies sent with the catalog's tools (a request then costs what it sends). */
  readonly memos: WeakMap<ToolSearchPlan, RequestMemo>;
  /**
   * The bodies this factory prepared, by their tool list (the array object `prepare` returned, which a copy of the
   * body shares): what they were planned for, so preparing one again gives the same bytes, and the entries it held
   * (a list edited in place since is not recalled: it is read like any copy).
   */
  readonly prepared: WeakMap<
    object,
    { readonly tools: readonly ToolDefinition[] | undefined; readonly sent: readonly unknown[]; readonly entries: readonly unknown[] }
  >;
}

/** A request prepared by {@link prepareSessionRequest}: all of a {@link SessionRequest} but its step. */
export interface PreparedSessionRequest<Code extends string> extends Omit<SessionRequest<unknown, Code, never, never>, 'handle' | 'step'> {
  /** The tools whose schemas the history holds (the transformer's `loaded`), for `handleToolCall`. */
  readonly loaded: readonly string[];
  /** The tools the history added natively (the transformer's `added`), in the caller's names. */
  readonly added: readonly string[];
  /** What the prediction step loaded with this request (the transformer's `predicted`), when it loaded anything. */
  readonly predicted?: { readonly names: readonly string[]; readonly items: readonly unknown[] };
}

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
  remember(): void;
}

/**
 * What every session-API factory does to prepare a request, whatever its wire API:
 *
 * 1. The body's tools: none means the catalog; another API's shape is an `invalid-tools` error; a body this factory
 *    prepared before (its tool list is the one `prepare` returned, which a copy of the body shares) is prepared again
 *    from the tools it had, and a body that holds the package's own tools but was not prepared here is read as a
 *    catalog request, which must give the same bytes back, or `prepare` throws `invalid-request` (the tools it was
 *    planned for are no longer in it). Either way preparing a prepared body gives the same bytes.
 * 2. The plan (session id and model checked, cached per agent), the reveals the plan needs from the store, then the
 *    API's transformer, with the plan's and the transformer's warnings together. A body's own tools are read once:
 *    the codec's read of them serves the plan and the transformer.
 * 3. The history's pairing of tool results with calls (see {@link SessionAdapter.unpaired}).
 *
 * Throws what {@link resolveSessionPlan} and the transformer throw.
 */
export async function prepareSessionRequest<Code extends string>(
  wire: SessionWire<Code>,
  given: unknown,
  sessionId: unknown,
): Promise<PreparedSessionRequest<Code>> {
  if (!isRecord(given)) throw new ToolSearchError('invalid-request', `${wire.label}: \`body\` must be a request body object, got ${describeValue(given)}`);
  const unpaired = wire.resolveUnpairedResults(given);
  if (unpaired.length > 0 && wire.unpaired === 'throw') throw new ToolSearchError('invalid-request', `${wire.label}: ${unpaired.join('; ')}`);
  const prepared = await prepareReading({ wire, model: given.model, sessionId }, given);
  prepared.remember();
  const { transformed } = prepared;
  // The plan as the body applies it (a Responses custom tool named `tool_search` takes that name from the package's).
  const plan = transformed.plan ?? prepared.plan;
  const pairing = unpaired.map((message): { code: SessionWarningCode; message: string } => ({ code: 'unpaired-tool-result', message }));
  return {
    body: transformed.body,
    plan,
    warnings: [...plan.warnings, ...transformed.warnings, ...pairing],
    names: transformed.names,
    loaded: transformed.loaded,
    added: transformed.added ?? [],
    ...(transformed.predicted === undefined ? {} : { predicted: transformed.predicted }),
  };
}

/** The request prepared from `given` by what its tool list is (see {@link prepareSessionRequest}, step 1). */
function prepareReading<Code extends string>(preparation: Preparation<Code>, given: Record<string, unknown>): Promise<Prepared<Code>> {
  const { wire } = preparation;
  const tools = wire.toolsOf(given);
  if (tools === undefined || tools === null) return prepareWith(preparation, wire.withTools(given, wire.catalogTools), undefined, wire.catalogTools);
  if (tools === wire.catalogTools) return prepareWith(preparation, given, undefined, wire.catalogTools);
  if (!Array.isArray(tools)) return prepareRead(preparation, given, tools as readonly unknown[]);
  // A body this factory prepared (or a copy sharing its tool list, not edited in place since): prepared again from the
  // tools it had, which gives the same bytes (the transformers are idempotent).
  const earlier = wire.prepared.get(tools);
  if (earlier !== undefined && earlier.entries.length === tools.length && earlier.entries.every((entry, index) => entry === tools[index])) {
    return prepareWith(preparation, wire.withTools(given, earlier.sent), earlier.tools, earlier.sent);
  }
  if (tools.some(isOwnToolEntry)) return prepareCopy(preparation, given, tools);
  const sent = parseSessionTools(tools, wire, '`body.tools`');
  return prepareRead(preparation, sent === tools ? given : wire.withTools(given, sent), sent);
}

/** The plan for the request's model and `tools` (`undefined`: the catalog), the session id checked. */
function planFor<Code extends string>({ wire, model, sessionId }: Preparation<Code>, tools: readonly ToolDefinition[] | undefined): ToolSearchPlan {
  const { api, label, platform } = wire;
  return resolveSessionPlan(wire.toolSearch, { api, sessionId, bodyModel: model, optionModel: wire.model, platform, tools, label });
}

/**
 * The request prepared from `body` with the tools it is planned for (`undefined`: the catalog), and the body's tool
 * list as the codec read it, when it has been (the catalog's, read once for the agent).
 */
async function prepareWith<Code extends string>(
  preparation: Preparation<Code>,
  body: Record<string, unknown>,
  tools: readonly ToolDefinition[] | undefined,
  sent: readonly unknown[],
  read?: CodecTools,
): Promise<Prepared<Code>> {
  const { wire } = preparation;
  const plan = planFor(preparation, tools);
  const bodyRead = read ?? (tools === undefined ? wire.catalogRead : undefined);
  let memo: RequestMemo | undefined;
  if (bodyRead === wire.catalogRead) {
    memo = wire.memos.get(plan) ?? {};
    wire.memos.set(plan, memo);
  }
  const transformed = transformRequest(wire.codec, body, plan, {
    // planFor has checked the session id.
    revealed: await wire.toolSearch.readRevealed(plan, preparation.sessionId as string),
    catalog: wire.catalog,
    options: wire.codecOptions,
    ...(wire.predict === undefined ? {} : { predict: wire.predict }),
    ...(bodyRead === undefined ? {} : { tools: { list: wire.toolsOf(body), read: bodyRead } }),
    ...(memo === undefined ? {} : { memo }),
  }) as TransformRequestResult<unknown, Code>;
  const written = wire.toolsOf(transformed.body as Record<string, unknown>);
  return { plan, transformed, remember: () => Array.isArray(written) && wire.prepared.set(written, { tools, sent, entries: [...written] }) };
}

/** The request prepared from `body` with its own tools, read once for the plan and the transformer. */
function prepareRead<Code extends string>(preparation: Preparation<Code>, body: Record<string, unknown>, sent: readonly unknown[]): Promise<Prepared<Code>> {
  const read = preparation.wire.codec.readTools(body);
  return prepareWith(preparation, body, read.definitions, sent, read);
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
  const expected = stringify(copy);
  const readings = [
    () => prepareWith(preparation, wire.withTools(copy, wire.catalogTools), undefined, wire.catalogTools),
    () => prepareRead(preparation, copy, copied),
  ];
  for (const reading of readings) {
    try {
      const result = await reading();
      if (stringify(result.transformed.body) === expected) return result;
    } catch (error) {
      if (!isToolSearchError(error)) throw error;
    }
  }
  throw new ToolSearchError(
    'invalid-request',
    `${wire.label}: \`body\` is a body \`prepare\` already returned (its tools hold the package's own \`tool_search\`), copied, and the tools it was planned for are no longer in it. Pass the body you keep (your history, with your own tools or none) to \`prepare\` on every request, and send \`request.body\` as it is`,
  );
}
