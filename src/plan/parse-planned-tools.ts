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

/** What a check of one tool list found, and what it was found in: valid while the list still holds the same. */
interface CheckedToolList extends PlannedTools {
  readonly entries: readonly unknown[];
  readonly statuses: readonly string[];
  /** The list checked, which a later call compares with the copy in `entries`. */
  readonly list: readonly unknown[];
}

/**
 * The checks of lists frozen with their entries (an agent's checked plan), kept as long as the list lives. A list that
 * is not frozen is kept in {@link RECENT} only: a caller that resolves a plan per request makes a new list each time,
 * and a weak map that took every one of them would keep their checks until a full collection, promoting them.
 */
const FROZEN = new WeakMap<readonly unknown[], CheckedToolList>();

/** The last few lists checked that are not frozen, newest last: a request reads its plan's list several times. */
const RECENT: CheckedToolList[] = [];
const MAX_RECENT = 4;

/**
 * Checks a plan's `tools` (each `{ name, status: 'deferred' | 'loaded' }`, each name once) and returns them indexed by
 * name. Every transformer and decision asks for them on every request: the check and the index are kept per list
 * (frozen lists for as long as they live, the last few others) and given again while the list holds the same
 * entries under the same names and statuses (one comparison per tool, none for a list frozen with its entries, as an
 * agent's checked plan is), so a request builds no set of the plan's names of its own. Throws a `ToolSearchError`
 * (`invalid-options`) naming the first bad entry. Not part of the public API.
 *
 * @example
 * ```ts
 * const { byName } = parsePlannedTools(plan.tools);
 * byName.get('get_weather')?.status; // 'deferred'
 * ```
 */
export function parsePlannedTools(tools: readonly unknown[]): PlannedTools {
  const frozen = FROZEN.get(tools);
  if (frozen !== undefined) return frozen;
  for (let index = RECENT.length - 1; index >= 0; index -= 1) {
    const recent = RECENT[index] as CheckedToolList;
    if (recent.list === tools && holdsSame(recent, tools)) return recent;
  }
  const checked = checkToolList(tools);
  if (isFrozenList(tools)) FROZEN.set(tools, checked);
  else {
    if (RECENT.length >= MAX_RECENT) RECENT.shift();
    RECENT.push(checked);
  }
  return checked;
}

function holdsSame(known: CheckedToolList, tools: readonly unknown[]): boolean {
  const { entries, names, statuses } = known;
  if (tools.length !== entries.length) return false;
  for (let index = 0; index < tools.length; index += 1) {
    const tool = tools[index] as PlannedTool;
    if (tool !== entries[index] || tool.name !== names[index] || tool.status !== statuses[index]) return false;
  }
  return true;
}

function checkToolList(tools: readonly unknown[]): CheckedToolList {
  const names: string[] = [];
  const statuses: string[] = [];
  let deferred = 0;
  for (let index = 0; index < tools.length; index += 1) {
    const tool = tools[index] as { name?: unknown; status?: unknown } | null;
    if (typeof tool !== 'object' || tool === null || typeof tool.name !== 'string' || (tool.status !== 'deferred' && tool.status !== 'loaded')) {
      // A name listed twice before this entry is the first fault.
      createNameIndex(names);
      throw new ToolSearchError('invalid-options', `\`plan.tools[${index}]\` must be \`{ name, status: 'deferred' | 'loaded' }\`, got ${describeValue(tool)}`);
    }
    names.push(tool.name);
    statuses.push(tool.status);
    if (tool.status === 'deferred') deferred += 1;
  }
  const entries = [...tools] as PlannedTool[];
  return { byName: new PlannedToolsByName(indexNames(names), entries), names, deferred, entries, statuses, list: tools };
}

/** The last few name indexes built, newest last: a plan resolved per request lists the same names each time. */
const RECENT_INDEXES: { readonly names: readonly string[]; readonly index: ReadonlyMap<string, number> }[] = [];

/**
 * Each name's position, found among the recent indexes when a list held the same names in the same order (one
 * comparison per name, mostly of the same strings), else built, which throws on a name listed twice.
 */
function indexNames(names: readonly string[]): ReadonlyMap<string, number> {
  for (let at = RECENT_INDEXES.length - 1; at >= 0; at -= 1) {
    const recent = RECENT_INDEXES[at] as (typeof RECENT_INDEXES)[number];
    if (sameNames(recent.names, names)) return recent.index;
  }
  const index = createNameIndex(names);
  if (RECENT_INDEXES.length >= MAX_RECENT) RECENT_INDEXES.shift();
  RECENT_INDEXES.push({ names, index });
  return index;
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

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let at = 0; at < a.length; at += 1) if (a[at] !== b[at]) return false;
  return true;
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

function isFrozenList(tools: readonly unknown[]): boolean {
  return Object.isFrozen(tools) && tools.every((tool) => Object.isFrozen(tool));
}
