import { TOOL_SEARCH_TOOL_NAME } from '../tools/tool-search-tool-definition.js';
import { resolveOwnToolNames, type OwnToolNames } from '../tools/resolve-own-tool-names.js';
import { parseToolDefinitions } from '../tools/parse-tool-definitions.js';
import { PARSED_TOOLS } from '../tools/parse-catalog-tools.js';
import type { ToolDefinition, ToolDefinitionsInput } from '../tools/tool-definition.js';
import type { ToolCatalog } from './tool-catalog.js';

/**
 * Parses an agent's tools once into a {@link ToolCatalog}: the definitions checked by `parseToolDefinitions` and
 * frozen in input order, with what every part needs from them (the by-name map, the plan's tool-list key, the
 * package's own tool names, what `tool_search` searches), each made on first use; its search index and argument
 * validators are kept on it by `resolveCatalogIndex` and `resolveCatalogValidator`.
 * Given a catalog, returns it as it is, so a function that takes either parses a plain list once and a catalog never.
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
  if (tools instanceof Catalog) return tools;
  return new Catalog(parseToolDefinitions(tools).slice());
}

/**
 * A value built from a catalog (its search index, its argument validators), made on first use and kept on the catalog
 * under `key`, so it lives as long as the catalog and is built once. The modules that build them import this, not the
 * catalog them: an app that only reads a catalog's tools bundles no index and no validator. A catalog that is not
 * {@link createToolCatalog}'s gets a new value on each call. Not part of the public API.
 */
export function keepOnCatalog<Value>(catalog: ToolCatalog, key: string, make: () => Value): Value {
  return catalog instanceof Catalog ? catalog.keep(key, make) : make();
}

/** Whether a value is a catalog made by {@link createToolCatalog} (in this copy of the package). */
export function isToolCatalog(value: unknown): value is ToolCatalog {
  return value instanceof Catalog;
}

/**
 * A catalog: the definitions frozen, and what each part needs made on its first use, so that a catalog made for one
 * call (a plain list given to a low-level function) costs the parse and nothing more. A class rather than closures:
 * that one call allocates one object.
 */
class Catalog implements ToolCatalog {
  readonly tools: readonly ToolDefinition[];
  #names: readonly string[] | undefined;
  #byName: ReadonlyMap<string, ToolDefinition> | undefined;
  #key: string | undefined;
  #own: OwnToolNames | undefined;
  #searchable: ToolCatalog | undefined;
  /** What other modules build from the catalog and keep on it (`keepOnCatalog`), by their key. */
  readonly #kept = new Map<string, unknown>();

  declare readonly [PARSED_TOOLS]: readonly ToolDefinition[];

  constructor(definitions: ToolDefinition[]) {
    this.tools = Object.freeze(definitions);
    // Set here, not as a getter with a computed key: a class with a computed member key is kept by bundlers wherever
    // its module is, with every method's imports.
    Object.defineProperty(this, PARSED_TOOLS, { value: this.tools });
    Object.freeze(this);
  }

  get names(): readonly string[] {
    this.#names ??= Object.freeze(this.tools.map((tool) => tool.name));
    return this.#names;
  }

  get byName(): ReadonlyMap<string, ToolDefinition> {
    this.#byName ??= new Map(this.tools.map((tool) => [tool.name, tool]));
    return this.#byName;
  }

  get key(): string {
    this.#key ??= resolveToolListKey(this.tools);
    return this.#key;
  }

  get own(): OwnToolNames {
    this.#own ??= resolveOwnToolNames(this.names);
    return this.#own;
  }

  get searchable(): ToolCatalog {
    // `tool_search` never returns itself: a caller tool of that name is left out of what it searches.
    this.#searchable ??= this.byName.has(TOOL_SEARCH_TOOL_NAME) ? new Catalog(this.tools.filter((tool) => tool.name !== TOOL_SEARCH_TOOL_NAME)) : this;
    return this.#searchable;
  }

  keep<Value>(key: string, make: () => Value): Value {
    if (!this.#kept.has(key)) this.#kept.set(key, make());
    return this.#kept.get(key) as Value;
  }
}

/** What the plan depends on in a tool list: names, policies and categories, in order (schemas do not change it). */
function resolveToolListKey(tools: readonly ToolDefinition[]): string {
  let key = '';
  for (const tool of tools) key += `${tool.name}\u0001${tool.deferrable ?? ''}\u0001${tool.category ?? ''}\u0000`;
  return key;
}
