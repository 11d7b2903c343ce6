import { parseToolSearchConfig } from '../config/parse-tool-search-config.js';
import {
  resolveAutoListing,
  type ToolListing,
  type ToolRevealChoice,
  type ToolRevealMode,
  type ToolSearchConfig,
  type ToolSearchConfigInput,
  type ToolSearchPreference,
} from '../config/tool-search-config.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { isRecord } from '../records/is-record.js';
import { MODEL_PLATFORMS, WIRE_APIS, WIRE_API_NAMES, type ModelPlatform, type ModelReference, type WireAPI } from '../models/model-reference.js';
import { resolveModelSupport, type ModelSupport, type ToolAdditionForm } from '../models/resolve-model-support.js';
import { resolveUnknownModel } from '../models/resolve-unknown-model.js';
import { parseCatalogTools } from '../tools/parse-catalog-tools.js';
import type { ToolCatalog } from '../catalog/tool-catalog.js';
import type { ToolDefinition, ToolDefinitionsInput } from '../tools/tool-definition.js';
import { CALL_TOOL_NAME, TOOL_SEARCH_TOOL_NAME, isOwnTool } from '../tools/tool-search-tool-definition.js';
import type {
  DeferredReason,
  LoadedReason,
  PlannedTool,
  ToolSearchMechanism,
  ToolSearchPlan,
  ToolSearchPlanWarningCode,
  ToolSearchWarning,
} from './tool-search-plan.js';
import { resolveOwnToolsSent } from './resolve-own-tools-sent.js';
import { AUTO_HOSTED_SEARCH_MAX_BYTES, CLAUDE_REQUEST_LIMITS, resolveHostedSearchSize, type HostedSearchSize } from './resolve-hosted-search-size.js';
import { quoteNames } from '../text/quote-names.js';

/**
 * How a `mechanism-unsupported` warning ends when no mechanism applies: what the plan then does. A caller that throws
 * on that warning instead (`createToolSearch` under `unsupported: 'throw'`) says what it did in its place.
 */
export const FULL_SCHEMAS_SENT = 'full schemas are sent (no deferral)';

/**
 * Decides, for one model and one tool list, which tool search mechanism applies and which tools are deferred.
 *
 * Pure and total: no clock, no randomness, inputs are not mutated, equal inputs give deep-equal plans, and an
 * unknown model id never throws (it gets the client-side mechanism under `auto`). The result is plain JSON.
 *
 * - Mechanism: the first of the configuration's mechanisms that the model supports where it is served and that the
 *   wire API carries (OpenAI hosted needs `api` `openai-responses` or no `api`; Claude hosted needs
 *   `anthropic-messages` or no `api`; Bedrock, Vertex AI and Foundry ids need `platform`, see `resolveModelSupport`);
 *   `client` applies everywhere. When none applies (an explicit `openai` or `claude` on a model without support)
 *   the mechanism is `none`, full schemas are sent, and a warning says why.
 * - Deferral: with a mechanism, `always` tools are deferred; `automatic` tools are deferred when the tool count (the
 *   number of tools passed here) meets the threshold; `never` tools, names on the never-defer list and a tool named
 *   like one the package adds (`tool_search`, `call_tool`) are never deferred. A caller's tool of such a name keeps
 *   it; the package's own tool then goes by another name (`tool_search_2`, see the warning `own-tool-renamed`).
 * - Settings: `listing: 'auto'` becomes `names` while at most 1,000 tools are deferred and `none` beyond; `search:
 *   'auto'` becomes `library`; both are written into the plan as resolved.
 * - Reveal: `reveal: 'auto'` becomes `native` (with `additions: 'value'`) for the client-side mechanism where the
 *   provider documents tool additions by value for the model where it is served (`resolveModelSupport`'s
 *   `toolAdditions`: GPT-5.4 and later on OpenAI, Opus 4.8 and the other listed Claude models on the Claude API), with
 *   the `names` or `none` listing and an API that has the item (`openai-responses`, `anthropic-messages`, or none
 *   named); `conversation` everywhere else. An explicit `native` is honoured on any model of those two APIs (by
 *   reference for Claude on Bedrock and Vertex AI), except where the model or platform is known not to support it:
 *   then the plan falls back to `conversation` and warns `reveal-unsupported`. Hosted mechanisms already load into
 *   the conversation natively, so their plans record `conversation` for `auto` and `native`.
 *
 * Throws a `ToolSearchError` (`invalid-tools`) naming the tools when names are duplicated or empty or an
 * `inputSchema` is not an object, a `ToolSearchConfigError` for a bad configuration, and a `ToolSearchError`
 * (`invalid-options`) when `model` is neither an id nor `{ id, api, platform }` with a known `api` and `platform`.
 *
 * @example
 * ```ts
 * import { resolveToolSearch } from 'tool-search';
 * const plan = resolveToolSearch({ id: 'gpt-5.4', api: 'openai-responses' }, tools, { threshold: 10 });
 * plan.mechanism; // 'openai-hosted'
 * ```
 */
