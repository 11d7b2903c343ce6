import { assertNever } from '../../errors/assert-never.js';
import type { ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import type { ToolList, ToolListEntry } from '../../request/request-tool-entry.js';
import type { RequestTool } from '../../request/request-tools.js';
import type { OpenAIResponsesBodyTool } from './parse-openai-responses-tools.js';
import type { WriteContext, WrittenTools } from './openai-responses-write-context.js';
import { createOpenAIResponsesFunctionTool, resolveOpenAIResponsesUnmanagedTool } from './create-openai-responses-function-tool.js';

/**
 * The client mechanism: flat. The loaded functions keep their body place and the other tools theirs; the client list's
 * other entries (`tool_search`, `call_tool`, stubs, revealed tools) follow them.
 */
export function writeOpenAIResponsesClientTools(context: WriteContext, list: ToolList, flatNames: ReadonlyMap<number, string>): WrittenTools {
  const { read, tools, decided, names, warnings } = context;
  const functions = new Map<string, OpenAIResponsesBodyTool>();
  const top: unknown[] = [];
  for (const [index, entry] of read.tools.entries()) {
    const request = tools[index] as RequestTool;
    const form = decided.forms[index]?.form;
    if (request.kind === 'planned') {
      functions.set(request.name, entry);
      if (form === 'loaded') top.push(createOpenAIResponsesFunctionTool(entry.tool, names.toWire(request.name), false));
    } else if (entry.kind === 'custom') {
      const name = flatNames.get(index) as string;
      top.push(resolveOpenAIResponsesUnmanagedTool(name === entry.tool.name ? entry.tool : { ...entry.tool, name }, form));
    } else if (entry.kind === 'provider') top.push(resolveOpenAIResponsesUnmanagedTool(entry.tool, form));
  }
  const rest = list.tools.filter((entry) => entry.status !== 'loaded').map((entry) => clientTool(entry, functions, names));
  const kept = decided.search?.source === 'body' ? [read.tools[decided.search.index]?.tool] : [];
  if (read.namespaces.length > 0) {
    const qualified = [...flatNames.entries()].filter(([index, name]) => name !== read.tools[index]?.tool.name).map(([, name]) => name);
    warnings.push({
      code: 'namespaces-flattened',
      message:
        `the client-side mechanism sends namespaced functions as top-level functions (namespace ${quote(read.namespaces.map((namespace) => namespace.name))} dissolved); their calls come back without a \`namespace\`` +
        (qualified.length === 0 ? '' : `; custom tools whose names would clash are sent as ${quote(qualified)} (\`namespace.name\`)`),
    });
  }
  return { tools: [...top, ...rest, ...kept], namespaceNames: new Map() };
}

/** One `tool_search`, stub or revealed entry of the client tool list as a Responses function tool. */
function clientTool(entry: ToolListEntry, functions: ReadonlyMap<string, OpenAIResponsesBodyTool>, names: ToolNameMapping): unknown {
  const name = names.toWire(entry.name);
  switch (entry.status) {
    case 'revealed':
    case 'loaded':
      return createOpenAIResponsesFunctionTool((functions.get(entry.name) as OpenAIResponsesBodyTool).tool, name, false);
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

function quote(names: readonly string[]): string {
  return names.map((name) => `\`${name}\``).join(', ');
}
