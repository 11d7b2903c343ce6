/**
 * `tool-search/langchain`: tool search for LangChain.js v1 agents (`createAgent` from `langchain`, an optional peer
 * dependency of this subpath only). `createLangChainToolSearch` is a middleware: it defers the agent's tools per the
 * plan for the agent's chat model, answers `tool_search`, checks calls of deferred tools against their full schemas,
 * and uses OpenAI's or Anthropic's hosted tool search, or native tool additions, where the chat model has them.
 *
 * @packageDocumentation
 */
export { createLangChainToolSearch, type CreateLangChainToolSearchOptions, type LangChainToolSearch } from './create-langchain-tool-search.js';
