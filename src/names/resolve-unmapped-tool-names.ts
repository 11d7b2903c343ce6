import { isValidToolName } from './create-tool-name-mapping.js';
import type { ToolNameRule } from './tool-name-rule.js';

/**
 * The names a history uses that a mapping built from the tools does not know and the API would reject (a call of a
 * tool no longer sent, kept in the caller's spelling): a transformer adds them to its mapping so they are renamed too.
 * None in most requests.
 */
export function resolveUnmappedToolNames(used: readonly string[], known: readonly string[], rule: ToolNameRule): string[] {
  if (used.length === 0) return [];
  const knownSet = new Set(known);
  return used.filter((name) => !knownSet.has(name) && !isValidToolName(name, rule));
}
