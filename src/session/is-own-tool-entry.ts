import { CALL_TOOL_DEFINITION, TOOL_SEARCH_TOOL_DEFINITION } from '../tools/tool-search-tool-definition.js';
import { isRecord } from '../records/is-record.js';

/** The descriptions of the tools the package adds; no caller writes them by hand. */
const OWN_DESCRIPTIONS: ReadonlySet<unknown> = new Set([TOOL_SEARCH_TOOL_DEFINITION.description, CALL_TOOL_DEFINITION.description]);

/**
 * Whether a tool entry of any wire API's shape is one the package's transformers write: its `tool_search` or
 * `call_tool` (a Responses or Anthropic tool, Chat's `function`, a Gemini declaration, a Converse `toolSpec`) or the client-executed
 * `{ type: 'tool_search' }` of OpenAI's hosted mechanism, recognised by the package's own description. A body
 * holding one is a body `prepare` already returned. Not part of the public API.
 */
export function isOwnToolEntry(tool: unknown): boolean {
  if (!isRecord(tool)) return false;
  if (OWN_DESCRIPTIONS.has(tool.description)) return true;
  if (isRecord(tool.function) && OWN_DESCRIPTIONS.has(tool.function.description)) return true;
  if (isRecord(tool.toolSpec) && OWN_DESCRIPTIONS.has(tool.toolSpec.description)) return true;
  return (
    Array.isArray(tool.functionDeclarations) &&
    tool.functionDeclarations.some((declaration: unknown) => isRecord(declaration) && OWN_DESCRIPTIONS.has(declaration.description))
  );
}