export function resolveToolSearch(
  model: ModelReference,
  tools: ToolDefinitionsInput | ToolCatalog,
  config?: ToolSearchConfigInput | ToolSearchConfig,
): ToolSearchPlan {
  checkModelReference(model);
  // A catalog (`createToolCatalog`) is read as it is; a plain list is checked once.
  const definitions = parseCatalogTools(tools);
  const resolved = parseToolSearchConfig(config);
  const support = resolveModelSupport(model);
  const warnings: ToolSearchWarning<ToolSearchPlanWarningCode>[] = [];

  const neverDefer = new Set(resolved.neverDefer);
  const toolCount = definitions.length;
  let chosen = resolved.preferences.find((preference) => isApplicable(preference, support));
  let planned = planTools(definitions, toMechanism(chosen), (chosen ?? resolved.preferences[0])?.threshold ?? 0, neverDefer);
  // `auto` weighs the catalog's size: Anthropic's hosted search that cannot carry it (past 10,000 deferred tools), or
  // that would upload more than a megabyte of definitions with every request where additions by value work, gives way
  // to the client-side mechanism the configuration allows next.
  let hostedSize: HostedSearchSize | null = null;
  if (chosen !== undefined && !chosen.explicit && chosen.mechanism === 'claude') {
    hostedSize = resolveHostedSearchSize(deferredDefinitions(definitions, planned), support.toolAdditions === 'value' ? AUTO_HOSTED_SEARCH_MAX_BYTES : null);
    const next = hostedSize === null ? undefined : resolved.preferences.find((preference) => preference.mechanism === 'client');
    if (next === undefined) hostedSize = null;
    else {
      chosen = next;
      planned = planTools(definitions, 'client', next.threshold, neverDefer);
    }
  }
  const mechanism = toMechanism(chosen);
  for (const preference of resolved.preferences) {
    if (preference === chosen) break;
    if (preference.explicit) warnings.push(unsupportedWarning(preference, support, chosen));
  }
  const transport = mechanism === 'claude-hosted' ? platformWarning(support.platform) : null;
  if (transport !== null) warnings.push(transport);
  const unknownModel = unknownModelWarning(support, resolved.preferences, chosen);
  if (unknownModel !== null) warnings.push(unknownModel);
  if (chosen === undefined && !resolved.preferences.some((preference) => preference.explicit)) {
    // Only reachable with a hand-built configuration that lists hosted mechanisms implicitly.
    warnings.push({ code: 'mechanism-unsupported', message: `no configured mechanism applies to \`${support.id}\`; ${FULL_SCHEMAS_SENT}` });
  }

  const threshold = (chosen ?? resolved.preferences[0])?.threshold ?? 0;

  // Counted in one pass, without a list: this runs on every request that resolves its plan.
  let deferredCount = 0;
  let belowThreshold = 0;
  for (const entry of planned) {
    if (entry.status === 'deferred') deferredCount += 1;
    else if (entry.reason === 'below-threshold') belowThreshold += 1;
  }
  if (belowThreshold > 0) {
    warnings.push({
      code: 'below-threshold',
      message: `the tool list has ${toolCount} tool${toolCount === 1 ? '' : 's'}, fewer than the threshold of ${threshold}, so ${belowThreshold === toolCount ? 'none is deferred: every schema is sent as it would be without tool search' : `${belowThreshold} of them keep their full schemas`}; set \`threshold\` to ${toolCount} or less (or \`deferrable: 'always'\` on a tool) to defer them`,
    });
  }

  // Only a never-defer list needs the names looked up.
  const known = resolved.neverDefer.length === 0 ? new Set<string>() : new Set(definitions.map((tool) => tool.name));
  const unknownNames = resolved.neverDefer.filter((name) => !known.has(name));
  if (unknownNames.length > 0 && toolCount > 0) {
    warnings.push({
      code: 'unknown-never-defer-name',
      message: `the never-defer list names ${quoteNames(unknownNames)}, which ${unknownNames.length === 1 ? 'is' : 'are'} not in the tool list; check the spelling`,
    });
  }

  const listing = resolved.listing === 'auto' ? resolveAutoListing(deferredCount) : resolved.listing;
  // `auto` is the library's ranking on both providers: on the BFCL multi-turn sessions it measured cheaper per session
  // than either provider's own search (bench/results/latest.md, session cost), and its recall is measured at or above
  // BM25, which Anthropic's hosted search uses.
  const hosted = mechanism === 'openai-hosted' || mechanism === 'claude-hosted';
  const search = hosted && resolved.search !== 'auto' ? resolved.search : 'library';
  const {
    reveal,
    additions,
    warning: revealWarning,
  } = resolveReveal(resolved.reveal, mechanism, listing, support, () => deferredDefinitions(definitions, planned));
  if (revealWarning !== null) warnings.push(revealWarning);
  if (hostedSize !== null) warnings.push(hostedSizeWarning(hostedSize, reveal === 'native'));
  // The package's own tools this plan sends go by other names where the caller has tools of theirs (never shadowed).
  const own = resolveOwnToolsSent({ mechanism, search, reveal, listing, tools: planned });
  const renamed = new Map<string, string>([
    ...(own.search && own.searchName !== TOOL_SEARCH_TOOL_NAME ? [[TOOL_SEARCH_TOOL_NAME, own.searchName] as const] : []),
    ...(own.callTool && own.callToolName !== CALL_TOOL_NAME ? [[CALL_TOOL_NAME, own.callToolName] as const] : []),
  ]);
  // Only a renamed own tool needs the caller's tools looked at.
  if (renamed.size > 0) {
    for (const tool of definitions) {
      const ownName = renamed.get(tool.name);
      if (ownName === undefined || isOwnTool(tool)) continue;
      warnings.push({
        code: 'own-tool-renamed',
        message: `the tool list has its own \`${tool.name}\`, which is sent as it is; the package's \`${tool.name}\` goes by \`${ownName}\` in its place (the guidance note names it)`,
      });
    }
  }

  return {
    model: support.id,
    api: support.api,
    ...(support.platform === null ? {} : { platform: support.platform }),
    mechanism,
    threshold,
    toolCount,
    listing,
    reveal,
    ...(additions === null ? {} : { additions }),
    search,
    allowed: resolved.preferences.map((preference) => preference.mechanism),
    tools: planned,
    warnings,
  };
}

