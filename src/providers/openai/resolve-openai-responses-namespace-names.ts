import { createToolNameMapping, isValidToolName } from '../../names/create-tool-name-mapping.js';
import { OPENAI_RESPONSES_NAMESPACE_NAME_RULE, OPENAI_RESPONSES_RESERVED_NAMESPACES, isOpenAIResponsesReservedNamespace } from './openai-responses-api.js';

/**
 * The namespace name to send for each group label (a category such as `File Operations`, or a name prefix).
 *
 * - A label the API accepts (`^[a-zA-Z0-9_-]+$`, up to 128 characters) is kept: `crm` → `crm`.
 * - Other characters become `_`: `File Operations` → `File_Operations`. When two labels end up with the same name, or
 *   a label had to be shortened, a short hash of the label is appended to each (`a b`, `a.b` → `a_b_1x2y3z`,
 *   `a_b_4u5v6w`), so the result depends only on the set of labels, never on their order.
 * - A namespace is never named like a reserved namespace ({@link OPENAI_RESPONSES_RESERVED_NAMESPACES}, compared
 *   case-insensitively) or like a name in `blocked` (the top-level function and custom tool names of the same
 *   request: a deferred top-level function is called in a namespace of its own name). Such a label gets a
 *   `_namespace` suffix: `terminal` → `terminal_namespace`.
 *
 * - `secondary` labels (namespaces that hold only tools the plan does not know, such as custom tools) are named after
 *   the others and never change their names: an earlier transform's output, which holds those namespaces under the
 *   names sent, gets the same names again.
 *
 * Pure: equal inputs give equal maps.
 *
 * @example
 * ```ts
 * import { resolveOpenAIResponsesNamespaceNames } from 'tool-search/openai';
 * resolveOpenAIResponsesNamespaceNames(['File Operations', 'terminal']);
 * // Map { 'File Operations' => 'File_Operations', 'terminal' => 'terminal_namespace' }
 * ```
 */
export function resolveOpenAIResponsesNamespaceNames(
  labels: Iterable<string>,
  blocked: Iterable<string> = [],
  secondary: Iterable<string> = [],
): Map<string, string> {
  const primary = new Set(labels);
  const later = [...new Set(secondary)].filter((label) => !primary.has(label));
  const unique = [...primary, ...later];
  // No label, no namespace to name (the usual case for tools without categories); skip mapping the blocked names.
  if (unique.length === 0) return new Map();
  const blockedNames = [...new Set(blocked)];
  const blockedSet = new Set(blockedNames);
  const isBlocked = (name: string): boolean => blockedSet.has(name) || isOpenAIResponsesReservedNamespace(name);
  // A label that must not be used as it is goes through the renaming path on purpose: the space is not allowed, so
  // `terminal namespace` becomes `terminal_namespace` (or that plus a hash when even that is taken).
  const candidates = new Map(
    unique.map((label) => [label, isBlocked(label) && isValidToolName(label, OPENAI_RESPONSES_NAMESPACE_NAME_RULE) ? `${label} namespace` : label]),
  );
  // Reserved names are compared case-insensitively, but the mapping compares exactly: `TOOL SEARCH` could still come
  // out as `TOOL_SEARCH`. Such labels take the suffixed form too. One more pass settles it: a `… namespace` candidate
  // is not allowed as it is, and the mapping never gives a renamed label a name it was handed (blocked or reserved).
  const names = (): Map<string, string> => {
    const mapping = createToolNameMapping(
      [...blockedNames, ...OPENAI_RESPONSES_RESERVED_NAMESPACES, ...[...primary].map((label) => candidates.get(label) as string)],
      OPENAI_RESPONSES_NAMESPACE_NAME_RULE,
      { secondary: later.map((label) => candidates.get(label) as string) },
    );
    return new Map(unique.map((label) => [label, mapping.toWire(candidates.get(label) as string)]));
  };
  const first = names();
  // A secondary label kept as it is may equal a name a first label was given: it gives way too.
  const firstNames = new Set([...primary].map((label) => first.get(label) as string));
  const clashing = unique.filter((label) => isBlocked(first.get(label) as string) || (!primary.has(label) && firstNames.has(first.get(label) as string)));
  if (clashing.length === 0) return first;
  for (const label of clashing) candidates.set(label, `${candidates.get(label) as string} namespace`);
  return names();
}
