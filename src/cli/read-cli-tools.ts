import { readFile } from 'node:fs/promises';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { parseToolDefinitions } from '../tools/parse-tool-definitions.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { parseAnthropicMessagesTools } from '../providers/anthropic/index.js';
import { parseGeminiTools } from '../providers/gemini/index.js';
import { parseBedrockConverseTools } from '../providers/bedrock/index.js';
import { parseOpenAIChatTools, parseOpenAIResponsesTools } from '../providers/openai/index.js';
import { resolveToolFileLayout, TOOL_FILE_FORMAT_SHAPES, type ToolFileFormat } from './resolve-tool-file-layout.js';

/** A tool list read from the command line, and how it was given. */
export interface CLITools {
  readonly tools: ToolDefinition[];
  /** For the report: `path (a JSON array of MCP tools)`, `standard input (a request body of Anthropic Messages tools)`, … */
  readonly source: string;
}

/** Each format's tools: the words the report uses for them, and the package's reader for them. */
const FORMATS: Readonly<Record<ToolFileFormat, { readonly name: string; read(tools: readonly unknown[]): ToolDefinition[] }>> = {
  mcp: { name: 'MCP tools', read: (tools) => parseToolDefinitions(tools) },
  'openai-responses': { name: 'OpenAI Responses tools', read: (tools) => parseOpenAIResponsesTools({ tools }) },
  'openai-chat': { name: 'OpenAI Chat Completions tools', read: (tools) => parseOpenAIChatTools({ tools }) },
  'anthropic-messages': { name: 'Anthropic Messages tools', read: (tools) => parseAnthropicMessagesTools({ tools }) },
  gemini: { name: 'Gemini function declarations', read: (tools) => parseGeminiTools({ tools }) },
  'bedrock-converse': { name: 'Amazon Bedrock Converse tools', read: (tools) => parseBedrockConverseTools({ toolConfig: { tools } }) },
};

/**
 * Reads the tools file of `inspect` and `search`: a path, or `-` for standard input, in any shape the package reads
 * (see `resolveToolFileLayout`): MCP tools (an array, a `tools/list` result, a JSON-RPC response), or the tools of an
 * OpenAI Responses, Chat Completions, Anthropic Messages, Gemini or Bedrock Converse request (an array, or the whole body), detected
 * from their fields or forced with `format`. A UTF-8 byte order mark is skipped. Each shape is read by the package's
 * own reader for it.
 *
 * Throws one `ToolSearchError` per file: `invalid-options` for a file that cannot be read, `invalid-tools` for text
 * that is not JSON, a file whose tools are in no shape (or in two), or a list its reader refuses (the reader's
 * message names the tools).
 */
export async function readCLITools(file: string, readStandardInput: () => Promise<string>, format?: ToolFileFormat): Promise<CLITools> {
  const name = file === '-' ? 'standard input' : file;
  let text: string;
  try {
    text = file === '-' ? await readStandardInput() : await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : error instanceof Error ? error.message : String(error);
    throw new ToolSearchError('invalid-options', `cannot read \`${name}\`: ${why}`, { cause: error });
  }
  // Editors on Windows save UTF-8 with a byte order mark, which JSON.parse refuses.
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const why = text.trim().length === 0 ? 'it is empty' : error instanceof Error ? error.message : String(error);
    throw new ToolSearchError('invalid-tools', `\`${name}\` is not valid JSON: ${why}`, { cause: error });
  }
  const layout = resolveToolFileLayout(json, format);
  if (layout.format === null) throw new ToolSearchError('invalid-tools', `\`${name}\`: ${layout.problem}`);
  try {
    const { name: noun, read } = FORMATS[layout.format];
    return { tools: read(layout.entries), source: `${name} (${layout.container} of ${noun})` };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ToolSearchError(
      'invalid-tools',
      `\`${name}\`, read as ${TOOL_FILE_FORMAT_SHAPES[layout.format]}${format === undefined ? '' : ' (--format)'}: ${message}`,
      { cause: error },
    );
  }
}
