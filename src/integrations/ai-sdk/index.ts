/**
 * `tool-search/ai-sdk`: tool search for Vercel AI SDK apps (`ai` 6 or 7, an optional peer dependency of this subpath
 * only). `createAISDKToolSearch` gives the tool set and system text for `generateText` / `streamText` per model:
 * the client-side `tool_search` on every model, OpenAI's and Anthropic's hosted tool search through the AI SDK's own
 * provider options and provider tools where the model has it.
 *
 * @packageDocumentation
 */
export {
  createAISDKToolSearch,
  type AISDKToolSearch,
  type AISDKToolSearchPrepareOptions,
  type AISDKToolSearchSettings,
  type AISDKToolSearchWarningCode,
  type CreateAISDKToolSearchOptions,
} from './create-ai-sdk-tool-search.js';
