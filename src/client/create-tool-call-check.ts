import { z } from 'zod';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import type { RevealStore } from '../reveal/reveal-store.js';
import { checkNamesContext, type ToolNameMapping } from '../names/create-tool-name-mapping.js';
import { parseToolDefinitions } from '../tools/parse-tool-definitions.js';
import type { ToolDefinition, ToolDefinitionsInput } from '../tools/tool-definition.js';
import type { ToolSearchResult } from './tool-search-result.js';
import { CALL_TOOL_NAME, TOOL_SEARCH_TOOL_NAME } from './tool-search-tool-definition.js';

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
   * `names`): `call.name` may then be either form, and the result names the tool as the model saw it.
   */
  check(
    call: ToolCall,
    context: { readonly sessionId: string; readonly names?: Pick<ToolNameMapping, 'toWire' | 'fromWire'> },
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
 * do not fit the tool's full JSON Schema (validated with zod's `z.fromJSONSchema`, compiled once per tool on first
 * use), the result tells the model what was wrong, includes the full schema, and reveals the tool for the session.
 * A call to a tool that does not exist gets a result listing no schema and saying so. A call to the package's
 * `call_tool` (`{ name, arguments }`) is checked as a call to the tool it names, and its outcome names that tool.
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
  const byName = new Map(parseToolDefinitions(options.tools).map((tool) => [tool.name, tool]));
  const validators = new Map<string, Validator | null>();
  const store = options.store;

  function validatorFor(tool: ToolDefinition): Validator | null {
    let validator = validators.get(tool.name);
    if (validator === undefined) {
      try {
        // zod drops a property named `__proto__` from the shapes it builds, so such a schema is checked under a
        // stand-in name (and so are the arguments).
        const standsIn = JSON.stringify(tool.inputSchema).includes(`"${PROTO_KEY}"`);
        const schema = standsIn ? renameProtoKeys(tool.inputSchema, true) : tool.inputSchema;
        validator = { schema: z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]), standsIn };
      } catch {
        // A schema zod cannot compile is let through unchecked (`checked: false`), never rejected.
        validator = null;
      }
      validators.set(tool.name, validator);
    }
    return validator;
  }

  return {
    async check(call, context) {
      if (typeof context?.sessionId !== 'string' || context.sessionId.length === 0) {
        throw new ToolSearchError('invalid-options', `createToolCallCheck: \`context.sessionId\` must be a non-empty string, got ${describeValue(context?.sessionId)}`);
      }
      checkNamesContext(context.names, 'createToolCallCheck');
      const toWire = context.names?.toWire ?? ((value: string) => value);
      let name = typeof call?.name === 'string' ? (context.names?.fromWire(call.name) ?? call.name) : '';
      let written: unknown = call?.arguments;
      let writtenName: unknown = call?.name;
      if (name === CALL_TOOL_NAME && !byName.has(CALL_TOOL_NAME)) {
        const wrapped = parseArguments(written).value as { name?: unknown; arguments?: unknown } | undefined;
        const inner = typeof wrapped === 'object' && wrapped !== null ? wrapped : {};
        if (typeof inner.name !== 'string' || inner.name === CALL_TOOL_NAME) {
          return {
            ok: false,
            result: {
              status: 'invalid-arguments',
              tool: CALL_TOOL_NAME,
              errors: [`\`name\`: expected the name of the tool to call, got ${describeValue(inner.name)}`],
              tools: [],
              loaded: [],
              message: `\`${CALL_TOOL_NAME}\` needs {"name": "<tool>", "arguments": {…}}. Call \`${TOOL_SEARCH_TOOL_NAME}\` to find the tool and its parameters.`,
            },
          };
        }
        name = context.names?.fromWire(inner.name) ?? inner.name;
        written = inner.arguments;
        writtenName = inner.name;
      }
      const tool = byName.get(name);
      if (tool === undefined || name === TOOL_SEARCH_TOOL_NAME) {
        if (name === TOOL_SEARCH_TOOL_NAME) return { ok: true, name, arguments: parseArguments(written).value, checked: false };
        return {
          ok: false,
          result: {
            status: 'no-match',
            query: name,
            tools: [],
            availableTools: [],
            moreTools: byName.size,
            message: `There is no tool named ${describeValue(writtenName)}. Call \`${TOOL_SEARCH_TOOL_NAME}\` with keywords to find the tool you need.`,
          },
        };
      }
      const parsed = parseArguments(written);
      let errors: string[];
      if (parsed.error !== undefined) {
        errors = [parsed.error];
      } else if (isDeeperThan(parsed.value, MAX_ARGUMENT_DEPTH)) {
        // The validator recurses once per level: arguments this deep would overflow the stack, and no tool needs them.
        errors = [`arguments: nested more than ${MAX_ARGUMENT_DEPTH} levels deep`];
      } else {
        const validator = validatorFor(tool);
        if (validator === null) return { ok: true, name, arguments: parsed.value, checked: false };
        let outcome: ReturnType<z.ZodType['safeParse']>;
        try {
          outcome = validator.schema.safeParse(validator.standsIn ? renameProtoKeys(parsed.value, false) : parsed.value);
        } catch {
          // The validator failed on its own (not the model's doing): the call is let through unchecked.
          return { ok: true, name, arguments: parsed.value, checked: false };
        }
        if (outcome.success) return { ok: true, name, arguments: parsed.value, checked: true };
        errors = outcome.error.issues.map((issue) => {
          const path = issue.path.map((key) => (key === PROTO_STAND_IN ? PROTO_KEY : String(key)));
          return `${path.length === 0 ? 'arguments' : `\`${path.join('.')}\``}: ${issue.message}`;
        });
      }
      await store.add(context.sessionId, [tool.name]);
      return {
        ok: false,
        result: {
          status: 'invalid-arguments',
          tool: toWire(tool.name),
          errors,
          tools: [{ name: toWire(tool.name), ...(tool.description === undefined ? {} : { description: tool.description }), inputSchema: tool.inputSchema }],
          loaded: [toWire(tool.name)],
          message: `The arguments for \`${toWire(tool.name)}\` do not fit its parameters. Its full schema is included and loaded; call it again with arguments that match.`,
        },
      };
    },
  };
}

