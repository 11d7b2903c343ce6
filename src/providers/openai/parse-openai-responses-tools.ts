import type { CodecTools } from '../../request/wire-codec.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { isOwnTool } from '../../tools/tool-search-tool-definition.js';
import { parseRequestBody } from '../../records/parse-request-body.js';
import { parseRequestToolList } from '../../tools/parse-request-tool-list.js';
import type { JSONSchemaObject, ToolDefinition } from '../../tools/tool-definition.js';
import type { NeutralTool } from '../../request/neutral-request.js';
import { isOpenAIResponsesReservedNamespace } from './openai-responses-api.js';

/** What a function with `parameters: null` (or none) takes: no arguments. */
const NO_PARAMETERS: JSONSchemaObject = Object.freeze({ type: 'object', properties: Object.freeze({}) });

/**
 * One tool of a Responses body, where it was found. Namespace members are listed in body order right after the
 * place of their namespace, so the list holds every tool in the order a reader of the body meets it. What kind of tool
 * it is, and a function's definition (category = body namespace), is its neutral form's: `function` (the plan knows
 * it), `own` (this package's `tool_search` function, left by an earlier transform), `other` (a custom tool, not planned
 * since it has a grammar, or a provider tool such as web search or MCP, passed through), `hosted-search` (OpenAI's
 * `{"type":"tool_search"}`).
 */
export interface OpenAIResponsesBodyTool {
  /** Where the tool is in the body, e.g. `tools[2].tools[0]`. */
  readonly path: string;
  readonly tool: Readonly<Record<string, unknown>>;
  /** The name of the body namespace holding the tool, when it is inside one. */
  readonly namespace?: string;
  /** The tool in neutral form, for the core's decision (its `index` is its place in `tools`). */
  readonly neutral: NeutralTool;
}

/** A namespace as the body declared it. */
export interface OpenAIResponsesBodyNamespace {
  readonly name: string;
  readonly description?: string;
  readonly path: string;
}

/**
 * Every tool of a Responses body with its place, the namespaces the body declares, the functions' definitions and the
 * tools in neutral form (read once with the list: a session's catalog, once per agent).
 */
export interface OpenAIResponsesBodyTools extends CodecTools {
  readonly tools: readonly OpenAIResponsesBodyTool[];
  readonly namespaces: readonly OpenAIResponsesBodyNamespace[];
  /** The last tools written from this read (`writeOpenAIResponsesTools`): a session reads its agent's tools once. */
  readonly written: { last?: unknown };
}

/**
 * Reads the function tools of an OpenAI Responses request body as `ToolDefinition`s, so a plan can be made from the
 * body itself.
 *
 * - Top-level functions and the functions inside `namespace` tools are returned in body order, with their full
 *   `parameters` as `inputSchema` (`null` becomes an object schema without properties). A namespaced function gets
 *   the namespace's name as its `category`, so the plan keeps the body's grouping.
 * - `defer_loading: true` on a function, or on its namespace, becomes `deferrable: 'always'`: the caller asked for it
 *   to be deferred, so it is whenever a mechanism applies. Whether it is deferred is the plan's decision.
 * - Not returned: custom tools, OpenAI's own `tool_search` tool, other provider tools (web search, MCP, …) and this
 *   package's `tool_search` function. The transformer passes them through.
 *
 * Throws a `ToolSearchError` (`invalid-request`) naming the item when the body is not an object, `tools` is not an
 * array, a tool is not an object or has no `type`, a function has no name or its `parameters` is not an object, a
 * namespace's `tools` is not an array, two functions share a name (this package identifies a tool by its name, so
 * the same function name in two namespaces is not supported), or a custom tool shares its name with another tool of
 * its scope (the top level, or its namespace).
 *
 * @example
 * ```ts
 * import { resolveToolSearch } from 'tool-search';
 * import { parseOpenAIResponsesTools } from 'tool-search/openai';
 * const plan = resolveToolSearch({ id: 'gpt-5.4', api: 'openai-responses' }, parseOpenAIResponsesTools(body));
 * ```
 */
export function parseOpenAIResponsesTools(body: unknown): ToolDefinition[] {
  return [...readOpenAIResponsesTools(body).definitions];
}