/** Each tool's place in a plan of `mechanism` with `threshold` (see {@link resolveToolSearch}). */
function planTools(definitions: readonly ToolDefinition[], mechanism: ToolSearchMechanism, threshold: number, neverDefer: ReadonlySet<string>): PlannedTool[] {
  const toolCount = definitions.length;
  return definitions.map((tool): PlannedTool => {
    const policy = tool.deferrable ?? 'automatic';
    if (tool.name === TOOL_SEARCH_TOOL_NAME || tool.name === CALL_TOOL_NAME) return place(tool, 'loaded', 'search-tool');
    if (policy === 'never') return place(tool, 'loaded', 'policy-never');
    if (neverDefer.has(tool.name)) return place(tool, 'loaded', 'never-defer-list');
    if (mechanism === 'none') return place(tool, 'loaded', 'no-mechanism');
    if (policy === 'always') return place(tool, 'deferred', 'policy-always');
    return toolCount >= threshold ? place(tool, 'deferred', 'threshold-reached') : place(tool, 'loaded', 'below-threshold');
  });
}

/** The definitions a plan defers, in order. */
function deferredDefinitions(definitions: readonly ToolDefinition[], planned: readonly PlannedTool[]): ToolDefinition[] {
  return definitions.filter((_, index) => planned[index]?.status === 'deferred');
}

/** The plan's warning when `auto` left Anthropic's hosted search for the client-side mechanism, saying why. */
function hostedSizeWarning(size: HostedSearchSize, native: boolean): ToolSearchWarning<ToolSearchPlanWarningCode> {
  const instead = native
    ? "the client-side `tool_search` with loaded tools added natively by value (`reveal: 'native'`, beta `inline-tools-2026-09-15`: send with the SDK's beta client), which sends no deferred tool"
    : 'the client-side `tool_search`, which sends no deferred tool';
  const why =
    size.reason === 'deferred-tools'
      ? `the plan defers ${size.deferred} tools, more than the ${CLAUDE_REQUEST_LIMITS.deferredTools} Anthropic's hosted search takes in one request`
      : `hosted search would upload the ${size.deferred} deferred definitions (more than ${AUTO_HOSTED_SEARCH_MAX_BYTES} bytes) with every request, where additions by value upload a definition once, when it is loaded, for about the same bill`;
  return {
    code: 'hosted-search-too-large',
    message: `\`mechanism: 'auto'\` chose ${instead} over Anthropic's hosted search: ${why}. Set \`mechanism: 'claude'\` to ask for hosted search all the same`,
  };
}

