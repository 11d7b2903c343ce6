import { LRUCache } from 'lru-cache';
import { createArgumentValidator, type ArgumentValidator } from '../client/create-argument-validator.js';
import { TOOL_SEARCH_TOOL_NAME } from '../client/tool-search-tool-definition.js';
import { resolveOwnToolNames } from '../plan/resolve-own-tools-sent.js';
import { createToolIndex, type ToolIndex } from '../search/create-tool-index.js';
import { parseToolDefinitions } from '../tools/parse-tool-definitions.js';
import type { ToolDefinition, ToolDefinitionsInput } from '../tools/tool-definition.js';
import type { ToolCatalog } from './tool-catalog.js';

/** How many compiled argument validators a catalog keeps (the tools called last). */
const MAX_CACHED_VALIDATORS = 512;

/** The catalogs this module made: a catalog given where a tool list is expected is used as it is, not parsed again. */
const CATALOGS = new WeakSet<object>();

/**
 * Parses an agent's tools once into a {@link ToolCatalog}: the definitions checked by `parseToolDefinitions` and
 * frozen in input order, with what every part needs from them (the by-name map, the plan's tool-list key, the
 * package's own tool names, what `tool_search` searches, its index and the argument validators), each made on first use. Given a catalog,
 * returns it as it is, so a function that takes either parses a plain list once and a catalog never.
 *
 * Throws what `parseToolDefinitions` throws (`invalid-tools`, naming every offending tool).
 *
 * @example
 * ```ts
 * import { createToolCatalog, createToolSearchTool, resolveToolSearch } from 'tool-search';
 * const catalog = createToolCatalog(await mcpClient.listTools());
 * const plan = resolveToolSearch({ id: 'gpt-5.4', api: 'openai-responses' }, catalog);
 * const search = createToolSearchTool({ tools: catalog, store });
 * ```
 */
export function createToolCatalog(tools: ToolDefinitionsInput | ToolCatalog): ToolCatalog {
  if (isToolCatalog(tools)) return tools;
  const definitions = Object.freeze(parseToolDefinitions(tools).slice());
  const indexes = new Map<number, ToolIndex>();
  // What a part needs is made on its first use: a catalog made for one call (a plain list given to a low-level
  // function) costs the parse and nothing more.
  const names = once(() => Object.freeze(definitions.map((tool) => tool.name)));
  const byName = once((): ReadonlyMap<string, ToolDefinition> => new Map(definitions.map((tool) => [tool.name, tool])));
  const key = once(() => resolveToolListKey(definitions));
  const own = once(() => resolveOwnToolNames(names()));
  // Compiled on first use and kept per tool, up to a bound: a catalog of thousands of tools compiles only those called.
  const validators = once(
    () => new LRUCache<string, { readonly validator: ArgumentValidator | null }>({ maxSize: MAX_CACHED_VALIDATORS, sizeCalculation: () => 1 }),
  );
  // `tool_search` never returns itself: a caller tool of that name is left out of what it searches.
  const searchable = once(() =>
    byName().has(TOOL_SEARCH_TOOL_NAME) ? createToolCatalog(definitions.filter((tool) => tool.name !== TOOL_SEARCH_TOOL_NAME)) : catalog,
  );
  const catalog: ToolCatalog = {
    tools: definitions,
    get byName() {
      return byName();
    },
    get names() {
      return names();
    },
    get key() {
      return key();
    },
    get own() {
      return own();
    },
    get searchable() {
      return searchable();
    },
    index(maxResults) {
      let index = indexes.get(maxResults);
      if (index === undefined) {
        index = createToolIndex(catalog, { maxResults });
        indexes.set(maxResults, index);
      }
      return index;
    },
    validatorFor(tool) {
      let entry = validators().get(tool.name);
      if (entry === undefined) {
        entry = { validator: createArgumentValidator(tool.inputSchema) };
        validators().set(tool.name, entry);
      }
      return entry.validator;
    },
  };
  CATALOGS.add(catalog);
  return Object.freeze(catalog);
}

/** Whether a value is a catalog made by {@link createToolCatalog} (in this copy of the package). */
export function isToolCatalog(value: unknown): value is ToolCatalog {
  return typeof value === 'object' && value !== null && CATALOGS.has(value);
}

/** The value `make` returns, made on the first call and kept. */
function once<Value>(make: () => Value): () => Value {
  let made: { readonly value: Value } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/** What the plan depends on in a tool list: names, policies and categories, in order (schemas do not change it). */
function resolveToolListKey(tools: readonly ToolDefinition[]): string {
  let key = '';
  for (const tool of tools) key += `${tool.name}\u0001${tool.deferrable ?? ''}\u0001${tool.category ?? ''}\u0000`;
  return key;
}
