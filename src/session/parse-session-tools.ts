import { ToolSearchError } from '../errors/tool-search-error.js';
import { assertNever } from '../errors/assert-never.js';
import { describeValue } from '../errors/describe-value.js';
import { isRecord } from '../records/is-record.js';
import type { WireAPI } from '../models/model-reference.js';
import { createArgumentsJSONSchema, isArgumentsSchemaObject } from '../tools/create-arguments-json-schema.js';
import { resolveToolShape, type ToolShape } from '../tools/resolve-tool-shape.js';

/** Where a tool list given to a session-API factory came from, for messages. */
export interface SessionToolsSource {
  /** The factory's wire API: its shape is the one accepted. */
  readonly api: WireAPI;
  /** The factory's name. */
  readonly label: string;
  /** How messages name the list: `` `tools` `` (the factory's option) or `` `body.tools` ``. */
  readonly where: string;
}

/** The shapes each wire API accepts in its tool list (`provider`: the API's own typed tools, passed through). */
const ACCEPTED: Readonly<Record<WireAPI, readonly ToolShape[]>> = {
  'openai-responses': ['openai-responses', 'provider'],
  'openai-chat': ['openai-chat', 'provider'],
  'anthropic-messages': ['anthropic-messages', 'provider'],
  gemini: ['gemini'],
};

/** Each wire API's session factory, and how its tools are written from MCP-shaped ones. */
const ENTRY_POINTS: Readonly<Record<WireAPI, { readonly name: string; readonly factory: string; readonly convert: string; readonly shape: string }>> = {
  'openai-responses': {
    name: 'the OpenAI Responses API',
    factory: 'createOpenAIResponsesToolSearch',
    convert: '`createOpenAIResponsesTools(tools)` (`tool-search/openai`)',
    shape: "`{ type: 'function', name, description, parameters, strict }`",
  },
  'openai-chat': {
    name: 'OpenAI Chat Completions',
    factory: 'createOpenAIChatToolSearch',
    convert: '`createOpenAIChatTools(tools)` (`tool-search/openai`)',
    shape: "`{ type: 'function', function: { name, description, parameters } }`",
  },
  'anthropic-messages': {
    name: 'the Anthropic Messages API',
    factory: 'createAnthropicMessagesToolSearch',
    convert: '`createAnthropicMessagesTools(tools)` (`tool-search/anthropic`)',
    shape: '`{ name, description, input_schema }`',
  },
  gemini: {
    name: 'Gemini',
    factory: 'createGeminiToolSearch',
    convert: '`[{ functionDeclarations: createGeminiFunctionDeclarations(tools) }]` (`tool-search/gemini`)',
    shape: '`{ functionDeclarations: [{ name, description, parametersJsonSchema }] }`',
  },
};

/** How a message names each shape, and the API it belongs to. */
const SHAPES: Readonly<Record<Exclude<ToolShape, 'provider' | 'unknown'>, { readonly text: string; readonly api?: WireAPI }>> = {
  'openai-responses': {
    text: "an OpenAI Responses tool (`{ type: 'function', name, parameters }`, without Chat's `function` wrapper)",
    api: 'openai-responses',
  },
  'openai-chat': { text: "an OpenAI Chat Completions tool (`{ type: 'function', function: { name, parameters } }`)", api: 'openai-chat' },
  'anthropic-messages': { text: 'an Anthropic Messages API tool (`{ name, description, input_schema }`)', api: 'anthropic-messages' },
  gemini: { text: 'a Gemini tool (`{ functionDeclarations }`)', api: 'gemini' },
  'gemini-declaration': { text: 'a Gemini function declaration (`{ name, parameters }`) not wrapped in a tool', api: 'gemini' },
  mcp: { text: 'an MCP tool (`{ name, description, inputSchema }`)' },
};

/**
 * Checks a tool list given to a session-API factory (its `tools`, or a body's) against the factory's wire API, and
 * converts arguments schemas written with a schema library (zod 3 or 4, ArkType, any Standard JSON Schema) where the
 * API's JSON Schema belongs (`parameters`, `input_schema`, `parametersJsonSchema`), the way `createToolDefinition`
 * does. Returns the list itself when nothing was converted, else a copy with the converted tools.
 *
 * Throws a `ToolSearchError` (`invalid-tools`) naming the entry, the shape found and the right entry point when an
 * entry is in another API's shape (a Chat Completions tool given to the Anthropic factory, an MCP tool, a bare Gemini
 * declaration) or in no known shape (`{ nonsense: true }`), and what `createToolDefinition` throws for a schema it
 * cannot convert. Each API's own reader then checks the entries of its shape. Not part of the public API.
 */
