import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { isRecord } from '../records/is-record.js';
import { parseToolDefinitions } from './parse-tool-definitions.js';
import type { ToolDefinition, ToolDefinitionsInput } from './tool-definition.js';

/** What joins a server's name and its tool's name in a catalog name: `github__create_issue`. */
export const MCP_TOOL_NAME_SEPARATOR = '__';

/** The server behind a catalog name and the tool's name on that server. */
export interface MCPServerTool {
  /** The server's name, as given to {@link createMCPToolCatalog}. */
  readonly server: string;
  /** The tool's name on the server, as its `tools/list` gives it (what `callTool` takes). */
  readonly name: string;
}

/** The tools of several MCP servers as one tool list, built by {@link createMCPToolCatalog}. */
export interface MCPToolCatalog {
  /**
   * Every server's tools, in server order then each server's order, named `<server>__<tool>` with the server's name as
   * `category` and `server` (a search naming the server favours its tools). The catalog itself is a `{ tools }` list, so it can be passed wherever tools are accepted.
   */
  readonly tools: readonly ToolDefinition[];
  /**
   * The server and the server's own tool name behind a catalog name (`github__create_issue` → `{ server: 'github',
   * name: 'create_issue' }`), or `undefined` for a name the catalog does not have. Map a model's call with the
   * transformer's `names.fromWire` first.
   */
  resolveServerTool(name: string): MCPServerTool | undefined;
}

/**
 * Joins the tool lists of several MCP servers into one catalog: every tool is named `<server>__<tool>` and gets the
 * server's name as its `category` (the group label OpenAI's hosted search turns into a namespace) and its `server`
 * (a `tool_search` query naming the server, "… on GitHub", favours that server's tools).
 *
 * Every name is prefixed, not only colliding ones: a tool's name then never depends on which other servers are
 * connected, so connecting one more server mid-conversation renames nothing the history already references (and
 * keeps a prompt cache's prefix), and the model sees where each tool comes from. `resolveServerTool` maps a name
 * back to the server and the name its `callTool` takes. A name the provider rejects (a server name with a dot or a
 * space, a name over 64 characters) is mapped by the provider's transformer like any other.
 *
 * Each server's tools are an array or its `tools/list` result as it comes (`Client.listTools()`); the tools are
 * copied with their MCP fields (`title`, `annotations`, `outputSchema`, `_meta`), the inputs are not modified. Throws a
 * `ToolSearchError` (`invalid-tools`) when `servers` is not an object, a server name is empty, a server's tool list
 * is invalid (see `parseToolDefinitions`), or two tools end up with one name (server `a` with tool `b__c` and server
 * `a__b` with tool `c`).
 *
 * @example
 * ```ts
 * import { createMCPToolCatalog, resolveToolSearch } from 'tool-search';
 * const catalog = createMCPToolCatalog({ github: await github.listTools(), linear: await linear.listTools() });
 * const plan = resolveToolSearch('claude-sonnet-4-6', catalog);
 * // later, for a call the model made:
 * const { server, name } = catalog.resolveServerTool('github__create_issue')!;
 * ```
 */
export function createMCPToolCatalog(servers: { readonly [server: string]: ToolDefinitionsInput }): MCPToolCatalog {
  if (!isRecord(servers)) {
    throw new ToolSearchError('invalid-tools', `\`servers\` must be an object of tool lists by server name, got ${describeValue(servers)}`);
  }
  const tools: ToolDefinition[] = [];
  const byName = new Map<string, MCPServerTool>();
  for (const [server, list] of Object.entries(servers)) {
    if (server.length === 0) throw new ToolSearchError('invalid-tools', 'an MCP server name must be a non-empty string, got ""');
    let definitions: ToolDefinition[];
    try {
      definitions = parseToolDefinitions(list);
    } catch (error) {
      throw new ToolSearchError('invalid-tools', `server \`${server}\`: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    for (const tool of definitions) {
      const name = `${server}${MCP_TOOL_NAME_SEPARATOR}${tool.name}`;
      const taken = byName.get(name);
      if (taken !== undefined) {
        throw new ToolSearchError(
          'invalid-tools',
          `two MCP tools are both named \`${name}\`: \`${taken.name}\` of server \`${taken.server}\` and \`${tool.name}\` of server \`${server}\`; rename a server`,
        );
      }
      byName.set(name, { server, name: tool.name });
      tools.push({ ...tool, name, category: server, server });
    }
  }
  return { tools, resolveServerTool: (name) => byName.get(name) };
}
