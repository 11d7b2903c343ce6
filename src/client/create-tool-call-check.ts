import { resolveCatalogValidator } from '../catalog/resolve-catalog-validator.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { checkSessionId } from '../errors/check-session-id.js';
import type { RevealStore } from '../reveal/reveal-store.js';
import { checkNamesContext, type ToolNameMapping } from '../names/create-tool-name-mapping.js';
import { createToolCatalog } from '../catalog/create-tool-catalog.js';
import type { ToolDefinitionsInput } from '../tools/tool-definition.js';
import { toMatch, type ToolSearchMatch, type ToolSearchResult } from './tool-search-result.js';
import type { ArgumentValidator } from '../tools/create-argument-validator.js';
import { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';
import { parseToolSearchPlan } from '../plan/parse-tool-search-plan.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import { createUnicodePattern } from '../text/create-unicode-pattern.js';

/** A tool call as the model made it; `arguments` may be the raw JSON text (OpenAI) or already parsed. */
export interface ToolCall {
  readonly name: string;
  readonly arguments: unknown;
}

/**
 * The outcome of checking one call.
 *
 * - `ok: true`: run the tool `name` (the catalog's name) with `arguments` (parsed from JSON text when it was text).
 *   For a `call_tool` call, `name` and `arguments` are those of the tool it calls. `checked` is `false` when the
 *   tool's schema could not be turned into a validator, so the call was let through unchecked.
 * - `ok: false`: do not run the tool; send `result` (format it with `formatToolSearchResult`) back as the tool's
 *   result. For a call that does not fit its schema the tool is now revealed for the session, so the next request
 *   carries its full schema.
 */
export type ToolCallCheckResult =
  | { readonly ok: true; readonly name: string; readonly arguments: unknown; readonly checked: boolean }
  | { readonly ok: false; readonly result: ToolSearchResult };

/** Checks model tool calls against the tools' full schemas. */
export interface ToolCallCheck {
  /**
   * Checks one call. `context.names` is the tool-name mapping of the request the model answered (a transformer's
   * `names`): `call.name` may then be either form, and the result names the tool as the model saw it. `context.plan`
   * is that request's plan: the package's own `call_tool` and `tool_search` go by the names it gives (`call_tool_2`
   * next to a caller's `call_tool`, a Responses custom tool included); without it, by those the catalog gives.
   */
  check(
    call: ToolCall,
    context: { readonly sessionId: string; readonly names?: Pick<ToolNameMapping, 'toWire' | 'fromWire'>; readonly plan?: ToolSearchPlan },
  ): Promise<ToolCallCheckResult>;
}

/** What {@link createToolCallCheck} needs. */
export interface CreateToolCallCheckOptions {
  /** The catalog, with full schemas: an array, or an object holding one in `tools` such as an MCP `tools/list` result. */
  readonly tools: ToolDefinitionsInput;
  /** The session reveal store shared with `tool_search`. */
  readonly store: RevealStore;
}

/**
 * Creates the check for calls to tools whose schema the model may not have loaded. Models sometimes call a deferred
 * tool blind, with `{}` or guessed arguments; run every call through `check` before executing it. When the arguments
 * do not fit the tool's full JSON Schema, the result tells the model what was wrong (one line per problem: where, and
 * which rule), includes the full schema, and reveals the tool for the session. A call to a tool that does not exist
 * gets a result listing no schema and saying so. A call to the package's `call_tool` (`{ name, arguments }`) is
 * checked as a call to the tool it names, and its outcome names that tool.
 *
 * Schemas are validated with `@cfworker/json-schema` (drafts 4, 6, 7, 2019-09 and 2020-12, picked by `$schema`,
 * 2020-12 without one; no code generation, so it runs in edge runtimes), each compiled on its tool's first call and
 * kept for the 512 tools called last. Gemini's and OpenAPI's `Schema` (`STRING`, `nullable`, `"minItems": "1"`) is read
 * as it is meant. `checked: false` means the schema could not be used (a `$ref` to another document or to nowhere,
 * a `$ref` cycle), the validation would have taken exponential time (options of a recursive schema that recurse
 * into the same property, deeply nested arguments), or the arguments were not JSON data (a `bigint`);
 * docs/call-check.md lists every such case.
 * Arguments nested more than 100 levels deep get an `invalid-arguments` result without being validated (the
 * validator recurses per level). A property named `__proto__` is validated like any other. Nothing here throws for
 * what the model wrote.
 *
 * @example
 * ```ts
 * import { createToolCallCheck, formatToolSearchResult } from 'tool-search';
 * const calls = createToolCallCheck({ tools, store });
 * const outcome = await calls.check({ name: call.name, arguments: call.arguments }, { sessionId });
 * const output = outcome.ok ? await run(call.name, outcome.arguments) : formatToolSearchResult(outcome.result);
 * ```
 */
export function createToolCallCheck(options: CreateToolCallCheckOptions): ToolCallCheck {
  if (typeof options?.store !== 'object' || options.store === null || typeof options.store.add !== 'function') {
    throw new ToolSearchError('invalid-options', `createToolCallCheck: \`store\` must be a RevealStore, got ${describeValue(options?.store)}`);
  }
  // A catalog (`createToolCatalog`) is read as it is; its validators are compiled once for every check over it.
  const catalog = createToolCatalog(options.tools);
  const { byName } = catalog;
  const store = options.store;

  return {
    async check(call, context) {
      checkSessionId(context?.sessionId, 'createToolCallCheck: `context.sessionId`');
      const { toWire, fromWire } = checkNamesContext(context.names, 'createToolCallCheck');
      const own = context.plan === undefined ? catalog.own : resolveOwnToolsSent(parseToolSearchPlan(context.plan));
      let name = typeof call?.name === 'string' ? fromWire(call.name) : '';
      let written: unknown = call?.arguments;
      let writtenName: unknown = call?.name;
      if (name === own.callToolName) {
        const wrapped = parseArguments(written).value as { name?: unknown; arguments?: unknown } | undefined;
        const inner = typeof wrapped === 'object' && wrapped !== null ? wrapped : {};
        if (typeof inner.name !== 'string' || fromWire(inner.name) === own.callToolName) {
          const message = `\`${toWire(own.callToolName)}\` needs {"name": "<tool>", "arguments": {…}}. Call \`${toWire(own.searchName)}\` to find the tool and its parameters.`;
          return invalidArguments(toWire(own.callToolName), [`\`name\`: expected the name of the tool to call, got ${describeValue(inner.name)}`], [], message);
        }
        name = fromWire(inner.name);
        written = inner.arguments;
        writtenName = inner.name;
      }
      const tool = byName.get(name);
      if (tool === undefined) {
        if (name === own.searchName) return { ok: true, name, arguments: parseArguments(written).value, checked: false };
        return {
          ok: false,
          result: {
            status: 'no-match',
            query: name,
            tools: [],
            availableTools: [],
            moreTools: byName.size,
            message: `There is no tool named ${describeValue(writtenName)}. Call \`${toWire(own.searchName)}\` with keywords to find the tool you need.`,
          },
        };
      }
      const parsed = parseArguments(written);
      let errors: string[] | null;
      if (parsed.error !== undefined) {
        errors = [parsed.error];
      } else if (isDeeperThan(parsed.value, MAX_ARGUMENT_DEPTH)) {
        // The validator recurses once per level: arguments this deep would overflow the stack, and no tool needs them.
        errors = [`arguments: nested more than ${MAX_ARGUMENT_DEPTH} levels deep`];
      } else {
        const validator = await resolveCatalogValidator(catalog, tool);
        const value = validator === null ? undefined : readJSONValue(parsed.value, typeof written === 'string');
        errors = validator === null || value === undefined ? null : validateArguments(validator, value.json);
        if (errors === null || errors.length === 0) return { ok: true, name, arguments: parsed.value, checked: errors !== null };
      }
      await store.add(context.sessionId, [tool.name]);
      const match = toMatch(tool, toWire);
      const message = `The arguments for \`${match.name}\` do not fit its parameters. Its full schema is included and loaded; call it again with arguments that match.`;
      return invalidArguments(match.name, errors, [match], message);
    },
  };
}

/** The answer to a call whose arguments do not fit: `tools` are loaded with it (none for a `call_tool` that names no tool). */
function invalidArguments(tool: string, errors: readonly string[], tools: readonly ToolSearchMatch[], message: string): ToolCallCheckResult {
  return { ok: false, result: { status: 'invalid-arguments', tool, errors, tools, loaded: tools.map((match) => match.name), message } };
}

/** The deepest arguments (objects and arrays inside one another) that are validated. */
const MAX_ARGUMENT_DEPTH = 100;

/** Whether a value holds objects or arrays nested more than `limit` deep; iterative, so any depth is measured. */
function isDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop() as [unknown, number];
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) if (typeof child === 'object' && child !== null) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * Arguments as JSON data, as the validator reads them: the value itself when it was parsed from the model's text, else
 * its JSON form (what the tool receives over the wire: `undefined` properties dropped, a `Date` as its text).
 * `undefined` when it has none (a `bigint`, a cycle): a caller's value, not the model's, let through unchecked.
 */