// Two literals, not a conditional spread of the category: this runs for every tool of every plan.
function place(tool: ToolDefinition, status: PlannedTool['status'], reason: LoadedReason | DeferredReason): PlannedTool {
  return (tool.category === undefined ? { name: tool.name, status, reason } : { name: tool.name, status, reason, category: tool.category }) as PlannedTool;
}

/** The API that carries each provider's tool-addition item. */
const ADDITION_APIS: ReadonlySet<string> = new Set(['openai-responses', 'anthropic-messages']);

/** The plan's reveal for the configuration's choice (see {@link resolveToolSearch}), with its addition form and warning. */
function resolveReveal(
  choice: ToolRevealChoice,
  mechanism: ToolSearchMechanism,
  listing: ToolListing,
  support: ModelSupport,
  deferred: () => readonly ToolDefinition[],
): { reveal: ToolRevealMode; additions: ToolAdditionForm | null; warning: ToolSearchWarning<ToolSearchPlanWarningCode> | null } {
  if (choice === 'conversation' || choice === 'tool-list') return { reveal: choice, additions: null, warning: null };
  const conversation = { reveal: 'conversation', additions: null, warning: null } as const;
  // Hosted search loads into the conversation natively already, and `none` loads nothing.
  if (mechanism !== 'client') return conversation;
  const api = support.api === null || ADDITION_APIS.has(support.api);
  if (choice === 'auto') {
    const native = api && support.toolAdditions === 'value' && (listing === 'names' || listing === 'none');
    return native ? { reveal: 'native', additions: 'value', warning: null } : conversation;
  }
  const additions = support.toolAdditionsOptIn;
  // By reference every deferred tool is declared, deferred, next to the tool changes: Anthropic's limits on those apply.
  const size = api && additions === 'reference' ? resolveHostedSearchSize(deferred(), CLAUDE_REQUEST_LIMITS.toolChangeBytes) : null;
  if (api && additions !== null && size === null) return { reveal: 'native', additions, warning: null };
  const over =
    size?.reason === 'deferred-tools'
      ? `${size.deferred} tools, more than ${CLAUDE_REQUEST_LIMITS.deferredTools}`
      : `more than ${CLAUDE_REQUEST_LIMITS.toolChangeBytes} bytes of definitions`;
  const why =
    size !== null
      ? `which adds tools by reference on \`${support.platform ?? support.gateway}\` and so declares every deferred tool, but the plan defers ${over}, past what Anthropic takes with tool changes ("available_tools_limit_exceeded")`
      : !api
        ? `but ${WIRE_API_NAMES[support.api as WireAPI]} has no tool-addition item`
        : `but \`${support.id}\`${support.platform === null ? '' : ` on \`${support.platform}\``} does not support tool additions`;
  return {
    ...conversation,
    warning: {
      code: 'reveal-unsupported',
      message: `\`reveal: 'native'\` was requested, ${why}; loaded schemas stay in the \`tool_search\` result (\`reveal: 'conversation'\`) instead`,
    },
  };
}

/** Each configured mechanism: the plan's name for it, and for a hosted one its provider and the API that carries it. */
const MECHANISMS = {
  openai: { mechanism: 'openai-hosted', provider: 'OpenAI', api: 'openai-responses' },
  claude: { mechanism: 'claude-hosted', provider: 'Anthropic', api: 'anthropic-messages' },
  client: { mechanism: 'client', provider: null, api: null },
} as const satisfies Record<ToolSearchPreference['mechanism'], { mechanism: ToolSearchMechanism; provider: string | null; api: WireAPI | null }>;

/** Whether a hosted mechanism's API can carry this request (any API for the client-side one). */
function isCarried(preference: ToolSearchPreference, support: ModelSupport): boolean {
  const { api } = MECHANISMS[preference.mechanism];
  return api === null || support.api === null || support.api === api;
}

function isApplicable(preference: ToolSearchPreference, support: ModelSupport): boolean {
  if (preference.mechanism === 'client') return true;
  return (preference.mechanism === 'openai' ? support.openaiHosted : support.claudeHosted) && isCarried(preference, support);
}

function toMechanism(preference: ToolSearchPreference | undefined): ToolSearchMechanism {
  return preference === undefined ? 'none' : MECHANISMS[preference.mechanism].mechanism;
}

