import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import type { WireAPI } from '../models/model-reference.js';
import { resolveToolShape, type ToolShape } from '../tools/resolve-tool-shape.js';
import type { SessionAdapter } from './session-adapter.js';

/** A package function as messages name it: its name and the subpath that exports it. */
interface PublicFunction {
  readonly name: string;
  readonly from: string;
}

/**
 * How a message names each shape, the session factory that takes it, and the package's reader that turns a list of
 * it, named `tools`, into tool definitions (which every API's converter takes).
 */
const SHAPES: Readonly<
  Record<
    Exclude<ToolShape, 'provider' | 'unknown'>,
    { readonly text: string; readonly api?: WireAPI; readonly read?: PublicFunction & { readonly code: string } }
  >
> = {
  'openai-responses': {
    text: "an OpenAI Responses tool (`{ type: 'function', name, parameters }`, without Chat's `function` wrapper)",
    api: 'openai-responses',
    read: { name: 'parseOpenAIResponsesTools', from: 'tool-search/openai', code: 'parseOpenAIResponsesTools({ tools })' },
  },
  'openai-chat': {
    text: "an OpenAI Chat Completions tool (`{ type: 'function', function: { name, parameters } }`)",
    api: 'openai-chat',
    read: { name: 'parseOpenAIChatTools', from: 'tool-search/openai', code: 'parseOpenAIChatTools({ tools })' },
  },
  'anthropic-messages': {
    text: 'an Anthropic Messages API tool (`{ name, description, input_schema }`)',
    api: 'anthropic-messages',
    read: { name: 'parseAnthropicMessagesTools', from: 'tool-search/anthropic', code: 'parseAnthropicMessagesTools({ tools })' },
  },
  gemini: {
    text: 'a Gemini tool (`{ functionDeclarations }`)',
    api: 'gemini',
    read: { name: 'parseGeminiTools', from: 'tool-search/gemini', code: 'parseGeminiTools({ tools })' },
  },
  'gemini-declaration': {
    text: 'a Gemini function declaration (`{ name, parameters }`) not wrapped in a tool',
    api: 'gemini',
    read: { name: 'parseGeminiTools', from: 'tool-search/gemini', code: 'parseGeminiTools({ tools: [{ functionDeclarations: tools }] })' },
  },
  'bedrock-converse': {
    text: 'an Amazon Bedrock Converse tool (`{ toolSpec: { name, inputSchema: { json } } }`)',
    api: 'bedrock-converse',
    read: { name: 'parseBedrockConverseTools', from: 'tool-search/bedrock', code: 'parseBedrockConverseTools({ toolConfig: { tools } })' },
  },
  mcp: { text: 'an MCP tool (`{ name, description, inputSchema }`)' },
};

/**
 * How each wire API's session factory is named in messages, the API's name, how messages name its tools
 * (`` `tools` must be the agent's <noun> tools ``), one tool in its shape, and the package's function that writes
 * tool definitions (MCP-shaped tools) in its shape, with the code that calls it on `definitions`.
 */
const APIS: Readonly<
  Record<
    WireAPI,
    {
      readonly factory: string;
      readonly name: string;
      readonly noun: string;
      readonly example: string;
      readonly write: PublicFunction & { readonly code?: string };
    }
  >
> = {
  'openai-responses': {
    factory: 'createOpenAIResponsesToolSearch',
    name: 'the OpenAI Responses API',
    noun: 'Responses',
    example: "`{ type: 'function', name, description, parameters, strict }`",
    write: { name: 'createOpenAIResponsesTools', from: 'tool-search/openai' },
  },
  'openai-chat': {
    factory: 'createOpenAIChatToolSearch',
    name: 'OpenAI Chat Completions',
    noun: 'Chat Completions',
    example: "`{ type: 'function', function: { name, description, parameters } }`",
    write: { name: 'createOpenAIChatTools', from: 'tool-search/openai' },
  },
  'anthropic-messages': {
    factory: 'createAnthropicMessagesToolSearch',
    name: 'the Anthropic Messages API',
    noun: 'Messages API',
    example: '`{ name, description, input_schema }`',
    write: { name: 'createAnthropicMessagesTools', from: 'tool-search/anthropic' },
  },
  gemini: {
    factory: 'createGeminiToolSearch',
    name: 'Gemini',
    noun: 'Gemini',
    example: '`{ functionDeclarations: [{ name, description, parametersJsonSchema }] }`',
    write: {
      name: 'createGeminiFunctionDeclarations',
      from: 'tool-search/gemini',
      code: '[{ functionDeclarations: createGeminiFunctionDeclarations(DEFINITIONS) }]',
    },
  },
  'bedrock-converse': {
    factory: 'createBedrockConverseToolSearch',
    name: "Amazon Bedrock's Converse API",
    noun: 'Converse',
    example: '`{ toolSpec: { name, description, inputSchema: { json } } }`',
    write: { name: 'createBedrockConverseTools', from: 'tool-search/bedrock' },
  },
};

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
        `${entry} is not a tool of any API this package knows, got ${describeValue(tool)}; \`${label}\` takes ${APIS[api].name}'s tools, such as ${APIS[api].example}; ${describeWrite(api, 'tools')} writes MCP-shaped tools in it`,
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
  const rejected = `${entry} is ${found.text}, but \`${adapter.label}\` takes ${APIS[adapter.api].name}'s tools`;
  const hint = adapter.hints?.[shape];
  if (hint !== undefined) return `${rejected}: ${hint}`;
  if (!('api' in found) || found.api === undefined || found.read === undefined) {
    return `${rejected}: convert MCP tools with ${describeWrite(adapter.api, 'tools')}, or use \`createToolSearch\` from \`tool-search\` for a runtime of your own`;
  }
  const target = APIS[found.api];
  return `${rejected}: to send them to ${target.name}, use \`${target.factory}\`; to send them to ${APIS[adapter.api].name}, convert them: ${describeWrite(adapter.api, found.read.code, found.read)}`;
}

/**
 * The code that writes `definitions` (code that gives tool definitions) in the shape of `api`, in backticks, and where
 * its functions come from: `` `f(g({ tools }))` (`g` from `a`, `f` from `b`) ``.
 */
function describeWrite(api: WireAPI, definitions: string, read?: PublicFunction): string {
  const { write } = APIS[api];
  const code = write.code === undefined ? `${write.name}(${definitions})` : write.code.replace('DEFINITIONS', definitions);
  const bySubpath = new Map<string, string[]>();
  for (const { name, from } of read === undefined ? [write] : [read, write]) bySubpath.set(from, [...(bySubpath.get(from) ?? []), `\`${name}\``]);
  const imports = [...bySubpath].map(([from, names]) => `${names.join(' and ')} from \`${from}\``);
  return `\`${code}\` (${imports.join(', ')})`;
}
