import { assertNever } from '../../errors/assert-never.js';
import type { ToolSearchWarning } from '../../plan/tool-search-plan.js';
import { createRecordCopy } from '../../records/create-record-copy.js';
import { TOOL_SEARCH_TOOL_DEFINITION, TOOL_SEARCH_TOOL_NAME, createToolSearchInputSchema } from '../../tools/tool-search-tool-definition.js';
import { compactDescription } from '../../client/compact-description.js';
import type { ToolList, ToolListEntry } from '../../request/request-tool-entry.js';
import type { RequestTools } from '../../request/request-tools.js';
import type { GroupedRequest as Grouped, RequestTool, RequestToolForm } from './resolve-grouping-api-request.js';
import { createCheckedToolNameMapping, isValidToolName, type ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import { keepWritten, type Written } from '../../request/request-decision.js';
import {
  OPENAI_RESPONSES_NAMESPACE_NAME_RULE,
  OPENAI_RESPONSES_RECOMMENDED_NAMESPACE_SIZE,
  OPENAI_RESPONSES_RESERVED_NAMESPACES,
  isOpenAIResponsesReservedNamespace,
} from './openai-responses-api.js';
import type { OpenAIResponsesBodyTool, OpenAIResponsesBodyTools } from './parse-openai-responses-tools.js';
import type { OpenAIResponsesWarningCode } from './openai-responses-warning.js';
import { quoteNames } from '../../text/quote-names.js';

/** The tools as written, and the namespace name sent for each group label. */
export interface WrittenOpenAIResponsesTools {
  readonly tools: readonly unknown[];
  readonly namespaceNames: ReadonlyMap<string, string>;
}

type Warnings = ToolSearchWarning<OpenAIResponsesWarningCode>[];

/**
 * The body's tools in the Responses wire, as the decision says: the groups as namespaces (hosted search or none), or the
 * client tool list flat (the client mechanism).
 *
 * The tools written last from `read` are sent again (as a copy in the body, with their warnings) while the decision's memo recalls the
 * same grouping for the same names: a session, which reads its agent's tools once, then writes the catalog's deferred
 * tools once per decision, not on every request.
 */
export function writeOpenAIResponsesTools(read: OpenAIResponsesBodyTools, decided: RequestTools, warnings: Warnings): WrittenOpenAIResponsesTools {
  const grouped = decided.grouped as Grouped;
  const { names } = decided;
  // The read holds it untyped: its type is the writer's.
  const held = read.written as { last?: Written<WrittenOpenAIResponsesTools, Warnings[number]> };
  return keepWritten(held, [names, grouped], warnings, (own) => writeGroupedTools(read, grouped, names, own));
}

/**
 * Hosted search or none: the decision's groups as namespaces, then the tools in the Responses order: top-level loaded
 * tools and other tools in body order, the namespaces sorted by the name sent, deferred top-level tools, the tool
 * search tool last.
 *
 * The client mechanism: flat (the decision groups nothing). The loaded functions keep their body place and the other
 * tools theirs (a custom tool under its flat name); the client list's other entries (`tool_search`, `call_tool`,
 * stubs, revealed tools) follow them.
 */
function writeGroupedTools(read: OpenAIResponsesBodyTools, decided: Grouped, names: ToolNameMapping, warnings: Warnings): WrittenOpenAIResponsesTools {
  const namespaceNames = resolveNamespaceNames(read, decided, names, warnings);
  const { list, flatNames } = decided;
  const functions = new Map<string, OpenAIResponsesBodyTool>();
  const top: unknown[] = [];
  const members = new Map<string, Record<string, unknown>[]>();
  const deferredTop: unknown[] = [];
  const movedOut: string[] = [];
  for (const [index, entry] of read.tools.entries()) {
    const request = decided.tools[index] as RequestTool;
    const { form, group } = decided.forms[index] as RequestToolForm;
    if (request.kind === 'planned') {
      functions.set(request.name, entry);
      if (form === 'omitted') continue;
      let tool = createFunctionTool(entry.tool, names.toWire(request.name), form === 'defer-loading');
      if (decided.compact && form === 'defer-loading' && typeof tool.description === 'string')
        tool = { ...tool, description: compactDescription(tool.description) };
      if (group !== undefined) push(members, group, tool);
      else if (form === 'defer-loading') deferredTop.push(tool);
      else top.push(tool);
    } else if (request.kind === 'unmanaged') {
      const name = flatNames?.get(index) ?? entry.tool.name;
      const tool = name === entry.tool.name ? entry.tool : { ...entry.tool, name };
      if (list === undefined && entry.namespace !== undefined && entry.tool.type !== 'function' && entry.tool.type !== 'custom')
        movedOut.push(`\`${String(entry.tool.type)}\` (${entry.path})`);
      if (group !== undefined) push(members, group, resolveUnmanagedTool(tool, form));
      else top.push(resolveUnmanagedTool(tool, form));
    }
  }
  if (list !== undefined) return { tools: [...top, ...writeClientListRest(read, decided, list, functions, names, warnings)], namespaceNames };
  if (movedOut.length > 0) {
    warnings.push({
      code: 'namespace-member-moved',
      message: `namespaces may hold only function and custom tools; ${movedOut.join(', ')} ${movedOut.length === 1 ? 'was' : 'were'} moved to the top level`,
    });
  }

  const descriptions = new Map<string, string>();
  for (const namespace of read.namespaces) {
    if (namespace.description !== undefined && !descriptions.has(namespace.name)) descriptions.set(namespace.name, namespace.description);
  }
  // Sorted by the name sent, not the label: a body an earlier transform wrote holds the names sent as labels, and must
  // come out in the same order.
  const namespaces = [...members.keys()]
    .sort((left, right) => compareText(namespaceNames.get(left) as string, namespaceNames.get(right) as string) || compareText(left, right))
    .map((label) => {
      const name = namespaceNames.get(label) as string;
      const tools = members.get(label) as Record<string, unknown>[];
      if (decided.oversized.has(label)) {
        warnings.push({
          code: 'namespace-over-recommended-size',
          message: `namespace \`${name}\` holds ${tools.length} tools; OpenAI recommends fewer than about ${OPENAI_RESPONSES_RECOMMENDED_NAMESPACE_SIZE} per namespace, so tool search loads fewer unneeded schemas. Split the category`,
        });
      }
      // The body's own description wins (also under the name an earlier transform gave the namespace).
      const description = descriptions.get(label) ?? descriptions.get(name) ?? `Tools for ${label}`;
      return { type: 'namespace', name, description, tools };
    });

  const tools: unknown[] = [...top, ...namespaces, ...deferredTop];
  const search = decided.search;
  if (search === undefined) return { tools, namespaceNames };
  tools.push(search.source === 'body' ? read.tools[search.index]?.tool : search.source === 'library' ? createClientSearchTool() : { type: 'tool_search' });
  if (
    top.some((tool) => ['function', 'custom'].includes((tool as { type?: string }).type ?? '') && (tool as { name?: unknown }).name === TOOL_SEARCH_TOOL_NAME)
  ) {
    warnings.push({
      code: 'search-tool-name-conflict',
      message: "a top-level tool is named `tool_search`, next to OpenAI's tool search tool of the same name; rename it so the model can tell them apart",
    });
  }
  return { tools, namespaceNames };
}

/**
 * The namespace name sent for each group label (a category such as `File Operations`, a body namespace, a name prefix):
 *
 * - A label the API accepts (`^[a-zA-Z0-9_-]+$`, up to 128 characters) is kept: `crm` → `crm`.
 * - Other characters become `_`: `File Operations` → `File_Operations`. When two labels end up with the same name, or
 *   a label had to be shortened, a short hash of the label is appended to each (`a b`, `a.b` → `a_b_1x2y3z`,
 *   `a_b_4u5v6w`), so the result depends only on the set of labels, never on their order.
 * - A namespace is never named like a reserved namespace ({@link OPENAI_RESPONSES_RESERVED_NAMESPACES}, compared
 *   case-insensitively) or like a blocked name: a top-level function or custom tool of the request (a deferred one is
 *   called in a namespace of its own name), an MCP server (a tool-search path of its own). Such a label gets a
 *   `_namespace` suffix: `terminal` → `terminal_namespace`.
 * - Labels only custom tools use (no function's group) are named after the others and never change their names: an
 *   earlier transform's output, which holds those namespaces under the names sent, gets the same names again.
 */
function resolveNamespaceNames(read: OpenAIResponsesBodyTools, decided: Grouped, names: ToolNameMapping, warnings: Warnings): Map<string, string> {
  const { forms, omitted } = decided;
  const labels = new Set<string>();
  for (const form of forms) if (form.group !== undefined) labels.add(form.group);
  // Without namespaces there is nothing to name, nor names to check them against.
  if (labels.size === 0) return new Map();
  // A deferred function the request leaves out comes back from a search as a top-level function, called in a
  // namespace of its own name: its name is blocked whether or not this body still holds it (its own output does not).
  const blocked = [...omitted].map((name) => names.toWire(name));
  for (const [index, entry] of read.tools.entries()) {
    const request = decided.tools[index] as RequestTool;
    if (forms[index]?.group !== undefined || forms[index]?.form === 'omitted') continue;
    if (request.kind === 'planned') blocked.push(names.toWire(request.name));
    else if (entry.tool.type === 'custom') blocked.push(entry.tool.name as string);
    else if (entry.tool.type === 'mcp' && typeof entry.tool.server_label === 'string') blocked.push(entry.tool.server_label);
  }
  // Labels only custom tools use are named after the functions' (they never change a function namespace's name).
  const functionLabels = new Set(decided.groups.values());
  const primary = [...labels].filter((label) => functionLabels.has(label));
  const later = [...labels].filter((label) => !functionLabels.has(label));
  const blockedNames = [...new Set(blocked)];
  const blockedSet = new Set(blockedNames);
  const isBlocked = (name: string): boolean => blockedSet.has(name) || isOpenAIResponsesReservedNamespace(name);
  // A label that must not be used as it is goes through the renaming path on purpose: the space is not allowed, so
  // `terminal namespace` becomes `terminal_namespace` (or that plus a hash when even that is taken).
  const candidates = new Map(
    [...labels].map((label) => [label, isBlocked(label) && isValidToolName(label, OPENAI_RESPONSES_NAMESPACE_NAME_RULE) ? `${label} namespace` : label]),
  );
  // Reserved names are compared case-insensitively, but the mapping compares exactly: `TOOL SEARCH` could still come
  // out as `TOOL_SEARCH`. Such labels take the suffixed form too. One more pass settles it: a `… namespace` candidate
  // is not allowed as it is, and the mapping never gives a renamed label a name it was handed (blocked or reserved).
  const nameLabels = (): Map<string, string> => {
    const mapping = createCheckedToolNameMapping(
      [...blockedNames, ...OPENAI_RESPONSES_RESERVED_NAMESPACES, ...primary.map((label) => candidates.get(label) as string)],
      OPENAI_RESPONSES_NAMESPACE_NAME_RULE,
      { secondary: later.map((label) => candidates.get(label) as string) },
    );
    return new Map([...primary, ...later].map((label) => [label, mapping.toWire(candidates.get(label) as string)]));
  };
  const first = nameLabels();
  // A secondary label kept as it is may equal a name a first label was given: it gives way too.
  const firstNames = new Set(primary.map((label) => first.get(label) as string));
  const clashing = [...labels].filter(
    (label) => isBlocked(first.get(label) as string) || (!functionLabels.has(label) && firstNames.has(first.get(label) as string)),
  );
  for (const label of clashing) candidates.set(label, `${candidates.get(label) as string} namespace`);
  const namespaceNames = clashing.length === 0 ? first : nameLabels();
  const renamed = [...new Set(read.namespaces.map((namespace) => namespace.name))].filter((name) => labels.has(name) && namespaceNames.get(name) !== name);
  if (renamed.length > 0) {
    warnings.push({
      code: 'namespace-renamed',
      message: `namespace ${renamed.map((name) => `\`${name}\` is sent as \`${namespaceNames.get(name) as string}\``).join(', ')} (the API accepts letters, digits, \`_\` and \`-\`, and reserved or top-level function names are avoided); calls come back with the new namespace`,
    });
  }
  return namespaceNames;
}

