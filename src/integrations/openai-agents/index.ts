/**
 * `tool-search/openai-agents`: tool search for the OpenAI Agents SDK (`@openai/agents`, an optional peer dependency of
 * this subpath only). `createOpenAIAgentsToolSearch` gives an `Agent`'s tools and instructions per model and session:
 * OpenAI's hosted tool search with the library's ranking through the SDK's own `toolSearchTool` on the Responses API
 * (GPT-5.4 and newer), the client-side `tool_search` and `call_tool` function tools everywhere else.
 *
 * @packageDocumentation
 */
export {
  createOpenAIAgentsToolSearch,
  type CreateOpenAIAgentsToolSearchOptions,
  type OpenAIAgentsToolSearch,
  type OpenAIAgentsToolSearchPrepareOptions,
  type OpenAIAgentsToolSearchSettings,
  type OpenAIAgentsToolSearchWarningCode,
} from './create-openai-agents-tool-search.js';
