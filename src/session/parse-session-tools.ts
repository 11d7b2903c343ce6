import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { WIRE_API_NAMES, type WireAPI } from '../models/model-reference.js';
import { resolveToolShape, type ToolShape } from '../tools/resolve-tool-shape.js';
import type { SessionAdapter } from './session-adapter.js';

/**
 * How a message names each shape, and the wire API that takes it (whose `parse…Tools` reads a list of it, named
 * `tools`, into tool definitions, which every API's converter takes; `read` where the list must be wrapped first).
 */
const SHAPES: Readonly<Record<Exclude<ToolShape, 'provider' | 'unknown'>, { readonly text: string; readonly api?: WireAPI; readonly read?: string }>> = {
  'openai-responses': {
    text: "an OpenAI Responses tool (`{ type: 'function', name, parameters }`, without Chat's `function` wrapper)",
    api: 'openai-responses',
  },
  'openai-chat': { text: "an OpenAI Chat Completions tool (`{ type: 'function', function: { name, parameters } }`)", api: 'openai-chat' },
  'anthropic-messages': { text: 'an Anthropic Messages API tool (`{ name, description, input_schema }`)', api: 'anthropic-messages' },
  gemini: { text: 'a Gemini tool (`{ functionDeclarations }`)', api: 'gemini' },
  'gemini-declaration': {
    text: 'a Gemini function declaration (`{ name, parameters }`) not wrapped in a tool',
    api: 'gemini',
    read: 'parseGeminiTools({ tools: [{ functionDeclarations: tools }] })',
  },
  'bedrock-converse': {
    text: 'an Amazon Bedrock Converse tool (`{ toolSpec: { name, inputSchema: { json } } }`)',
    api: 'bedrock-converse',
    read: 'parseBedrockConverseTools({ toolConfig: { tools } })',
  },
  mcp: { text: 'an MCP tool (`{ name, description, inputSchema }`)' },
};

/**
 * Each wire API (named in messages by `WIRE_API_NAMES`): how messages name its tools (`` `tools` must be the agent's <noun> tools ``),
 * one tool in its shape, and the name its functions carry (`create<prefix>ToolSearch`, `parse<prefix>Tools`, exported
 * from the subpath its API id starts with), with the code that writes `DEFINITIONS` (tool definitions, MCP-shaped
 * tools) in its shape with the package's converter where it is not `create<prefix>Tools(DEFINITIONS)`.
 */
const APIS: Readonly<Record<WireAPI, { readonly noun: string; readonly example: string; readonly prefix: string; readonly write?: string }>> = {
  'openai-responses': {
    noun: 'Responses',
    example: "`{ type: 'function', name, description, parameters, strict }`",
    prefix: 'OpenAIResponses',
  },
  'openai-chat': {
    noun: 'Chat Completions',
    example: "`{ type: 'function', function: { name, description, parameters } }`",
    prefix: 'OpenAIChat',
  },
  'anthropic-messages': {
    noun: 'Messages API',
    example: '`{ name, description, input_schema }`',
    prefix: 'AnthropicMessages',
  },
  gemini: {
    noun: 'Gemini',
    example: '`{ functionDeclarations: [{ name, description, parametersJsonSchema }] }`',
    prefix: 'Gemini',
    write: '[{ functionDeclarations: createGeminiFunctionDeclarations(DEFINITIONS) }]',
  },
  'bedrock-converse': {
    noun: 'Converse',
    example: '`{ toolSpec: { name, description, inputSchema: { json } } }`',
    prefix: 'BedrockConverse',
  },
};

/** The code that writes `DEFINITIONS` in the shape of `api`, and the subpath that exports its functions. */
function writerOf(api: WireAPI): { readonly write: string; readonly from: string } {
  const { prefix, write } = APIS[api];
  return { write: write ?? `create${prefix}Tools(DEFINITIONS)`, from: `tool-search/${api.split('-')[0]}` };
}

