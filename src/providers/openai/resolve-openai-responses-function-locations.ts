import { isRecord } from '../../records/is-record.js';

/**
 * Where the functions of a Responses request can be called: in the default namespace (a plain top-level function or
 * custom tool), or in named namespaces. This decides whether a replayed `function_call` needs its `namespace`.
 */
export interface OpenAIResponsesFunctionLocations {
  /** Names callable without a namespace: top-level function and custom tools without `defer_loading`. */
  readonly topLevel: ReadonlySet<string>;
  /**
   * For each name, the namespaces it is callable in, in the order found: the namespaces holding it, and, for a
   * deferred top-level function, its own name (the API calls it in a namespace named like the function).
   */
  readonly namespaces: ReadonlyMap<string, readonly string[]>;
}

/**
 * Finds where every function of a request lives, from its `tools` and, when given, from the tools its history loaded
 * or added (`tool_search_output` and `additional_tools` items, including compact `tool_reference` entries), for
 * function tools (what a `function_call` can name), custom tools (a `custom_tool_call`) and both (`all`), in one walk
 * over the tools and the history. Total: anything that is not shaped like a tool or an item is skipped, so it can run
 * on a body nobody has checked.
 */
export function resolveOpenAIResponsesToolLocations(tools: unknown, input?: unknown): Record<'all' | 'function' | 'custom', OpenAIResponsesFunctionLocations> {
  const buckets = { all: createLocations(), function: createLocations(), custom: createLocations() };
  // A function or custom tool counts in its kind's bucket and in `all`; a `tool_reference` names a function.
  const bucketsOf = (type: unknown) => (type === 'function' ? [buckets.all, buckets.function] : type === 'custom' ? [buckets.all, buckets.custom] : []);
  const walk = (list: unknown): void => {
    if (!Array.isArray(list)) return;
    for (const tool of list) {
      if (!isRecord(tool)) continue;
      if (tool.type === 'namespace' && typeof tool.name === 'string' && Array.isArray(tool.tools)) {
        for (const member of tool.tools) {
          if (isRecord(member) && typeof member.name === 'string') for (const bucket of bucketsOf(member.type)) bucket.addNamespace(member.name, tool.name);
        }
      } else if ((tool.type === 'function' || tool.type === 'custom') && typeof tool.name === 'string') {
        for (const bucket of bucketsOf(tool.type)) {
          if (tool.defer_loading === true) bucket.addNamespace(tool.name, tool.name);
          else bucket.topLevel.add(tool.name);
        }
      } else if (tool.type === 'tool_reference' && typeof tool.function_name === 'string' && typeof tool.namespace === 'string') {
        for (const bucket of bucketsOf('function')) bucket.addNamespace(tool.function_name, tool.namespace);
      }
    }
  };
  walk(tools);
  if (Array.isArray(input)) {
    for (const item of input) {
      if (isRecord(item) && (item.type === 'tool_search_output' || item.type === 'additional_tools')) walk(item.tools);
    }
  }
  return { all: buckets.all.locations, function: buckets.function.locations, custom: buckets.custom.locations };
}

function createLocations() {
  const topLevel = new Set<string>();
  const namespaces = new Map<string, string[]>();
  const addNamespace = (name: string, namespace: string): void => {
    const list = namespaces.get(name) ?? [];
    if (!list.includes(namespace)) list.push(namespace);
    namespaces.set(name, list);
  };
  return { topLevel, addNamespace, locations: { topLevel, namespaces } as OpenAIResponsesFunctionLocations };
}

/**
 * The namespace a call of `name` needs: `null` when the name is callable in the default namespace, the one namespace
 * it lives in, or `undefined` when it is unknown or lives in several namespaces (ambiguous).
 */
export function resolveOpenAIResponsesCallNamespace(locations: OpenAIResponsesFunctionLocations, name: string): string | null | undefined {
  if (locations.topLevel.has(name)) return null;
  const found = locations.namespaces.get(name);
  return found !== undefined && found.length === 1 ? found[0] : undefined;
}
