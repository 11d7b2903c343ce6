import type { ModelPlatform } from '../models/model-reference.js';
import type { CreateToolSearchOptions } from './create-tool-search.js';

/**
 * What every session-API factory takes (`createOpenAIResponsesToolSearch`, …); each adds its API's own options.
 * `config`, `store`, `unsupported` and `rank` are {@link CreateToolSearchOptions}' (the store is shared by every session
 * of the agent).
 */
export interface SessionToolSearchOptions<Tool = unknown> extends Omit<CreateToolSearchOptions, 'tools'> {
  /**
   * Every tool the agent may send, in the API's own tool format, with full schemas and your names: the catalog
   * `tool_search` searches and calls are checked against. A body without tools is sent with these; a body with tools
   * may send any subset of them. Each factory types it as its SDK's tool type; a list in another API's shape is an
   * `invalid-tools` error naming the right entry point, and a zod schema where JSON Schema belongs is converted as
   * `createToolDefinition` converts it.
   */
  readonly tools: readonly Tool[];
  /**
   * The model, for bodies without `model` (Gemini's REST body). The body's `model` wins. Needed on Responses and
   * Anthropic, where the model picks the mechanism, unless the configuration is `mechanism: 'client'`.
   * @default the body's `model`
   */
  readonly model?: string | undefined;
  /**
   * The platform that serves the model, as `resolveToolSearch` takes it: `bedrock` or `vertex` for Claude served there
   * (Anthropic's hosted search, tool additions by reference), and `gateway` for any proxy, router or custom base URL, where
   * `reveal: 'auto'` keeps loaded schemas in the conversation, as whether the gateway passes a tool addition on is not
   * documented. @default the platform the model id names (a first-party id: its provider's own API)
   */
  readonly platform?: ModelPlatform | undefined;
}
