import { createToolPredictor } from '../request/create-tool-predictor.js';
import {
  TOOL_LISTINGS,
  type ToolListing,
  type ToolListingRequest,
  type ToolPredictionSettings,
  type ToolRevealChoice,
  type ToolRevealMode,
  type ToolSearchMechanismRequest,
  type ToolSearchRanking,
} from '../config/tool-search-config.js';
import type { ModelPlatform, ModelReference, WireAPI } from '../models/model-reference.js';
import { resolveModelSupport } from '../models/resolve-model-support.js';
import { isToolSearchError } from '../errors/tool-search-error.js';
import { isNativeDelivery } from '../plan/is-native-delivery.js';
import { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';
import { resolveToolSearch } from '../plan/resolve-tool-search.js';
import type { DeferredReason, LoadedReason, ToolSearchMechanism, ToolSearchPlan, ToolSearchWarning } from '../plan/tool-search-plan.js';
import { resolveToolPrediction, type ToolPredictionCandidate } from '../request/resolve-tool-prediction.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import type { TokenCounter } from './load-token-counter.js';
import { resolveModelVisibleTools } from './resolve-model-visible-tools.js';
import { CLI_WIRE_APIS, type CLIWireAPI } from './cli-wire-apis.js';

/** What `tool-search inspect` was asked. */
export interface InspectRequest {
  readonly tools: readonly ToolDefinition[];
  /** The model to plan for; without one the plan is the client-side mechanism, which every model can use. */
  readonly model?: string;
  /** The wire API: only its rows are measured, and the plan is made for it. */
  readonly api?: WireAPI;
  /** The platform serving the model (`gateway` for a proxy or custom base URL). */
  readonly platform?: ModelPlatform;
  /** The mechanism asked for. @default 'auto' with a model, 'client' without one */
  readonly mechanism?: ToolSearchMechanismRequest;
  readonly listing?: ToolListingRequest;
  /** Where a loaded schema goes. @default 'auto' */
  readonly reveal?: ToolRevealChoice;
  /** A user's message: the report says which tools the prediction step would load for it, and why. */
  readonly message?: string;
  /** The prediction step's settings (`off` to turn it off). @default 'auto' */
  readonly predict?: 'off' | ToolPredictionSettings;
}

/** One measured request: a wire API under one mechanism (and listing, for the client mechanism). */
export interface RequestSizeRow {
  readonly api: WireAPI;
  /** `none` is the body as the caller built it: every schema in full. */
  readonly mechanism: ToolSearchMechanism;
  readonly listing: ToolListing | null;
  /**
   * Under the client mechanism, where a loaded schema goes: `conversation` (the rows of each listing) or `native` (the
   * row of the API's tool-addition item, with `additions` by value or by reference); `null` otherwise.
   */
  readonly reveal: ToolRevealMode | null;
  readonly additions: 'value' | 'reference' | null;
  /** Under a hosted mechanism, who searches: the provider or the library (the provider loads either way). */
  readonly search: ToolSearchRanking | null;
  /** UTF-8 bytes of the body's tool list plus what the library added to the system text. */
  readonly requestBytes: number;
  /** What the model reads of it: the same, except under hosted search, where deferred schemas are not shown. */
  readonly promptBytes: number;
  readonly promptTokens: number;
  /** How much smaller the prompt is than with every schema in full, in percent. */
  readonly savedPercent: number;
  /** Tools whose schema is not in the prompt. */
  readonly deferred: number;
  /** Whether this is what the plan chose for the model given (never without `model`). */
  readonly chosen: boolean;
  /** Codes of the warnings the transformer returned. */
  readonly warnings: readonly string[];
}

/**
 * The plan for the model on one wire API: what its first request carries, the row of `sizes` marked `chosen`. The
 * headline is written from these, so it never says what a row below contradicts.
 */
export interface InspectAPIPlan {
  readonly api: WireAPI;
  /**
   * What the request carries: the plan's mechanism, or `none` when the plan defers nothing (a tool list below the
   * threshold is sent with every schema, whatever mechanism would apply at the threshold).
   */
  readonly mechanism: ToolSearchMechanism;
  /** The mechanism the plan names, which applies once tools are deferred. */
  readonly planMechanism: ToolSearchMechanism;
  readonly listing: ToolListing;
  readonly reveal: RevealReason;
  /** Under a hosted mechanism, who searches; `null` otherwise. */
  readonly search: ToolSearchRanking | null;
  readonly deferred: number;
  /** The plan's warnings on this API. */
  readonly warnings: readonly ToolSearchWarning<string>[];
}

/** Everything `tool-search inspect` prints, as data (`--json`). */
export interface InspectReport {
  readonly model: string | null;
  readonly api: WireAPI | null;
  readonly platform: ModelPlatform | null;
  /** The plan for the model on `api` (on no API in particular without `--api`; `plans` holds each API's). */
  readonly plan: ToolSearchPlan;
  /** The plan on each wire API measured, in the order of `sizes`. */
  readonly plans: readonly InspectAPIPlan[];
  /** Where the plan puts a loaded schema (`native` with its additions, `conversation`, `tool-list`) and why. */
  readonly reveal: RevealReason;
  /** How many tools each reason defers or keeps loaded. */
  readonly deferredBy: Partial<Record<DeferredReason, number>>;
  readonly loadedBy: Partial<Record<LoadedReason, number>>;
  /** Each tool's place in the plan and the bytes of its full schema (compact JSON). */
  readonly tools: readonly {
    readonly name: string;
    readonly status: 'loaded' | 'deferred';
    readonly reason: DeferredReason | LoadedReason;
    readonly schemaBytes: number;
  }[];
  /**
   * The plan's warnings, then one for each request the library refuses to write for this catalog (a provider's
   * limit, such as Anthropic's 10,000 deferred tools): that row is left out of `sizes`, the rest are measured.
   */
  readonly warnings: readonly ToolSearchWarning<string>[];
  readonly tokens: { readonly counter: string; readonly exact: boolean };
  readonly sizes: readonly RequestSizeRow[];
  /** With a `message`: the tools the prediction step would load for it under the plan, and why; else `null`. */
  readonly prediction: InspectPrediction | null;
}

const encoder = new TextEncoder();

/**
 * The plan for a tool list and what each request would carry for it, measured on the library's own transformers:
 * per wire API, the first-turn body with every schema (written by the API's converter), then the transformer's output
 * under the client mechanism in each listing (with the configuration's other defaults) and under the API's hosted
 * mechanism with the provider's search and with the library's. A request a transformer refuses (a `ToolSearchError`:
 * a provider limit the catalog exceeds) becomes a warning instead of a row, so a catalog over one mechanism's limit is
 * still reported for the others.
 */
export function resolveInspectReport(request: InspectRequest, counter: TokenCounter): InspectReport {
  const { tools, model, api, platform, mechanism, listing, reveal } = request;
  const config = {
    mechanism: mechanism ?? (model === undefined ? 'client' : 'auto'),
    ...(listing === undefined ? {} : { listing }),
    ...(reveal === undefined ? {} : { reveal }),
  };
  const reference = { id: model ?? 'any', ...(api === undefined ? {} : { api }), ...(platform === undefined ? {} : { platform }) };
  const plan = resolveToolSearch(reference, tools, config);
  const schemaBytes = new Map(tools.map((tool) => [tool.name, bytes(JSON.stringify(tool.inputSchema))]));
  const deferredBy: Partial<Record<DeferredReason, number>> = {};
  const loadedBy: Partial<Record<LoadedReason, number>> = {};
  for (const tool of plan.tools) {
    if (tool.status === 'deferred') deferredBy[tool.reason] = (deferredBy[tool.reason] ?? 0) + 1;
    else loadedBy[tool.reason] = (loadedBy[tool.reason] ?? 0) + 1;
  }
  const apis = CLI_WIRE_APIS.filter((wire) => api === undefined || wire.api === api);
  const refused: ToolSearchWarning<string>[] = [];
  const plans: InspectAPIPlan[] = [];
  const sizes = apis.flatMap((wire) => {
    // What the model gets on this API (the client mechanism for any model without one): the headline and the row marked.
    const wireReference = { ...reference, api: wire.api };
    const wirePlan = api === wire.api ? plan : resolveToolSearch(wireReference, tools, config);
    const deferred = countDeferred(wirePlan);
    plans.push({
      api: wire.api,
      mechanism: deferred === 0 ? 'none' : wirePlan.mechanism,
      planMechanism: wirePlan.mechanism,
      listing: wirePlan.listing,
      reveal: resolveRevealReason(wirePlan, wireReference, reveal ?? 'auto'),
      search: describeRequest(wirePlan).search,
      deferred,
      warnings: wirePlan.warnings,
    });
    return measureRequests(wire, request, counter, refused, model === undefined ? null : wirePlan);
  });
  return {
    model: model ?? null,
    api: api ?? null,
    platform: platform ?? null,
    plan,
    plans,
    reveal: resolveRevealReason(plan, reference, reveal ?? 'auto'),
    deferredBy,
    loadedBy,
    tools: plan.tools.map((tool) => ({ name: tool.name, status: tool.status, reason: tool.reason, schemaBytes: schemaBytes.get(tool.name) ?? 0 })),
    warnings: [...plan.warnings, ...refused],
    tokens: { counter: counter.label, exact: counter.exact },
    sizes,
    prediction: request.message === undefined ? null : resolveInspectPrediction(plan, tools, request.message, request.predict),
  };
}

/**
 * The rows of one wire API. `chosen` is the plan of the model given on this API (`null` without one): its row is
 * marked, the `none` row when it defers nothing.
 */
function measureRequests(
  wire: CLIWireAPI,
  request: InspectRequest,
  counter: TokenCounter,
  refused: ToolSearchWarning<string>[],
  chosen: ToolSearchPlan | null,
): RequestSizeRow[] {
  const body = wire.createBody(request.tools);
  const baseSystem = wire.promptSlots(body).system;
  const marked = chosen === null ? null : describeRequest(countDeferred(chosen) === 0 ? null : chosen);
  const rows: RequestSizeRow[] = [];
  /** Measures the body under a plan (`null`: as the caller built it), or records why the library refuses that request. */
  const measure = (plan: ToolSearchPlan | null, label = ''): void => {
    let output: ReturnType<CLIWireAPI['transform']> = { body, warnings: [] };
    try {
      if (plan !== null) output = wire.transform(body, plan);
    } catch (error) {
      if (!isToolSearchError(error)) throw error;
      refused.push({ code: error.code, message: `${wire.api}, ${label}: not measured: ${error.message}` });
      return;
    }
    const described = describeRequest(plan);
    const slots = wire.promptSlots(output.body);
    const note = slots.system.startsWith(baseSystem) ? slots.system.slice(baseSystem.length) : slots.system;
    const requestText = `${JSON.stringify(slots.tools)}${note}`;
    const promptText =
      described.search === null
        ? requestText
        : `${JSON.stringify(resolveModelVisibleTools(described.mechanism, Array.isArray(slots.tools) ? slots.tools : []).entries)}${note}`;
    // The first row is the body as the caller built it: the baseline of every row's saving.
    const promptBytes = bytes(promptText);
    const baseline = rows[0]?.promptBytes ?? promptBytes;
    rows.push({
      api: wire.api,
      ...described,
      requestBytes: bytes(requestText),
      promptBytes,
      promptTokens: counter.count(promptText),
      deferred: plan === null ? 0 : countDeferred(plan),
      // The listing of a hosted row is the library's search's, not the plan's choice.
      chosen: marked !== null && MARKED_BY.every((key) => marked[key] === described[key] || (key === 'listing' && described.mechanism !== 'client')),
      warnings: [...new Set(output.warnings.map((warning) => warning.code))].sort(),
      savedPercent: baseline === 0 ? 0 : Math.round((1000 * (baseline - promptBytes)) / baseline) / 10,
    });
  };

  measure(null);
  for (const listing of TOOL_LISTINGS) {
    const plan = resolveToolSearch({ id: wire.clientModel, api: wire.api }, request.tools, { mechanism: 'client', listing, reveal: 'conversation' });
    measure(plan, `client mechanism, \`${listing}\` listing`);
  }
  if (wire.nativeModel !== null) {
    // The model given when its plan is native (by reference on Bedrock or Vertex AI), else one with additions by value.
    const model =
      chosen?.reveal === 'native' ? { id: chosen.model, api: wire.api, ...(chosen.platform === undefined ? {} : { platform: chosen.platform }) } : null;
    const listing = request.listing === 'names' || request.listing === 'none' ? request.listing : 'auto';
    const plan = resolveToolSearch(model ?? { id: wire.nativeModel, api: wire.api }, request.tools, { mechanism: 'client', listing, reveal: 'native' });
    measure(plan, `client mechanism, native delivery (additions by ${plan.additions ?? 'value'})`);
  }
  for (const search of wire.hosted === null ? [] : (['provider', 'library'] as const)) {
    const { mechanism, model } = wire.hosted as NonNullable<CLIWireAPI['hosted']>;
    const listing = request.listing === undefined ? {} : { listing: request.listing };
    const plan = resolveToolSearch({ id: model, api: wire.api }, request.tools, {
      mechanism: mechanism === 'openai-hosted' ? 'openai' : 'claude',
      search,
      ...listing,
    });
    measure(plan, `${mechanism} mechanism, ${search === 'library' ? "the library's" : "the provider's"} search`);
  }
  return rows;
}

/** What a request under `plan` carries, as a row names it (`null`: the body as the caller built it). */
function describeRequest(plan: ToolSearchPlan | null): Pick<RequestSizeRow, (typeof MARKED_BY)[number]> {
  const mechanism = plan?.mechanism ?? 'none';
  const search = plan !== null && (mechanism === 'openai-hosted' || mechanism === 'claude-hosted') ? plan.search : null;
  const reveal = plan !== null && mechanism === 'client' ? plan.reveal : null;
  return { mechanism, listing: plan === null || search === 'provider' ? null : plan.listing, reveal, additions: plan?.additions ?? null, search };
}

/** The fields of a row that must match the chosen plan's for the row to be marked. */
const MARKED_BY = ['mechanism', 'listing', 'reveal', 'additions', 'search'] as const;

function countDeferred(plan: ToolSearchPlan): number {
  return plan.tools.filter((tool) => tool.status === 'deferred').length;
}

function bytes(text: string): number {
  return encoder.encode(text).length;
}

/** Where a plan puts a loaded schema, and why: what `tool-search inspect` prints under the plan. */
export interface RevealReason {
  /** The plan's reveal mode. */
  readonly reveal: ToolSearchPlan['reveal'];
  /** How a native plan's additions carry a tool (`value` or `reference`), else `null`. */
  readonly additions: 'value' | 'reference' | null;
  /** The configuration's choice the plan resolved (`auto` unless asked for). */
  readonly choice: ToolRevealChoice;
  /** Why the plan has this mode: one sentence for people. */
  readonly reason: string;
}

/** The wire APIs whose providers have a tool-addition item. */
const ADDITION_APIS: ReadonlySet<string> = new Set(['openai-responses', 'anthropic-messages']);

/**
 * Why a plan puts loaded schemas where it does, for the model it was made for: the choice asked for, or what `auto`
 * found in the model's support (`resolveModelSupport`'s `toolAdditions`: documented tool additions where the model
 * is served), the listing and the API. The decision itself is `resolveToolSearch`'s; this only explains it.
 */
function resolveRevealReason(plan: ToolSearchPlan, model: ModelReference, choice: ToolRevealChoice): RevealReason {
  const additions = plan.additions ?? null;
  const result = (reason: string): RevealReason => ({ reveal: plan.reveal, additions, choice, reason });
  // A plan that defers nothing loads nothing, whatever its mechanism.
  if (countDeferred(plan) === 0) return result('nothing is deferred, so nothing is loaded');
  if (plan.mechanism !== 'client') {
    return result('hosted search: the provider loads the schemas the search returns, where its result sits (`reveal` is for the client mechanism)');
  }
  const support = resolveModelSupport(model);
  const served = `${support.id}${support.platform === null ? '' : ` on ${support.platform}`}`;
  const form = additions === 'reference' ? 'by reference (deferred tools declared, the addition names them)' : 'by value (the definitions themselves)';
  if (choice !== 'auto') {
    if (plan.reveal === choice) return result(`asked for${plan.reveal === 'native' ? `; additions ${form}` : ''}`);
    return result(`\`${choice}\` was asked for but does not apply to ${served} (see the warnings)`);
  }
  if (plan.reveal === 'native') return result(`auto: the provider documents tool additions for ${served}; additions ${form}`);
  if (support.api !== null && !ADDITION_APIS.has(support.api)) return result(`auto: ${support.api} has no tool-addition item`);
  if (plan.listing === 'full' || plan.listing === 'compact') return result(`auto: the \`${plan.listing}\` listing sends stubs, which native delivery does not`);
  if (support.toolAdditions === null) {
    const where = support.platform === null && support.gateway !== null ? ' (a gateway spelling)' : '';
    return result(`auto: no tool additions are documented for ${served}${where} (\`--reveal native\` opts in)`);
  }
  return result(`auto: only additions by reference are documented for ${served}, and auto turns on additions by value only (\`--reveal native\` opts in)`);
}

/** What `tool-search inspect --message` reports: which tools the prediction step would load for the message, and why. */
export interface InspectPrediction {
  readonly message: string;
  /** The settings applied, or `null` when the step does not run (`off`, or the provider's own search: see `reason`). */
  readonly settings: ToolPredictionSettings | null;
  /** Why the step runs or not for this plan. */
  readonly reason: string;
  /** How the load is delivered: the package's `tool_search` call and result, or the API's tool addition. */
  readonly delivery: 'search' | 'addition' | null;
  /** The tools it loads, best first. */
  readonly loaded: readonly string[];
  /** The deferred tools the ranking returned, with their scores and what became of each. */
  readonly ranked: readonly ToolPredictionCandidate[];
}

/**
 * The prediction step for a message on a fresh conversation (nothing loaded yet) under `plan`, as the session API runs
 * it (`predict` as configured, `auto` by default): the library ranks the catalog against the message and loads the best
 * deferred tools that clear the rule, wherever the library's `tool_search` answers the searches.
 */
function resolveInspectPrediction(
  plan: ToolSearchPlan,
  tools: readonly ToolDefinition[],
  message: string,
  predict: 'off' | ToolPredictionSettings | undefined,
): InspectPrediction {
  const predictor = createToolPredictor(predict);
  const none = (reason: string): InspectPrediction => ({ message, settings: null, reason, delivery: null, loaded: [], ranked: [] });
  if (predictor === undefined) return none('prediction is off (`predict: off`)');
  const { settings } = predictor;
  if (!resolveOwnToolsSent(plan).search) {
    return none(
      countDeferred(plan) === 0
        ? 'nothing is deferred, so there is nothing to load'
        : "the provider's own search answers (hosted search with `search: 'provider'`): the library cannot write its load",
    );
  }
  const deferred = new Set(plan.tools.filter((tool) => tool.status === 'deferred').map((tool) => tool.name));
  const { names, ranked } = resolveToolPrediction({
    text: message,
    index: predictor.index(tools),
    isDeferred: (name) => deferred.has(name),
    loaded: new Set(),
    notDeferred: plan.tools.length - deferred.size,
    settings,
  });
  const delivery = isNativeDelivery(plan) ? 'addition' : 'search';
  return {
    message,
    settings,
    reason: `the best ${settings.maxTools} deferred tools scoring at least ${settings.minScore} and ${settings.minShare} of the best score for the message, loaded before the turn's first request`,
    delivery,
    loaded: names,
    ranked,
  };
}
