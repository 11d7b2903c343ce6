import { isRecord } from '../records/is-record.js';
import { WIRE_APIS, type WireAPI } from '../models/model-reference.js';
import { resolveToolShape } from '../tools/resolve-tool-shape.js';

/** The shapes a tools file may be in: the MCP `tools/list` shape, or one wire API's own tool shape. */
export type ToolFileFormat = 'mcp' | WireAPI;

/** Every tools file format, in the order `--format` lists them. */
export const TOOL_FILE_FORMATS: readonly ToolFileFormat[] = ['mcp', ...WIRE_APIS];

/** What each format's tools look like, for messages. */
export const TOOL_FILE_FORMAT_SHAPES: Readonly<Record<ToolFileFormat, string>> = {
  mcp: 'MCP ({ name, description, inputSchema })',
  'openai-responses': "OpenAI Responses ({ type: 'function', name, parameters })",
  'openai-chat': "OpenAI Chat Completions ({ type: 'function', function: { name, parameters } })",
  'anthropic-messages': 'Anthropic Messages ({ name, description, input_schema })',
  gemini: 'Gemini ({ functionDeclarations: [{ name, parameters }] }, or the declarations themselves)',
  'bedrock-converse': 'Amazon Bedrock Converse ({ toolSpec: { name, inputSchema: { json } } })',
};

/** Where a tools file keeps its tools, and the shape they are in. */
export type ToolFileLayout =
  | {
      readonly format: ToolFileFormat;
      /** The tool entries, as the API's body would hold them in `tools` (Gemini: tools holding `functionDeclarations`). */
      readonly entries: readonly unknown[];
      /** How the file held them, for the report: `a JSON array`, `an MCP tools/list result`, … */
      readonly container: string;
    }
  | {
      readonly format: null;
      /** Why no format fits: one sentence naming the entries and what was found. */
      readonly problem: string;
    };

/**
 * Finds the tools in a parsed tools file and the shape they are in. The file may be an array of tools, an object
 * holding them in `tools` (an MCP `tools/list` result, or a request body of any wire API), a JSON-RPC response to
 * `tools/list` (`{ result: { tools } }`), a `@google/genai` request (`{ config: { tools } }`) or a Converse request
 * (`{ toolConfig: { tools } }`). Each entry's shape is
 * read by `resolveToolShape`, as the session factories read it (bare Gemini declarations count as Gemini and are
 * wrapped into one Gemini tool); entries no shape claims (a provider tool such as `{ type: 'web_search' }`) are left
 * to the API's reader. `format` forces a shape (`--format`).
 *
 * Pure: decides, never throws; a file with no tools, or tools of two shapes, or of none, gets a `problem`.
 */
export function resolveToolFileLayout(json: unknown, format?: ToolFileFormat): ToolFileLayout {
  const found = findEntries(json);
  if (found === null) {
    return {
      format: null,
      problem: 'it holds no tool list: expected a JSON array of tools, or an object with the array in `tools` (an MCP tools/list result or a request body)',
    };
  }
  const { entries, container } = found;
  const shapes = new Map<ToolFileFormat, number>();
  entries.forEach((entry, index) => {
    const shape = resolveEntryFormat(entry);
    if (shape !== null && !shapes.has(shape)) shapes.set(shape, index);
  });
  if (format !== undefined && shapes.size > 0 && !shapes.has(format)) {
    const [[shape, index]] = [...shapes] as [[ToolFileFormat, number]];
    return {
      format: null,
      problem: `\`--format ${format}\` asks for ${TOOL_FILE_FORMAT_SHAPES[format]}, but \`tools[${index}]\` is ${TOOL_FILE_FORMAT_SHAPES[shape]}; leave \`--format\` out to read the shape the file has`,
    };
  }
  // The shape asked for, or the one the entries have; a file without entries is an empty MCP list.
  const chosen = format ?? (shapes.size === 1 ? [...shapes.keys()][0] : entries.length === 0 ? 'mcp' : undefined);
  if (chosen !== undefined) return { format: chosen, entries: chosen === 'gemini' ? wrapGeminiDeclarations(entries) : entries, container };
  if (shapes.size > 1) {
    const mixed = [...shapes].map(([shape, index]) => `\`tools[${index}]\` is ${TOOL_FILE_FORMAT_SHAPES[shape]}`);
    return { format: null, problem: `its tools mix shapes: ${mixed.join(', ')}; give one shape per file, or choose one with \`--format\`` };
  }
  const first = entries[0];
  const fields = isRecord(first) ? Object.keys(first).map((key) => `\`${key}\``) : [];
  const keys = isRecord(first)
    ? `an object with ${fields.length === 0 ? 'no fields' : `the fields ${fields.join(', ')}`}`
    : (JSON.stringify(first) ?? String(first));
  return {
    format: null,
    problem: `its tools are in no shape this package reads (\`tools[0]\` is ${keys}); the shapes read are ${TOOL_FILE_FORMATS.map((shape) => TOOL_FILE_FORMAT_SHAPES[shape]).join(', ')}`,
  };
}

/** The tool entries of a parsed file and how the file held them, or `null` when it holds no list. */
function findEntries(json: unknown): { readonly entries: readonly unknown[]; readonly container: string } | null {
  if (Array.isArray(json)) return { entries: json, container: 'a JSON array' };
  if (!isRecord(json)) return null;
  if (Array.isArray(json.tools))
    return { entries: json.tools, container: 'messages' in json || 'input' in json || 'contents' in json ? 'a request body' : 'an object with `tools`' };
  if (isRecord(json.result) && Array.isArray(json.result.tools)) return { entries: json.result.tools, container: 'a JSON-RPC tools/list response' };
  if (isRecord(json.config) && Array.isArray(json.config.tools)) return { entries: json.config.tools, container: 'a @google/genai request' };
  if (isRecord(json.toolConfig) && Array.isArray(json.toolConfig.tools)) return { entries: json.toolConfig.tools, container: 'a Converse request' };
  return null;
}

/** The format one entry is in, or `null` when its fields do not say (a provider tool, or not a tool). */
function resolveEntryFormat(entry: unknown): ToolFileFormat | null {
  const shape = resolveToolShape(entry);
  switch (shape) {
    case 'gemini-declaration':
      return 'gemini';
    case 'provider':
    case 'unknown':
      return null;
    default:
      return shape;
  }
}

/**
 * Gemini entries as a request's `tools`: bare function declarations (a list of them is Gemini's
 * `functionDeclarations`, not its `tools`) go into one Gemini tool after the entries that are tools already.
 */
function wrapGeminiDeclarations(entries: readonly unknown[]): readonly unknown[] {
  const declarations = entries.filter((entry) => resolveToolShape(entry) === 'gemini-declaration');
  if (declarations.length === 0) return entries;
  return [...entries.filter((entry) => resolveToolShape(entry) !== 'gemini-declaration'), { functionDeclarations: declarations }];
}
