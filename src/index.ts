/**
 * tool-search: deferred tool loading for any agent loop.
 *
 * The core is provider-neutral: configuration, tool definitions and the plan. Each wire API has its own subpath
 * export (`tool-search/openai`, `tool-search/anthropic`, `tool-search/gemini`, `tool-search/bedrock`), with a session
 * API per wire API (`createOpenAIResponsesToolSearch`, …) built on the core's `createToolSearch`; `tool-search/ai-sdk`,
 * `tool-search/langchain` and `tool-search/openai-agents` integrate agent frameworks.
 *
 * This entry holds what a user calls: the plan, the session core, the tool catalog and MCP helpers, the client-side
 * pieces of a loop of one's own (search, call check, reveal store) and the error class. Rule ids, name rules,
 * guidance text and ranking constants are internal.
 *
 * @packageDocumentation
 */
export { ToolSearchError, isToolSearchError, type ToolSearchErrorCode } from './errors/tool-search-error.js';
export type { ToolSearchConfigError, ToolSearchConfigIssue } from './errors/tool-search-config-error.js';

export type { DeferrablePolicy, JSONSchemaObject, ToolDefinition, ToolDefinitionsInput } from './tools/tool-definition.js';
export { createToolCatalog } from './catalog/create-tool-catalog.js';
export type { ToolCatalog } from './catalog/tool-catalog.js';
export { createToolDefinition, type CreateToolDefinitionOptions } from './tools/create-tool-definition.js';
export { createMCPToolCatalog, type MCPServerTool, type MCPToolCatalog } from './tools/create-mcp-tool-catalog.js';

export type { ToolPredictionRequest, ToolPredictionSettings, ToolSearchConfig, ToolSearchConfigInput } from './config/tool-search-config.js';
export { parseToolSearchConfig, type ToolSearchConfigOverrides } from './config/parse-tool-search-config.js';
export type { ModelReference, WireAPI } from './models/model-reference.js';
export { createToolPredictor, type ToolPredictor } from './request/create-tool-predictor.js';

export type { PlannedTool, ToolSearchMechanism, ToolSearchPlan, ToolSearchWarning } from './plan/tool-search-plan.js';
export { resolveToolSearch } from './plan/resolve-tool-search.js';
export type { ToolNameMapping } from './names/create-tool-name-mapping.js';

export { createToolIndex, type ToolIndex, type ToolIndexOptions, type ToolSearchHit } from './search/create-tool-index.js';
export type { ToolSearchRanker, ToolSearchRankingRequest } from './search/tool-search-ranker.js';
export { createHybridToolRanker, type CreateHybridToolRankerOptions, type EmbedTexts } from './search/create-hybrid-tool-ranker.js';

export { createToolSearchTool, type CreateToolSearchToolOptions, type ToolSearchContext, type ToolSearchTool } from './client/create-tool-search-tool.js';
export { formatToolSearchResult, type ToolSearchResult } from './client/tool-search-result.js';
export { resolveNativeSearchResult, type NativeSearchResult } from './client/resolve-native-search-result.js';
export {
  createToolCallCheck,
  type CreateToolCallCheckOptions,
  type ToolCall,
  type ToolCallCheck,
  type ToolCallCheckResult,
} from './client/create-tool-call-check.js';
export type { RevealStore, RevealStoreList } from './reveal/reveal-store.js';
export { createMemoryRevealStore, type MemoryRevealStoreOptions } from './reveal/create-memory-reveal-store.js';

export { createToolSearch, type CreateToolSearchOptions, type ToolCallHandling, type ToolSearch } from './session/create-tool-search.js';
export type { RunTool } from './session/run-tool.js';
export type { SessionToolSearchOptions } from './session/session-tool-search-options.js';
export type { SessionStreamOptions } from './session/session-stream-options.js';
export type { StreamAccumulator } from './session/stream-accumulator.js';
export type { SessionRequest } from './session/session-request.js';
export type { SessionStep, SessionToolCall, SessionToolCallToRun } from './session/session-step.js';