function readJSONValue(value: unknown, parsedFromText: boolean): { readonly json: unknown } | undefined {
  if (parsedFromText) return { json: value };
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : { json: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/**
 * Validates arguments, once more with well-formed keys when the validator throws on a key holding a lone surrogate
 * (it writes each key into a URI fragment, which such a key cannot be): the check stays off the hot path. `null` when
 * the validator fails on its own (a `$ref` cycle that never reaches a value), not the model's doing: the call is then
 * let through unchecked.
 */
function validateArguments(validator: ArgumentValidator, value: unknown): string[] | null {
  try {
    return validator.validate(value);
  } catch {
    const wellFormed = withWellFormedKeys(value);
    if (wellFormed === value) return null;
    try {
      return validator.validate(wellFormed);
    } catch {
      return null;
    }
  }
}

/** A UTF-16 surrogate not paired with its other half (with the `u` flag, a pair is one code point, not `Cs`). */
const LONE_SURROGATE = /* @__PURE__ */ createUnicodePattern('\\p{Cs}', 'gu');

/** A copy of JSON data whose object keys have each lone surrogate replaced by U+FFFD; the value itself when none has. */
function withWellFormedKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(withWellFormedKeys);
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  let changed = false;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const written = key.replace(LONE_SURROGATE, '\uFFFD');
    const item = withWellFormedKeys(child);
    changed ||= written !== key || item !== child;
    Object.defineProperty(copy, written, { value: item, enumerable: true, writable: true, configurable: true });
  }
  return changed ? copy : value;
}

function parseArguments(value: unknown): { value: unknown; error?: string } {
  if (typeof value !== 'string') return { value: value ?? {} };
  if (value.trim() === '') return { value: {} };
  try {
    return { value: JSON.parse(value) };
  } catch {
    return { value: undefined, error: 'arguments: not valid JSON' };
  }
}