/** A compiled schema, and whether it checks `__proto__` properties under {@link PROTO_STAND_IN}. */
interface Validator {
  readonly schema: z.ZodType;
  readonly standsIn: boolean;
}

/** The deepest arguments (objects and arrays inside one another) that are validated. */
const MAX_ARGUMENT_DEPTH = 100;
const PROTO_KEY = '__proto__';
/** The name a `__proto__` property is checked under; no tool has a property of this name. */
const PROTO_STAND_IN = '\u0000__proto__';

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
 * A copy of a JSON value with every own `__proto__` key renamed to {@link PROTO_STAND_IN}: in a schema (`inSchema`),
 * the keys of `properties` and the entries of `required`; in arguments, every object key. Called on arguments only
 * within {@link MAX_ARGUMENT_DEPTH}.
 */
function renameProtoKeys(value: unknown, inSchema: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => renameProtoKeys(item, inSchema));
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    let renamed: unknown;
    if (inSchema && key === 'required' && Array.isArray(child)) renamed = child.map((name) => (name === PROTO_KEY ? PROTO_STAND_IN : name));
    else if (inSchema && key === 'properties' && typeof child === 'object' && child !== null && !Array.isArray(child)) {
      const properties: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(child)) properties[name === PROTO_KEY ? PROTO_STAND_IN : name] = renameProtoKeys(property, true);
      renamed = properties;
    } else renamed = renameProtoKeys(child, inSchema);
    // Defined, not assigned: assigning `__proto__` (a key left as it is inside a schema) would set the prototype.
    Object.defineProperty(copy, !inSchema && key === PROTO_KEY ? PROTO_STAND_IN : key, { value: renamed, enumerable: true, writable: true, configurable: true });
  }
  return copy;
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