function unsupportedWarning(
  preference: ToolSearchPreference,
  support: ModelSupport,
  chosen: ToolSearchPreference | undefined,
): ToolSearchWarning<ToolSearchPlanWarningCode> {
  const { provider, api } = MECHANISMS[preference.mechanism];
  const supported = preference.mechanism === 'openai' ? support.openaiHosted : support.claudeHosted;
  let why: string;
  if (support.platform === null && (support.gateway === 'bedrock' || support.gateway === 'vertex')) {
    why =
      `\`${support.id}\` is a ${support.gateway} model id, and the id alone does not say that the transport carries ${provider}'s hosted format ` +
      `(pass \`platform: '${support.gateway}'\` if it does${support.gateway === 'bedrock' ? ': InvokeModel or the Bedrock Messages API, not Converse' : ''})`;
  } else if (support.platform === null && support.gateway !== null)
    why = `\`${support.id}\` is a ${support.gateway} model id, and that transport does not carry ${provider}'s hosted format`;
  else if (!supported)
    why = `\`${support.id}\` does not support ${provider}'s hosted tool search${support.platform === null ? '' : ` on platform \`${support.platform}\``}`;
  else why = `hosted tool search needs the \`${api}\` API and this request goes over \`${support.api}\``;
  const instead = chosen === undefined ? FULL_SCHEMAS_SENT : `using the \`${chosen.mechanism}\` mechanism instead`;
  return { code: 'mechanism-unsupported', message: `\`${preference.mechanism}\` tool search was requested, but ${why}; ${instead}` };
}

/**
 * The warning for a model id the package does not recognise when the id decides the mechanism (a hosted mechanism is
 * configured and the API could carry it): it silently gets the client-side mechanism otherwise. `null` when the id is
 * recognised, a platform is named, or no hosted mechanism could apply.
 */
function unknownModelWarning(
  support: ModelSupport,
  preferences: readonly ToolSearchPreference[],
  chosen: ToolSearchPreference | undefined,
): ToolSearchWarning<ToolSearchPlanWarningCode> | null {
  if (support.platform !== null || chosen?.mechanism === 'openai' || chosen?.mechanism === 'claude') return null;
  const hostedPossible = preferences.some((preference) => preference.mechanism !== 'client' && isCarried(preference, support));
  const unknown = hostedPossible ? resolveUnknownModel(support) : null;
  if (unknown === null) return null;
  const instead = chosen === undefined ? 'no mechanism applies (full schemas are sent)' : `it gets the \`${chosen.mechanism}\` mechanism`;
  const meant = unknown.nearest === null ? '' : ` Did you mean \`${unknown.nearest}\`?`;
  return {
    code: 'unknown-model',
    message: `${support.id.trim() === '' ? 'No model id was given' : `\`${support.id}\` is not a model id this package knows`}, so it cannot tell whether the model supports hosted tool search, and ${instead}.${meant} Use the provider's model id (a gateway's alias hides the model), or configure \`mechanism: 'client'\` to choose the client-side \`tool_search\` on purpose`,
  };
}

/**
 * Older docs and gateways name a beta header for hosted search on these platforms (providers reference, section 1.1).
 * Bedrock is not among them: its beta goes in the body, and `transformAnthropicMessagesRequest` writes it.
 */
const PLATFORM_BETAS: Readonly<Partial<Record<ModelPlatform, string>>> = {
  vertex: 'the header `anthropic-beta: tool-search-tool-2025-10-19`',
  foundry: 'the header `anthropic-beta: advanced-tool-use-2025-11-20`',
};

function platformWarning(platform: ModelPlatform | null): ToolSearchWarning<ToolSearchPlanWarningCode> | null {
  const beta = platform === null ? undefined : PLATFORM_BETAS[platform];
  if (beta === undefined) return null;
  return {
    code: 'platform-transport',
    message:
      `Anthropic's hosted tool search on \`${platform as string}\` is documented as generally available; older docs asked for ${beta}. ` +
      'Headers belong to your transport: this package writes none, so add it there if your account still needs it',
  };
}

function checkModelReference(model: unknown): void {
  if (typeof model === 'string') return;
  const fields = isRecord(model) ? model : {};
  const problem =
    typeof fields.id !== 'string'
      ? `\`model\` must be a model id or \`{ id, api }\` (with an optional \`platform\`), got ${describeValue(model)}`
      : fields.platform !== undefined && !(MODEL_PLATFORMS as readonly unknown[]).includes(fields.platform)
        ? `\`model.platform\` must be one of ${quoteNames(MODEL_PLATFORMS, "'")}, got ${describeValue(fields.platform)}`
        : fields.api !== undefined && !(WIRE_APIS as readonly unknown[]).includes(fields.api)
          ? `\`model.api\` must be one of ${quoteNames(WIRE_APIS, "'")}, got ${describeValue(fields.api)}`
          : null;
  if (problem !== null) throw new ToolSearchError('invalid-options', problem);
}
