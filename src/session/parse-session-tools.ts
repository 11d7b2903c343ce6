import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { resolveToolShape, type ToolShape } from '../tools/resolve-tool-shape.js';
import type { SessionToolFormat } from './session-adapter.js';

/** Where a tool list given to a session-API factory came from, for messages. */
export interface SessionToolsSource {
  /** The factory's wire API's tool format: its shapes are the ones accepted. */
  readonly format: SessionToolFormat;
  /** The factory's name. */
  readonly label: string;
  /** How messages name the list: `` `tools` `` (the factory's option) or `` `body.tools` ``. */
  readonly where: string;
}

/**
 * How a message names each shape, the session factory that takes it, and the package's reader that turns a list of
 * it, named `tools`, into tool definitions (which every API's converter takes).
 */
const SHAPES: Readonly<
  Record<
    Exclude<ToolShape, 'provider' | 'unknown'>,
    {
      readonly text: string;
      readonly api?: { readonly name: string; readonly factory: string };
      readonly read?: { readonly name: string; readonly from: string; readonly code: string };
    }
  >
> = {
  'openai-responses': {
    text: "an OpenAI Responses tool (`{ type: 'function', name, parameters }`, without Chat's `function` wrapper)",
    api: { name: 'the OpenAI Responses API', factory: 'createOpenAIResponsesToolSearch' },
    read: { name: 'parseOpenAIResponsesTools', from: 'tool-search/openai', code: 'parseOpenAIResponsesTools({ tools })' },
  },
  'openai-chat': {
    text: "an OpenAI Chat Completions tool (`{ type: 'function', function: { name, parameters } }`)",
    api: { name: 'OpenAI Chat Completions', factory: 'createOpenAIChatToolSearch' },
    read: { name: 'parseOpenAIChatTools', from: 'tool-search/openai', code: 'parseOpenAIChatTools({ tools })' },
  },
  'anthropic-messages': {
    text: 'an Anthropic Messages API tool (`{ name, description, input_schema }`)',
    api: { name: 'the Anthropic Messages API', factory: 'createAnthropicMessagesToolSearch' },
    read: { name: 'parseAnthropicMessagesTools', from: 'tool-search/anthropic', code: 'parseAnthropicMessagesTools({ tools })' },
  },
  gemini: {
    text: 'a Gemini tool (`{ functionDeclarations }`)',
    api: { name: 'Gemini', factory: 'createGeminiToolSearch' },
    read: { name: 'parseGeminiTools', from: 'tool-search/gemini', code: 'parseGeminiTools({ tools })' },
  },
  'gemini-declaration': {
    text: 'a Gemini function declaration (`{ name, parameters }`) not wrapped in a tool',
    api: { name: 'Gemini', factory: 'createGeminiToolSearch' },
    read: { name: 'parseGeminiTools', from: 'tool-search/gemini', code: 'parseGeminiTools({ tools: [{ functionDeclarations: tools }] })' },
  },
  'bedrock-converse': {
    text: 'an Amazon Bedrock Converse tool (`{ toolSpec: { name, inputSchema: { json } } }`)',
    api: { name: "Amazon Bedrock's Converse API", factory: 'createBedrockConverseToolSearch' },
    read: { name: 'parseBedrockConverseTools', from: 'tool-search/bedrock', code: 'parseBedrockConverseTools({ toolConfig: { tools } })' },
  },
  mcp: { text: 'an MCP tool (`{ name, description, inputSchema }`)' },
};

/**
 * Checks a tool list given to a session-API factory (its `tools`, or a body's) against the factory's wire API, and
 * converts arguments schemas written with a schema library (zod 3 or 4, ArkType, any Standard JSON Schema) where the
 * API's JSON Schema belongs (the adapter's `withJSONSchemas`), the way `createToolDefinition` does. Returns the list
 * itself when nothing was converted, else a copy with the converted tools.
 *
 * Throws a `ToolSearchError` (`invalid-tools`) naming the entry, the shape found and the right entry point when an
 * entry is in another API's shape (a Chat Completions tool given to the Anthropic factory, an MCP tool, a bare Gemini
 * declaration) or in no known shape (`{ nonsense: true }`), and what `createToolDefinition` throws for a schema it
 * cannot convert. Each API's own reader then checks the entries of its shape. Not part of the public API.
 */
export function parseSessionTools(tools: readonly unknown[], source: SessionToolsSource): readonly unknown[] {
  const { format } = source;
  let converted: unknown[] | undefined;
  for (let index = 0; index < tools.length; index += 1) {
    const tool = tools[index];
    const shape = resolveToolShape(tool);
    if (shape === 'unknown') {
      throw new ToolSearchError(
        'invalid-tools',
        `${source.where}[${index}] is not a tool of any API this package knows, got ${describeValue(tool)}; \`${source.label}\` takes ${format.name}'s tools, such as ${format.example}; ${describeCall(format.convert.write('tools'), [format.convert])} writes MCP-shaped tools in it`,
      );
    }
    if (!format.shapes.includes(shape)) throw new ToolSearchError('invalid-tools', foreignShapeMessage(shape, index, source));
    const written = format.withJSONSchemas(tool as Record<string, unknown>);
    if (written !== tool) {
      converted ??= [...tools];
      converted[index] = written;
    }
  }
  return converted ?? tools;
}

function foreignShapeMessage(shape: Exclude<ToolShape, 'unknown'>, index: number, source: SessionToolsSource): string {
  const { format } = source;
  const found = shape === 'provider' ? { text: 'a provider tool of another API' } : SHAPES[shape];
  const entry = `${source.where}[${index}] is ${found.text}, but \`${source.label}\` takes ${format.name}'s tools`;
  const hint = format.hints?.[shape];
  if (hint !== undefined) return `${entry}: ${hint}`;
  if (found.api === undefined) {
    return `${entry}: convert MCP tools with ${describeCall(format.convert.write('tools'), [format.convert])}, or use \`createToolSearch\` from \`tool-search\` for a runtime of your own`;
  }
  const convert =
    'read' in found && found.read !== undefined
      ? `convert them: ${describeCall(format.convert.write(found.read.code), [found.read, format.convert])}`
      : `write them in its shape (${describeCall(format.convert.write('tools'), [format.convert])} writes MCP-shaped tools)`;
  return `${entry}: to send them to ${found.api.name}, use \`${found.api.factory}\`; to send them to ${format.name}, ${convert}`;
}

/** Code to type, in backticks, and where its functions come from: `` `f(g({ tools }))` (`g` from `a`, `f` from `b`) ``. */
function describeCall(code: string, functions: readonly { readonly name: string; readonly from: string }[]): string {
  const bySubpath = new Map<string, string[]>();
  for (const { name, from } of functions) bySubpath.set(from, [...(bySubpath.get(from) ?? []), `\`${name}\``]);
  const imports = [...bySubpath].map(([from, names]) => `${names.join(' and ')} from \`${from}\``);
  return `\`${code}\` (${imports.join(', ')})`;
}