function push(map: Map<string, Record<string, unknown>[]>, key: string, value: Record<string, unknown>): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** Code-unit order, like the seed's byte-sorted namespaces: stable across runtimes and locales. */
function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The library's search tool: executed by the caller, with this package's description and `query` argument. */
function createClientSearchTool(): Record<string, unknown> {
  return { type: 'tool_search', execution: 'client', description: TOOL_SEARCH_TOOL_DEFINITION.description, parameters: createToolSearchInputSchema() };
}

/**
 * The client mechanism's tools after the body's own (flat): the client list's other entries (`tool_search`,
 * `call_tool`, stubs, revealed tools), then the body's kept tool search tool; warns that namespaces were dissolved.
 */
function writeClientListRest(
  read: OpenAIResponsesBodyTools,
  decided: Grouped,
  list: ToolList,
  functions: ReadonlyMap<string, OpenAIResponsesBodyTool>,
  names: ToolNameMapping,
  warnings: Warnings,
): unknown[] {
  const rest = list.tools.filter((entry) => entry.status !== 'loaded').map((entry) => clientTool(entry, functions, names));
  if (decided.search?.source === 'body') rest.push(read.tools[decided.search.index]?.tool);
  if (read.namespaces.length > 0) {
    const qualified = [...(decided.flatNames ?? [])].filter(([index, name]) => name !== read.tools[index]?.tool.name).map(([, name]) => name);
    warnings.push({
      code: 'namespaces-flattened',
      message:
        `the client-side mechanism sends namespaced functions as top-level functions (namespace ${quoteNames(read.namespaces.map((namespace) => namespace.name))} dissolved); their calls come back without a \`namespace\`` +
        (qualified.length === 0 ? '' : `; custom tools whose names would clash are sent as ${quoteNames(qualified)} (\`namespace.name\`)`),
    });
  }
  return rest;
}