/**
 * Walks a Responses body's `tools` and classifies every tool (the transformer's view; {@link parseOpenAIResponsesTools}
 * is the public one). Same errors as {@link parseOpenAIResponsesTools}.
 */
export function readOpenAIResponsesTools(body: unknown): OpenAIResponsesBodyTools {
  const list = parseRequestToolList(parseRequestBody(body, 'an object').tools, 'tools');
  const tools: OpenAIResponsesBodyTool[] = [];
  const namespaces: OpenAIResponsesBodyNamespace[] = [];
  const seen = new Map<string, string>();
  const definitions: ToolDefinition[] = [];
  const add = (entry: OpenAIResponsesBodyTool): void => {
    if (entry.neutral.kind === 'function') {
      const name = entry.neutral.definition.name;
      const first = seen.get(name);
      if (first !== undefined) {
        throw new ToolSearchError(
          'invalid-request',
          `Function \`${name}\` is defined twice (\`${first}\` and \`${entry.path}\`); tool search identifies a tool by its name, so give each function its own name`,
        );
      }
      seen.set(name, entry.path);
      definitions.push(entry.neutral.definition);
    }
    tools.push(entry);
  };

  list.forEach((tool: unknown, index) => {
    const path = `tools[${index}]`;
    const object = checkTool(tool, path);
    if (object.type === 'namespace') {
      const { name, description, tools: members } = object;
      if (typeof name !== 'string' || name.length === 0) {
        throw new ToolSearchError('invalid-request', `\`${path}.name\` (a namespace) must be a non-empty string, got ${describeValue(name)}`);
      }
      if (!Array.isArray(members)) {
        throw new ToolSearchError('invalid-request', `\`${path}.tools\` (namespace \`${name}\`) must be an array of tools, got ${describeValue(members)}`);
      }
      namespaces.push({ name, ...(typeof description === 'string' ? { description } : {}), path });
      const deferAll = object.defer_loading === true;
      members.forEach((member: unknown, memberIndex) => {
        const memberPath = `${path}.tools[${memberIndex}]`;
        const memberObject = checkTool(member, memberPath);
        add(classify(memberObject, memberPath, { name, deferAll }, tools.length));
      });
      return;
    }
    add(classify(object, path, undefined, tools.length));
  });
  // Only a custom tool can share a name with another tool of its scope (functions are unique anyway): most bodies
  // hold none, and skip the check.
  if (tools.some((entry) => entry.tool.type === 'custom')) checkScopes(tools);
  return { tools, namespaces, definitions, neutral: tools.map((entry) => entry.neutral), written: {} };
}

/** Throws when two tools of one scope (the top level, or one namespace), one of them a custom tool, share a name. */
function checkScopes(tools: readonly OpenAIResponsesBodyTool[]): void {
  const scoped = new Map<string, { path: string; custom: boolean }>();
  for (const entry of tools) {
    const { neutral } = entry;
    const custom = neutral.kind === 'other' && neutral.custom === true;
    if (neutral.kind !== 'function' && !custom) continue;
    const name = neutral.kind === 'function' ? neutral.definition.name : (entry.tool.name as string);
    const key = `${entry.namespace ?? ''}\u0000${name}`;
    const first = scoped.get(key);
    if (first !== undefined && (first.custom || custom)) {
      throw new ToolSearchError(
        'invalid-request',
        `Tool name \`${name}\` is used twice ${entry.namespace === undefined ? 'at the top level' : `in namespace \`${entry.namespace}\``} (\`${first.path}\` and \`${entry.path}\`); the API requires unique names there`,
      );
    }
    scoped.set(key, { path: entry.path, custom });
  }
}

function checkTool(tool: unknown, path: string): Readonly<Record<string, unknown>> {
  if (typeof tool !== 'object' || tool === null || Array.isArray(tool)) {
    throw new ToolSearchError('invalid-request', `\`${path}\` must be a tool object, got ${describeValue(tool)}`);
  }
  const object = tool as Record<string, unknown>;
  if (typeof object.type !== 'string' || object.type.length === 0) {
    const hint =
      typeof object.function === 'object' && object.function !== null
        ? ' (this looks like a Chat Completions tool; the Responses API takes `{ type: "function", name, parameters }` without the `function` wrapper)'
        : '';
    throw new ToolSearchError('invalid-request', `\`${path}.type\` must be a tool type such as "function", got ${describeValue(object.type)}${hint}`);
  }
  return object;
}