/**
 * Checks a tool list given to a session-API factory (its `tools`, or a body's at `where`) against the factory's wire
 * API (`invalid-options` when the factory's `tools` is not a list), and converts arguments schemas written with a schema library (zod 3 or 4, ArkType, any Standard JSON Schema)
 * where the API's JSON Schema belongs (the adapter's `withJSONSchemas`), the way `createToolDefinition` does. Returns
 * the list itself when nothing was converted, else a copy with the converted tools.
 *
 * Throws a `ToolSearchError` (`invalid-tools`) naming the entry, the shape found and the right entry point when an
 * entry is in another API's shape (a Chat Completions tool given to the Anthropic factory, an MCP tool, a bare Gemini
 * declaration) or in no known shape (`{ nonsense: true }`), and what `createToolDefinition` throws for a schema it
 * cannot convert. Each API's own reader then checks the entries of its shape. Not part of the public API.
 */
export function parseSessionTools(
  tools: unknown,
  adapter: Pick<SessionAdapter<string>, 'api' | 'label' | 'providerTools' | 'hints' | 'withJSONSchemas'>,
  where: string,
): readonly unknown[] {
  const { api, label } = adapter;
  if (!Array.isArray(tools)) {
    throw new ToolSearchError('invalid-options', `${label}: \`tools\` must be the agent's ${APIS[api].noun} tools, got ${describeValue(tools)}`);
  }
  let converted: unknown[] | undefined;
  for (const [index, tool] of tools.entries()) {
    const shape = resolveToolShape(tool);
    const entry = `${where}[${index}]`;
    if (shape === 'unknown') {
      throw new ToolSearchError(
        'invalid-tools',
        `${entry} is not a tool of any API this package knows, got ${describeValue(tool)}; \`${label}\` takes ${WIRE_API_NAMES[api]}'s tools, such as ${APIS[api].example}; ${describeWrite(api, 'tools')} writes MCP-shaped tools in it`,
      );
    }
    if (shape !== api && !(shape === 'provider' && adapter.providerTools === true)) {
      throw new ToolSearchError('invalid-tools', foreignShapeMessage(shape, entry, adapter));
    }
    const written = adapter.withJSONSchemas(tool as Record<string, unknown>);
    if (written !== tool) {
      converted ??= [...tools];
      converted[index] = written;
    }
  }
  return converted ?? tools;
}

function foreignShapeMessage(shape: Exclude<ToolShape, 'unknown'>, entry: string, adapter: Pick<SessionAdapter<string>, 'api' | 'label' | 'hints'>): string {
  const found = shape === 'provider' ? { text: 'a provider tool of another API' } : SHAPES[shape];
  const rejected = `${entry} is ${found.text}, but \`${adapter.label}\` takes ${WIRE_API_NAMES[adapter.api]}'s tools`;
  const hint = adapter.hints?.[shape];
  if (hint !== undefined) return `${rejected}: ${hint}`;
  if (!('api' in found) || found.api === undefined) {
    return `${rejected}: convert MCP tools with ${describeWrite(adapter.api, 'tools')}, or use \`createToolSearch\` from \`tool-search\` for a runtime of your own`;
  }
  const target = APIS[found.api];
  const convert = describeWrite(adapter.api, found.read ?? `parse${target.prefix}Tools({ tools })`, found.api);
  return `${rejected}: to send them to ${WIRE_API_NAMES[found.api]}, use \`create${target.prefix}ToolSearch\`; to send them to ${WIRE_API_NAMES[adapter.api]}, convert them: ${convert}`;
}

/**
 * The code that writes `definitions` (code that gives tool definitions, read from a list of `reader`'s shape) in the
 * shape of `api`, in backticks, and where its functions come from: `` `f(g({ tools }))` (`g` from `a`, `f` from `b`) ``.
 */
function describeWrite(api: WireAPI, definitions: string, reader?: WireAPI): string {
  const code = writerOf(api).write.replace('DEFINITIONS', definitions);
  // Each function by the name called in its code (`createGeminiFunctionDeclarations` in `[{ functionDeclarations: … }]`).
  const called = (source: string, from: WireAPI) => ({ name: /\w+(?=\()/.exec(source)?.[0], from: writerOf(from).from });
  const functions = reader === undefined ? [called(code, api)] : [called(definitions, reader), called(writerOf(api).write, api)];
  const bySubpath = new Map<string, string[]>();
  for (const { name, from } of functions) bySubpath.set(from, [...(bySubpath.get(from) ?? []), `\`${name}\``]);
  const imports = [...bySubpath].map(([from, names]) => `${names.join(' and ')} from \`${from}\``);
  return `\`${code}\` (${imports.join(', ')})`;
}
