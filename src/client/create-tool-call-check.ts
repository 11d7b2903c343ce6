import { z } from 'zod';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import type { RevealStore } from '../reveal/reveal-store.js';
import { checkNamesContext, type ToolNameMapping } from '../names/create-tool-name-mapping.js';
import { parseToolDefinitions } from '../tools/parse-tool-definitions.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import type { ToolSearchResult } from './tool-search-result.js';
import { TOOL_SEARCH_TOOL_NAME } from './tool-search-tool-definition.js';

/** A tool call as the model made it; `arguments` may be the raw JSON text (OpenAI) or already parsed. */
export interface ToolCall {
  readonly name: string;
  readonly arguments: unknown;
}

/**
 * The outcome of checking one call.
 *
 * - `ok: true`: run the tool with `arguments` (parsed from JSON text when it was text). `checked` is `false` when the
 *   tool's schema could not be turned into a validator, so the call was let through unchecked.
 * - `ok: false`: do not run the tool; send `result` (format it with `formatToolSearchResult`) back as the tool's
 *   result. For a call that does not fit its schema the tool is now revealed for the session, so the next request
 *   carries its full schema.
 */
export type ToolCallCheckResult =
  | { readonly ok: true; readonly arguments: unknown; readonly checked: boolean }
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
  /** The catalog, with full schemas. */
  readonly tools: readonly ToolDefinition[];
  /** The session reveal store shared with `tool_search`. */
  readonly store: RevealStore;
}

/**
 * Creates the check for calls to tools whose schema the model may not have loaded. Models sometimes call a deferred
 * tool blind, with `{}` or guessed arguments; run every call through `check` before executing it. When the arguments
 * do not fit the tool's full JSON Schema (validated with zod's `z.fromJSONSchema`, compiled once per tool on first
 * use), the result tells the model what was wrong, includes the full schema, and reveals the tool for the session.
 * A call to a tool that does not exist gets a result listing no schema and saying so. Nothing here throws for what the
 * model wrote.
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
  const validators = new Map<string, z.ZodType | null>();
  const store = options.store;

  function validatorFor(tool: ToolDefinition): z.ZodType | null {
    let validator = validators.get(tool.name);
    if (validator === undefined) {
      try {
        validator = z.fromJSONSchema(tool.inputSchema as Parameters<typeof z.fromJSONSchema>[0]);
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
      const name = typeof call?.name === 'string' ? (context.names?.fromWire(call.name) ?? call.name) : '';
      const tool = byName.get(name);
      if (tool === undefined || name === TOOL_SEARCH_TOOL_NAME) {
        if (name === TOOL_SEARCH_TOOL_NAME) return { ok: true, arguments: parseArguments(call.arguments).value, checked: false };
        return {
          ok: false,
          result: {
            status: 'no-match',
            query: name,
            tools: [],
            availableTools: [],
            moreTools: byName.size,
            message: `There is no tool named ${describeValue(call?.name)}. Call \`${TOOL_SEARCH_TOOL_NAME}\` with keywords to find the tool you need.`,
          },
        };
      }
      const parsed = parseArguments(call.arguments);
      let errors: string[];
      if (parsed.error !== undefined) {
        errors = [parsed.error];
      } else {
        const validator = validatorFor(tool);
        if (validator === null) return { ok: true, arguments: parsed.value, checked: false };
        const outcome = validator.safeParse(parsed.value);
        if (outcome.success) return { ok: true, arguments: parsed.value, checked: true };
        errors = outcome.error.issues.map((issue) => `${issue.path.length === 0 ? 'arguments' : `\`${issue.path.join('.')}\``}: ${issue.message}`);
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

function parseArguments(value: unknown): { value: unknown; error?: string } {
  if (typeof value !== 'string') return { value: value ?? {} };
  if (value.trim() === '') return { value: {} };
  try {
    return { value: JSON.parse(value) };
  } catch {
    return { value: undefined, error: 'arguments: not valid JSON' };
  }
}