export function parseSessionTools(tools: readonly unknown[], source: SessionToolsSource): readonly unknown[] {
  const accepted = ACCEPTED[source.api];
  let converted: unknown[] | undefined;
  for (let index = 0; index < tools.length; index += 1) {
    const tool = tools[index];
    const shape = resolveToolShape(tool);
    if (shape === 'unknown') {
      const own = ENTRY_POINTS[source.api];
      throw new ToolSearchError(
        'invalid-tools',
        `${source.where}[${index}] is not a tool of any API this package knows, got ${describeValue(tool)}; \`${source.label}\` takes ${own.name}'s tools, such as ${own.shape} (${own.convert} writes MCP-shaped tools)`,
      );
    }
    if (!accepted.includes(shape)) throw new ToolSearchError('invalid-tools', foreignShapeMessage(shape, index, source));
    const written = withJSONSchemas(tool as Record<string, unknown>, source.api);
    if (written !== tool) {
      converted ??= [...tools];
      converted[index] = written;
    }
  }
  return converted ?? tools;
}

function foreignShapeMessage(shape: Exclude<ToolShape, 'unknown'>, index: number, source: SessionToolsSource): string {
  const own = ENTRY_POINTS[source.api];
  const found = shape === 'provider' ? { text: 'a provider tool of another API' } : SHAPES[shape];
  const entry = `${source.where}[${index}] is ${found.text}, but \`${source.label}\` takes ${own.name}'s tools`;
  if (shape === 'gemini-declaration' && source.api === 'gemini')
    return `${entry}: wrap the declarations in a tool, \`[{ functionDeclarations: declarations }]\``;
  if (found.api === undefined) {
    return `${entry}: convert MCP tools with ${own.convert}, or use \`createToolSearch\` from \`tool-search\` for a runtime of your own`;
  }
  const theirs = ENTRY_POINTS[found.api];
  return `${entry}: to send them to ${theirs.name}, use \`${theirs.factory}\`; to send them to ${own.name}, write them in its shape (${own.convert} writes MCP-shaped tools)`;
}

/** The tool with every arguments schema of a schema library replaced by its JSON Schema; the tool itself when none is. */
function withJSONSchemas(tool: Record<string, unknown>, api: WireAPI): Record<string, unknown> {
  switch (api) {
    case 'openai-responses':
      if (tool.type === 'namespace' && Array.isArray(tool.tools)) {
        const members = tool.tools.map((member: unknown) => (isRecord(member) ? convertField(member, 'parameters', 'parameters') : member));
        return members.some((member, index) => member !== (tool.tools as unknown[])[index]) ? { ...tool, tools: members } : tool;
      }
      return tool.type === 'function' ? convertField(tool, 'parameters', 'parameters') : tool;
    case 'openai-chat': {
      if (!isRecord(tool.function)) return tool;
      const converted = convertField(tool.function, 'parameters', 'parameters');
      return converted === tool.function ? tool : { ...tool, function: converted };
    }
    case 'anthropic-messages':
      return convertField(tool, 'input_schema', 'input_schema');
    case 'gemini': {
      if (!Array.isArray(tool.functionDeclarations)) return tool;
      const declarations = tool.functionDeclarations.map((declaration: unknown) => {
        if (!isRecord(declaration)) return declaration;
        // `parameters` is Gemini's OpenAPI subset: a converted JSON Schema goes in `parametersJsonSchema`.
        const fromParameters = convertField(declaration, 'parameters', 'parametersJsonSchema');
        return convertField(fromParameters, 'parametersJsonSchema', 'parametersJsonSchema');
      });
      return declarations.some((declaration, index) => declaration !== (tool.functionDeclarations as unknown[])[index])
        ? { ...tool, functionDeclarations: declarations }
        : tool;
    }
    default:
      return assertNever(api, 'wire API');
  }
}

/** The object with `from` (a schema library's schema) written as JSON Schema in `to`; the object itself otherwise. */
function convertField(object: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  const schema = object[from];
  if (!isArgumentsSchemaObject(schema)) return object;
  const name = typeof object.name === 'string' ? object.name : '(unnamed)';
  const { [from]: _replaced, ...rest } = object;
  return { ...rest, [to]: createArgumentsJSONSchema(schema, name) };
}
