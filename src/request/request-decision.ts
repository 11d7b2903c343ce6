import type { ToolPredictor } from './create-tool-predictor.js';
import type { WireAPI } from '../models/model-reference.js';
import type { ToolNameRule } from '../names/tool-name-rule.js';
import type { ToolCatalog } from '../catalog/tool-catalog.js';
import type { ToolSearchPlan, ToolSearchWarning } from '../plan/tool-search-plan.js';
import type { NeutralRequest, NeutralTool } from './neutral-request.js';
import type { RequestTools, RequestToolsWarningCode } from './request-tools.js';

/** What a wire API is, for the decision: the facts that decide what a request may carry. */
export interface WireCapabilities<Code extends string> {
  /** The API, for the plan's fallback from a mechanism it does not carry. */
  readonly api: WireAPI;
  /** The API's name in messages (`OpenAI Chat Completions`). */
  readonly label: string;
  /** The tool names the API accepts. */
  readonly rule: ToolNameRule;
  /** The most entries its tool list takes; none when absent. */
  readonly maxTools?: number;
  /** The code of the warning that a request is over `maxTools` all the same; needed with `maxTools` only. */
  readonly overLimitCode?: Code;
  /** The code of the warning that the plan's mechanism is another API's. @default 'hosted-mechanism-unsupported' */
  readonly planForAPICode?: Code;
  /**
   * The decision for the API's kind (`resolveClientAPIRequest`, `resolveDeferLoadingAPIRequest`,
   * `resolveGroupingAPIRequest`): named by the codec, so a bundle holds only the decisions its APIs use.
   */
  readonly decide: RequestDecision;
  /** How a `plan-mismatch` says to resolve the plan again (`parseAnthropicMessagesTools(body)`). */
  readonly reader?: string;
}

/** What the decision (`resolveRequestTools`) decides from. */
export interface ResolveRequestToolsInput {
  /** The plan, checked (`parseToolSearchPlan`: the driver checks it once). */
  readonly plan: ToolSearchPlan;
  /** The body read into neutral form. */
  readonly request: NeutralRequest;
  /** The facts of the body's API. */
  readonly api: WireCapabilities<string>;
  /** The tools the session revealed (the `revealed` option), in either name form. */
  readonly revealed: readonly string[];
  /** Every tool the session may have used, for a tool the body lacks (a plan tool, or one the history names). */
  readonly catalog?: ToolCatalog;
  /** The prediction step's settings; absent: no prediction (see `resolvePredictedLoad`). */
  readonly predict?: ToolPredictor;
  /**
   * Where the decision keeps, for this plan and the body's tools, what depends on nothing else (a session's, for
   * bodies sent with the agent's tools read once): a request then costs what it sends, not the catalog's size.
   */
  readonly memo?: RequestMemo;
}

/**
 * What one plan's decisions keep between requests, by decision: owned by the session that made the plan, or held on
 * the plan a bare transformer is given (see `transformRequest`).
 */
export type RequestMemo = { [decision: string]: KeptRead | undefined };

/** What a decision read of a plan on one API, for the body's tools and the catalog it was read with. */
interface KeptRead {
  readonly api: WireCapabilities<string>;
  readonly tools: readonly NeutralTool[];
  readonly catalog: ToolCatalog | undefined;
  readonly kept: unknown;
}

/** How many tool lists a plan's memo keeps (a session's latest reveals, and a few before them). */
const MAX_KEPT_LISTS = 4;

/**
 * What `decision` read of the plan and the body's tools alone (`read`), kept in the plan's memo while the API, the
 * body's tools and the catalog are the same (the same values, not only the same objects): a request then costs what it
 * sends, not the catalog's size.
 */
export function keepRead<Kept>(input: ResolveRequestToolsInput, decision: string, read: () => Kept): Kept {
  const { api, catalog, request, memo } = input;
  const held = memo?.[decision];
  const sameCatalog = held?.catalog === catalog || (held?.catalog?.tools.length ?? 0) + (catalog?.tools.length ?? 0) === 0;
  if (held !== undefined && held.api === api && sameCatalog && isSameToolList(held.tools, request.tools)) return held.kept as Kept;
  const kept = read();
  if (memo !== undefined) memo[decision] = { api, tools: request.tools, catalog, kept };
  return kept;
}

/**
 * Whether two reads of a body's tool list are the same, tool by tool: each field of the neutral form by name, and a
 * function's definition with {@link isSame} (its values by identity: a schema is the body's own object). A bare
 * transformer compares every tool of every request it is given, and `for…in` over the tools' fields cost five times
 * as much (a quarter of a Chat Completions transform); the definitions' fields stay with `for…in`, which costs half
 * again as much but no second list of their ten fields in every bundle.
 */