function classify(
  tool: Readonly<Record<string, unknown>>,
  path: string,
  namespace: { name: string; deferAll: boolean } | undefined,
  index: number,
): OpenAIResponsesBodyTool {
  const where = namespace === undefined ? {} : { namespace: namespace.name };
  const group = namespace === undefined ? {} : { group: namespace.name };
  const deferred = tool.defer_loading === true;
  if (tool.type === 'function') {
    const definition = toDefinition(tool, path, namespace);
    if (namespace === undefined && isOwnTool(definition)) return { path, tool, neutral: { kind: 'own', index, definition, path } };
    return { path, tool, ...where, neutral: { kind: 'function', index, definition, deferred, path, ...group } };
  }
  if (tool.type === 'custom') {
    if (typeof tool.name !== 'string' || tool.name.length === 0) {
      throw new ToolSearchError('invalid-request', `\`${path}.name\` (a custom tool) must be a non-empty string, got ${describeValue(tool.name)}`);
    }
    // A deferred top-level custom tool is called in a namespace of its own name, which cannot be a reserved one.
    const rejected = isOpenAIResponsesReservedNamespace(tool.name);
    return {
      path,
      tool,
      ...where,
      neutral: { kind: 'other', index, name: tool.name, path, deferred, custom: true, deferredAloneRejected: rejected, ...group },
    };
  }
  if (tool.type === 'tool_search' && namespace === undefined) {
    return { path, tool, neutral: { kind: 'hosted-search', index, clientExecuted: tool.execution === 'client' } };
  }
  // Namespaces hold only function and custom tools: another tool in one is sent at the top level, ungrouped.
  const name = String(tool.name ?? tool.server_label ?? tool.type);
  return { path, tool, ...where, neutral: { kind: 'other', index, name, path, deferred } };
}

function toDefinition(tool: Readonly<Record<string, unknown>>, path: string, namespace: { name: string; deferAll: boolean } | undefined): ToolDefinition {
  const { name, description, parameters } = tool;
  if (typeof name !== 'string' || name.length === 0) {
    throw new ToolSearchError('invalid-request', `\`${path}.name\` (a function) must be a non-empty string, got ${describeValue(name)}`);
  }
  if (parameters !== undefined && parameters !== null && (typeof parameters !== 'object' || Array.isArray(parameters))) {
    throw new ToolSearchError(
      'invalid-request',
      `\`${path}.parameters\` (function \`${name}\`) must be a JSON Schema object or null, got ${describeValue(parameters)}`,
    );
  }
  if (description !== undefined && description !== null && typeof description !== 'string') {
    throw new ToolSearchError('invalid-request', `\`${path}.description\` (function \`${name}\`) must be a string, got ${describeValue(description)}`);
  }
  if (parameters === undefined && tool.inputSchema !== undefined) {
    // An MCP tool given a `type`: read as a function without arguments, its schema would be dropped without a word.
    throw new ToolSearchError(
      'invalid-request',
      `\`${path}\` (function \`${name}\`) has an \`inputSchema\` but no \`parameters\`: a Responses function carries its JSON Schema in \`parameters\` (an MCP tool goes through \`createMCPToolCatalog\`, or drop its \`type\`)`,
    );
  }
  const deferred = tool.defer_loading === true || namespace?.deferAll === true;
  // Built field by field in the order of the type, not with conditional spreads: this runs for every tool of every
  // request, and the spreads cost several times more.
  const inputSchema = (parameters ?? NO_PARAMETERS) as JSONSchemaObject;
  const definition: { -readonly [Field in keyof ToolDefinition]: ToolDefinition[Field] } =
    typeof description === 'string' ? { name, description, inputSchema } : { name, inputSchema };
  if (namespace !== undefined) definition.category = namespace.name;
  if (deferred) definition.deferrable = 'always';
  return definition;
}
