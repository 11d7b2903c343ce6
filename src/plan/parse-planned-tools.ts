import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import type { PlannedTool } from './tool-search-plan.js';

/** A plan's tool list, checked and indexed by {@link parsePlannedTools}. */
export interface PlannedTools {
  /** The plan's tools by name, in plan order. */
  readonly byName: ReadonlyMap<string, PlannedTool>;
  /** The plan's tool names, in plan order. */
  readonly names: readonly string[];
  /** How many of the plan's tools are deferred. */
  readonly deferred: number;
}

/**
 * Where an agent's checked plan (`rememberCheckedPlan`) keeps its tools' index, on the frozen list itself: a request
 * reads it instead of indexing the list again.
 */
export const PLANNED_TOOLS_INDEX: unique symbol = Symbol('tool-search planned tools index');

/**
 * Checks a plan's `tools` (each `{ name, status: 'deferred' | 'loaded' }`, each name once) and returns them indexed by
 * name. An agent's checked plan carries its index ({@link PLANNED_TOOLS_INDEX}), which is read as it is; any other
 * list is checked and indexed anew. Throws a `ToolSearchError` (`invalid-options`) naming the first bad entry. Not part
 * of the public API.
 *
 * @example
 * ```ts
 * const { byName } = parsePlannedTools(plan.tools);
 * byName.get('get_weather')?.status; // 'deferred'
 * ```
 */
export function parsePlannedTools(tools: readonly unknown[]): PlannedTools {
  return (tools as { readonly [PLANNED_TOOLS_INDEX]?: PlannedTools })[PLANNED_TOOLS_INDEX] ?? checkToolList(tools);
}

function checkToolList(tools: readonly unknown[]): PlannedTools {
  const names: string[] = [];
  let deferred = 0;
  for (let index = 0; index < tools.length; index += 1) {
    const tool = tools[index] as { name?: unknown; status?: unknown } | null;
    if (typeof tool !== 'object' || tool === null || typeof tool.name !== 'string' || (tool.status !== 'deferred' && tool.status !== 'loaded')) {
      // A name listed twice before this entry is the first fault.
      createNameIndex(names);
      throw new ToolSearchError('invalid-options', `\`plan.tools[${index}]\` must be \`{ name, status: 'deferred' | 'loaded' }\`, got ${describeValue(tool)}`);
    }
    names.push(tool.name);
    if (tool.status === 'deferred') deferred += 1;
  }
  const entries = [...tools] as PlannedTool[];
  return { byName: new PlannedToolsByName(createNameIndex(names), entries), names, deferred };
}

/** Each name's position; throws on a name listed twice. */
function createNameIndex(names: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  for (let at = 0; at < names.length; at += 1) {
    const name = names[at] as string;
    // A tool listed twice contradicts itself (which entry holds?), as `resolveToolSearch` never writes it. Told by the
    // size, one hash operation per tool.
    const size = index.size;
    index.set(name, at);
    if (index.size === size) {
      throw new ToolSearchError(
        'invalid-options',
        `\`plan.tools[${at}]\` names \`${name}\` again (already at \`plan.tools[${names.indexOf(name)}]\`); a plan lists each tool once: resolve the plan again for these tools`,
      );
    }
  }
  return index;
}

/**
 * A plan's tools by name over a shared name index: `get` reads the tool at the name's position in this list. A map
 * of the tools themselves is built only for what iterates the values (few callers).
 */
class PlannedToolsByName implements ReadonlyMap<string, PlannedTool> {
  readonly #index: ReadonlyMap<string, number>;
  readonly #tools: readonly PlannedTool[];
  #map: ReadonlyMap<string, PlannedTool> | undefined;

  constructor(index: ReadonlyMap<string, number>, tools: readonly PlannedTool[]) {
    this.#index = index;
    this.#tools = tools;
  }

  get size(): number {
    return this.#index.size;
  }

  has(name: string): boolean {
    return this.#index.has(name);
  }

  get(name: string): PlannedTool | undefined {
    const at = this.#index.get(name);
    return at === undefined ? undefined : this.#tools[at];
  }

  keys(): MapIterator<string> {
    return this.#index.keys();
  }

  values(): MapIterator<PlannedTool> {
    return this.#toMap().values();
  }

  entries(): MapIterator<[string, PlannedTool]> {
    return this.#toMap().entries();
  }

  [Symbol.iterator](): MapIterator<[string, PlannedTool]> {
    return this.#toMap().entries();
  }

  forEach(callback: (value: PlannedTool, key: string, map: ReadonlyMap<string, PlannedTool>) => void, thisArg?: unknown): void {
    for (const tool of this.#tools) callback.call(thisArg, tool, tool.name, this);
  }

  #toMap(): ReadonlyMap<string, PlannedTool> {
    this.#map ??= new Map(this.#tools.map((tool) => [tool.name, tool]));
    return this.#map;
  }
}