function isSameToolList(left: readonly AnyNeutralTool[], right: readonly AnyNeutralTool[]): boolean {
  // A session hands the same list from request to request: a catalog of 10,000 tools is not walked again.
  if (left === right) return true;
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index += 1) {
    const one = left[index] as AnyNeutralTool;
    const other = right[index] as AnyNeutralTool;
    if (one === other) continue;
    const same =
      one.kind === other.kind &&
      one.index === other.index &&
      one.deferred === other.deferred &&
      one.name === other.name &&
      one.group === other.group &&
      one.path === other.path &&
      one.partly === other.partly &&
      one.label === other.label &&
      one.custom === other.custom &&
      one.deferredAloneRejected === other.deferredAloneRejected &&
      one.clientExecuted === other.clientExecuted &&
      isSame(one.definition, other.definition, 1);
    if (!same) return false;
  }
  return true;
}

/** The fields {@link isSameToolList} compares by name: a field `NeutralTool` gains fails to compile below until it is added here and compared there. */
type ComparedField =
  | 'kind'
  | 'index'
  | 'deferred'
  | 'name'
  | 'group'
  | 'path'
  | 'partly'
  | 'label'
  | 'custom'
  | 'deferredAloneRejected'
  | 'clientExecuted'
  | 'definition';

/** `Fields`, each of which must be a {@link ComparedField}. */
type Compared<Fields extends ComparedField> = Fields;

/** Any kind of neutral tool, each field read by name (`undefined` where the kind has none). */
type AnyNeutralTool = { readonly [Field in Compared<FieldOf<NeutralTool>>]?: unknown };

/** The fields of every member of a union. */
type FieldOf<Union> = Union extends unknown ? keyof Union : never;

/** The value `make` gives for `key`, kept in `kept` with the last few others (the oldest dropped). */
export function recall<Value>(kept: Map<string, Value>, key: string, make: () => Value): Value {
  let value = kept.get(key);
  if (value === undefined) {
    value = make();
    if (kept.size >= MAX_KEPT_LISTS) kept.delete(kept.keys().next().value as string);
    kept.set(key, value);
  }
  return value;
}

/** Whether two values are the same down to `depth` levels of records and lists (then by identity). */
export function isSame(left: unknown, right: unknown, depth: number): boolean {
  if (left === right) return true;
  if (depth === 0 || typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  // Lists by position: `for…in` would read them by string keys, the slow path, on every tool of every request.
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    for (let index = 0; index < left.length; index += 1) if (left[index] !== right[index] && !isSame(left[index], right[index], depth - 1)) return false;
    return true;
  }
  // `for…in` rather than `Object.keys` over records: it allocates nothing.
  let size = 0;
  for (const key in left) {
    size += 1;
    const value = (left as Record<string, unknown>)[key];
    if (value !== (right as Record<string, unknown>)[key] && !isSame(value, (right as Record<string, unknown>)[key], depth - 1)) return false;
  }
  for (const _key in right) size -= 1;
  return size === 0;
}

/**
 * One kind of API's decision, after the plan's fallbacks (`resolveRequestTools`): the request's entries, names and
 * what the history holds; warnings go to `warnings`.
 */
export type RequestDecision = (
  plan: ToolSearchPlan,
  input: ResolveRequestToolsInput,
  warnings: ToolSearchWarning<RequestToolsWarningCode>[],
) => Omit<RequestTools, 'planWarnings'>;

/**
 * What a request without hosted search carries besides its entries. Spread it last: on Node 20 a literal that starts
 * with a spread and adds keys after it gets a new hidden class on every call (about 1 µs each, and garbage).
 */
export const NO_HOSTED_PARTS = { leading: 0, trailing: 0, hostedSearch: false, callerDeferral: 'kept' } as const;

/** What a codec wrote from one read of a body's tools, with what it was written for (`key`) and its warnings. */
export interface Written<Value, Warning> {
  readonly key: readonly unknown[];
  readonly value: Value;
  readonly warnings: readonly Warning[];
}

/**
 * What `write` gives, written again only when `key` changes (positions compared by identity, or field by field for a
 * plain object): a session reads its agent's tools once (`held` lives on that read) and its memo recalls the same
 * decided entries from request to request, so a request reuses what it wrote before (with its warnings) instead of
 * writing every deferred tool of the catalog again. The value is the codec's own: a list placed in a body must be a
 * copy of it, since the caller may edit the body it is given.
 */
export function keepWritten<Value, Warning>(
  held: { last?: Written<Value, Warning> },
  key: readonly unknown[],
  warnings: Warning[],
  write: (warnings: Warning[]) => Value,
): Value {
  if (held.last === undefined || !isSame(held.last.key, key, 2)) {
    const written: Warning[] = [];
    held.last = { key, value: write(written), warnings: written };
  }
  warnings.push(...held.last.warnings);
  return held.last.value;
}
