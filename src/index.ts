/**
 * tool-search: deferred tool loading for any agent loop.
 *
 * The core is provider-neutral: configuration, tool definitions and the plan. Each wire API has its own subpath
 * export (`tool-search/openai`, `tool-search/anthropic`, `tool-search/gemini`), with a session API per wire API
 * (`createOpenAIResponsesToolSearch`, …) built on the core's `createToolSearch`; `tool-search/ai-sdk` integrates the
 * Vercel AI SDK.
 *
 * @packageDocumentation
 */
export { ToolSearchError, isToolSearchError, type ToolSearchErrorCode } from './errors/tool-search-error.js';
export { ToolSearchConfigError, type ToolSearchConfigIssue } from './errors/tool-search-config-error.js';

export {
  DEFERRABLE_POLICIES,
  type DeferrablePolicy,
  type JSONSchemaObject,
  type ToolDefinition,
  type ToolDefinitionsInput,
} from './tools/tool-definition.js';
export { parseToolDefinitions } from './tools/parse-tool-definitions.js';
export { createToolCatalog, isToolCatalog } from './catalog/create-tool-catalog.js';
export type { ToolCatalog } from './catalog/tool-catalog.js';
export { createToolDefinition, type CreateToolDefinitionOptions, type ToolArgumentsSchema } from './tools/create-tool-definition.js';
export {
  MCP_TOOL_NAME_SEPARATOR,
  createMCPToolCatalog,
  type MCPServerTool,
  type MCPToolCatalog,
} from './tools/create-mcp-tool-catalog.js';

export {
  DEFAULT_TOOL_SEARCH_THRESHOLD,
  TOOL_LISTINGS,
  type SeedCapabilityConfig,
  type SeedCapabilityId,
  type SeedCapabilityList,
  type SeedCapabilityReference,
  type ToolListing,
  type ToolRevealChoice,
  type ToolRevealMode,
  type ToolSearchConfig,
  type ToolSearchConfigInput,
  type ToolSearchMechanismChoice,
  type ToolSearchMechanismRequest,
  type ToolSearchOptions,
  type ToolSearchPreference,
} from './config/tool-search-config.js';
export { parseToolSearchConfig, type ToolSearchConfigOverrides } from './config/parse-tool-search-config.js';

export { MODEL_PLATFORMS, WIRE_APIS, type ModelPlatform, type ModelReference, type WireAPI } from './models/model-reference.js';
export { resolveModelSupport, type ModelSupport, type ToolAdditionForm } from './models/resolve-model-support.js';
export { resolveUnknownModel } from './models/resolve-unknown-model.js';
export { KNOWN_MODEL_IDS } from './models/known-model-ids.js';

export {
  TOOL_SEARCH_MECHANISMS,
  type DeferredReason,
  type LoadedReason,
  type PlannedTool,
  type ToolSearchMechanism,
  type ToolSearchPlan,
  type ToolSearchWarning,
  type ToolSearchPlanWarningCode,
} from './plan/tool-search-plan.js';
export { resolveToolSearch } from './plan/resolve-tool-search.js';
export { parseToolSearchPlan } from './plan/parse-tool-search-plan.js';
export { resolvePlanForWireAPI, type PlanForWireAPI } from './plan/resolve-plan-for-wire-api.js';

export { resolveToolList, type ResolveToolListOptions, type ToolList, type ToolListEntry } from './request/resolve-tool-list.js';
export type { ClientRequestWarningCode } from './request/resolve-client-request.js';
export {
  STUB_INPUT_SCHEMA,
  TOOL_SEARCH_TOOL_DEFINITION,
  TOOL_SEARCH_TOOL_NAME,
  createStubInputSchema,
  createToolSearchInputSchema,
  isOwnToolSearchTool,
} from './client/tool-search-tool-definition.js';
export { TOOL_SEARCH_GUIDANCE, resolveToolSearchGuidance } from './client/tool-search-guidance.js';
export { GUIDANCE_SEPARATOR, resolveGuidanceParts, resolveGuidanceText, type GuidancePartText } from './client/resolve-guidance-text.js';
export { COMPACT_DESCRIPTION_MAX_LENGTH, compactDescription } from './client/compact-description.js';
export {
  formatToolSearchResult,
  resolveRevealedTools,
  type ToolSearchMatch,
  type ToolSearchResult,
} from './client/tool-search-result.js';
export { resolveNativeSearchResult, type NativeSearchResult, type ResolveNativeSearchResultOptions } from './client/resolve-native-search-result.js';

export { createToolNameMapping, isValidToolName, type ToolNameMapping } from './names/create-tool-name-mapping.js';
export type { ToolNameRule } from './names/tool-name-rule.js';

export type { PreflightResult, PreflightViolation } from './preflight/preflight-result.js';
export type { SharedPreflightRule } from './preflight/shared-preflight-rule.js';

export {
  EXACT_NAME_BONUS,
  createToolIndex,
  type ToolIndex,
  type ToolIndexFieldWeights,
  type ToolIndexOptions,
  type ToolIndexSearchOptions,
  type ToolSearchHit,
} from './search/create-tool-index.js';
export { parseToolSelection } from './search/parse-tool-selection.js';
export type { ToolSearchRanker, ToolSearchRankingRequest } from './search/tool-search-ranker.js';
export { createHybridToolRanker, type CreateHybridToolRankerOptions, type EmbedTexts } from './search/create-hybrid-tool-ranker.js';

export {
  DEFAULT_MAX_LISTED_TOOLS,
  DEFAULT_MAX_QUERY_LENGTH,
  DEFAULT_MAX_SEARCH_RESULTS,
  createToolSearchTool,
  type CreateToolSearchToolOptions,
  type ToolSearchContext,
  type ToolSearchTool,
} from './client/create-tool-search-tool.js';
export {
  createToolCallCheck,
  type CreateToolCallCheckOptions,
  type ToolCall,
  type ToolCallCheck,
  type ToolCallCheckResult,
} from './client/create-tool-call-check.js';

export type { RevealStore, RevealStoreList } from './reveal/reveal-store.js';
export {
  DEFAULT_MAX_ADDED_TOOLS_PER_SESSION,
  DEFAULT_MAX_REVEAL_SESSIONS,
  DEFAULT_MAX_TOOLS_PER_SESSION,
  createMemoryRevealStore,
  type MemoryRevealStoreOptions,
} from './reveal/create-memory-reveal-store.js';

export type { TransformRequestOptions, TransformRequestResult } from './transform/request-transformer.js';

export {
  createToolSearch,
  type CreateToolSearchOptions,
  type ToolCallContext,
  type ToolCallHandling,
  type ToolSearch,
  type UnsupportedMechanismBehaviour,
} from './session/create-tool-search.js';
export { formatToolOutput } from './session/format-tool-output.js';
export type { RunTool, RunToolCall } from './session/run-tool.js';
export type { SessionToolSearchOptions } from './session/session-tool-search-options.js';
export type { SessionStreamOptions } from './session/session-stream-options.js';
export type { StreamAccumulator } from './session/stream-accumulator.js';
export type { ListItemOf, SessionRequest, SessionWarningCode } from './session/session-request.js';
export type { SessionStep, SessionToolCall, SessionToolCallToRun } from './session/session-step.js';
export { resolveToolShape, type ToolShape } from './tools/resolve-tool-shape.js';
