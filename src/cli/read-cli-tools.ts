import { readFile } from 'node:fs/promises';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { isRecord } from '../records/is-record.js';
import { parseToolDefinitions } from '../tools/parse-tool-definitions.js';
import type { ToolDefinition } from '../tools/tool-definition.js';

/** A tool list read from the command line, and how it was given. */
export interface CLITools {
  readonly tools: ToolDefinition[];
  /** For the report: `path (a JSON array)`, `standard input (an MCP tools/list result)`, … */
  readonly source: string;
}

/**
 * Reads the tools file of `inspect` and `search`: a path, or `-` for standard input; a JSON array of tools, an MCP
 * `tools/list` result (`{ tools }`), or a whole JSON-RPC response to `tools/list` (`{ result: { tools } }`). Throws a
 * `ToolSearchError`: `invalid-options` for a file that cannot be read, `invalid-tools` for text that is not JSON or
 * not a tool list (with the reader's message naming the tools).
 */
export async function readCLITools(file: string, readStandardInput: () => Promise<string>): Promise<CLITools> {
  const name = file === '-' ? 'standard input' : file;
  let text: string;
  try {
    text = file === '-' ? await readStandardInput() : await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : error instanceof Error ? error.message : String(error);
    throw new ToolSearchError('invalid-options', `cannot read \`${name}\`: ${why}`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const why = text.trim().length === 0 ? 'it is empty' : error instanceof Error ? error.message : String(error);
    throw new ToolSearchError('invalid-tools', `\`${name}\` is not valid JSON: ${why}`, { cause: error });
  }
  const response = isRecord(json) && isRecord(json.result) && 'tools' in json.result;
  const list = response ? (json as { result: unknown }).result : json;
  try {
    const tools = parseToolDefinitions(list);
    const form = response ? 'a JSON-RPC tools/list response' : Array.isArray(list) ? 'a JSON array' : 'an MCP tools/list result';
    return { tools, source: `${name} (${form})` };
  } catch (error) {
    throw new ToolSearchError('invalid-tools', `\`${name}\`: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
