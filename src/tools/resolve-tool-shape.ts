import { isRecord } from '../records/is-record.js';
import { splitWords } from '../text/split-words.js';

/**
 * The wire shape one tool entry is written in, read from its fields alone.
 *
 * - `openai-responses`: a Responses tool: `{ type: 'function', name, parameters }` (no `function` wrapper),
 *   `{ type: 'namespace', name, tools }`, `{ type: 'custom', name, format? }`.
 * - `openai-chat`: a Chat Completions tool: `{ type: 'function', function: { name, parameters } }` or
 *   `{ type: 'custom', custom: { name } }`.
 * - `anthropic-messages`: a Messages API custom tool: `{ name, description, input_schema }`.
 * - `gemini`: a Gemini tool: `{ functionDeclarations: [...] }` or a built-in tool (`{ googleSearch: {} }`, …).
 * - `gemini-declaration`: one Gemini function declaration, not wrapped in a tool: `{ name, parameters }` or
 *   `{ name, parametersJsonSchema }`.
 * - `bedrock-converse`: an Amazon Bedrock Converse tool: `{ toolSpec: { name, inputSchema: { json } } }`, `{ cachePoint }` or
 *   `{ systemTool }`.
 * - `mcp`: an MCP `tools/list` entry (this package's `ToolDefinition`): `{ name, description, inputSchema }`.
 * - `provider`: any other entry with a string `type`: a provider's own tool (web search, bash, MCP toolsets, …), which
 *   only its API knows.
 * - `unknown`: none of these (not an object, or an object none of the fields above identify).
 */
export type ToolShape =
  | 'openai-responses'
  | 'openai-chat'
  | 'anthropic-messages'
  | 'gemini'
  | 'gemini-declaration'
  | 'bedrock-converse'
  | 'mcp'
  | 'provider'
  | 'unknown';

/** The keys of a Gemini `Tool` that hold a built-in tool (`@google/genai`'s `Tool`). */
const GEMINI_TOOL_KEYS: readonly string[] = /* @__PURE__ */ splitWords(
  'functionDeclarations googleSearch googleSearchRetrieval codeExecution urlContext retrieval computerUse fileSearch googleMaps',
  'enterpriseWebSearch mcpServers',
);

/**
 * The wire shape of one tool entry (see {@link ToolShape}). Never throws.
 *
 * @example
 * ```ts
 * import { resolveToolShape } from 'tool-search';
 * resolveToolShape({ type: 'function', function: { name: 'get_weather', parameters: {} } }); // 'openai-chat'
 * ```
 */
export function resolveToolShape(tool: unknown): ToolShape {
  if (!isRecord(tool)) return 'unknown';
  const { type } = tool;
  if (type === 'function') return isRecord(tool.function) ? 'openai-chat' : 'openai-responses';
  if (type === 'namespace') return 'openai-responses';
  if (type === 'custom') {
    if (isRecord(tool.custom)) return 'openai-chat';
    return 'input_schema' in tool ? 'anthropic-messages' : 'openai-responses';
  }
  if (typeof type === 'string') return 'provider';
  if ('input_schema' in tool) return 'anthropic-messages';
  if (isRecord(tool.toolSpec) || isRecord(tool.cachePoint) || isRecord(tool.systemTool)) return 'bedrock-converse';
  if ('inputSchema' in tool) return 'mcp';
  if (GEMINI_TOOL_KEYS.some((key) => key in tool)) return 'gemini';
  if (typeof tool.tool === 'function' && typeof tool.callTool === 'function') return 'gemini';
  if (typeof tool.name === 'string' && ('parameters' in tool || 'parametersJsonSchema' in tool)) return 'gemini-declaration';
  return 'unknown';
}