/** One `tool_search`, stub or revealed entry of the client tool list as a Responses function tool. */
function clientTool(entry: ToolListEntry, functions: ReadonlyMap<string, OpenAIResponsesBodyTool>, names: ToolNameMapping): unknown {
  const name = names.toWire(entry.name);
  switch (entry.status) {
    case 'revealed':
    case 'loaded':
      return createFunctionTool((functions.get(entry.name) as OpenAIResponsesBodyTool).tool, name, false);
    case 'search':
    case 'call':
    case 'deferred': {
      // A stub is an open object: strict mode would reject it, and the model may still infer the right arguments.
      // Built field by field, not with conditional spreads: this runs for every deferred tool of every request.
      const stub: Record<string, unknown> = { type: 'function', name };
      if (entry.description !== undefined) stub.description = entry.description;
      stub.parameters = entry.inputSchema;
      stub.strict = false;
      const callers = entry.status === 'deferred' ? functions.get(entry.name)?.tool.allowed_callers : undefined;
      if (callers !== undefined) stub.allowed_callers = callers;
      return stub;
    }
    default:
      return assertNever(entry.status, 'tool list status');
  }
}

/** A body function tool under its wire name, with `defer_loading: true` when deferred and without it otherwise. */
function createFunctionTool(tool: Readonly<Record<string, unknown>>, name: string, deferred: boolean): Record<string, unknown> {
  // Most tools have no `defer_loading`: a plain spread then does, at a fraction of the cost of object rest.
  const rest = 'defer_loading' in tool ? withoutDeferLoading(tool) : tool;
  return deferred ? createRecordCopy(rest, { name, defer_loading: true }) : { ...rest, name };
}

function withoutDeferLoading(tool: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const { defer_loading: _deferLoading, ...rest } = tool;
  return rest;
}

/** A tool the plan does not manage: as the caller wrote it, or without `defer_loading` when nothing sent could load it. */
function resolveUnmanagedTool(tool: Readonly<Record<string, unknown>>, form: RequestToolForm['form'] | undefined): Readonly<Record<string, unknown>> {
  return form === 'undeferred' && tool.defer_loading !== undefined ? withoutDeferLoading(tool) : tool;
}
