import { isRecord } from '../../records/is-record.js';
import { resolveDeclaredFunctions } from './create-openai-responses-additional-tools.js';

/**
 * The function names a Responses history added to the conversation, in the order its `additional_tools` items add
 * them (each name once): every function tool of a `developer` item, top-level or inside a namespace. This is the
 * neutral list the request decision takes (what is already loaded in the conversation, so not sent in `tools` again,
 * and called by its own name); nothing removes an added tool, so the list only grows. Names are as written in the items
 * (the wire names a transformer sent); the transformer maps them to the caller's. Custom tools are not in the list
 * (the plan manages function tools only), nor are items of another role (the API supports `developer` only; the
 * preflight flags them). Total: anything that is not an item or a tool is skipped.
 *
 * @example
 * ```ts
 * readOpenAIResponsesAddedTools([
 *   { type: 'additional_tools', role: 'developer', tools: [{ type: 'function', name: 'get_weather', parameters: {}, strict: true }] },
 * ]); // ['get_weather']
 * ```
 * @see https://developers.openai.com/api/docs/guides/tools-tool-search
 */
export function readOpenAIResponsesAddedTools(input: unknown): string[] {
  const added = new Set<string>();
  for (const item of Array.isArray(input) ? input : []) {
    if (isRecord(item) && item.type === 'additional_tools' && item.role === 'developer')
      for (const name of resolveDeclaredFunctions(item.tools).keys()) added.add(name);
  }
  return [...added];
}
