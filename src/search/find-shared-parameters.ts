import { isRecord } from '../records/is-record.js';
import type { ToolDefinition } from '../tools/tool-definition.js';

/**
 * The share of a server's tools that must declare a parameter word for word (same name, same description) for it to
 * count as shared. Measured on the Azure MCP Server alone and with GitHub's MCP server (bench/quality/README.md): any
 * share from 0.25 to 0.75 finds the same common options and moves R@5 alike; the public sets have no such parameter.
 */
export const SHARED_PARAMETER_SHARE = 0.5;
/** A server with fewer tools than this has no shared parameters: two tools that both take `path` share a topic. */
export const SHARED_PARAMETER_MIN_TOOLS = 5;

/** Which top-level parameters of a tool are shared by its server's tools (see {@link findSharedParameters}). */
export type IsSharedParameter = (tool: ToolDefinition, name: string, property: unknown) => boolean;

/**
 * Finds the parameters that most tools of a server declare word for word: a top-level property with the same name and
 * the same `description` in at least half of the tools of one server ({@link SHARED_PARAMETER_SHARE}, and in at least
 * {@link SHARED_PARAMETER_MIN_TOOLS} tools). An MCP server's common options (the Azure MCP Server's `tenant`,
 * `auth-method`, `retry-*` and `subscription` on nearly every tool, GitHub's `repo`) say nothing about what one tool
 * does, and their words ("subscription", "retry", "CLI") would otherwise match every request that names them and
 * crowd out the tool whose name or description does. Tools are grouped by their `server` field; tools without one form
 * one group (a whole catalog, when no tool names a server).
 *
 * Reads each tool's top-level properties once.
 *
 * @example
 * ```ts
 * const isShared = findSharedParameters(tools);
 * isShared(tool, 'tenant', tool.inputSchema.properties.tenant); // true when half of its server's tools declare it alike
 * ```
 */
export function findSharedParameters(tools: readonly ToolDefinition[]): IsSharedParameter {
  // Per server: how many tools it has, and per parameter (its name and description, see parameterKey) how many declare it.
  const servers = new Map<string | undefined, { tools: number; declared: Map<string, number> }>();
  for (const tool of tools) {
    const server = resolveServerKey(tool);
    const group = servers.get(server) ?? { tools: 0, declared: new Map<string, number>() };
    servers.set(server, group);
    group.tools += 1;
    const properties = tool.inputSchema.properties;
    if (!isRecord(properties)) continue;
    for (const [name, property] of Object.entries(properties)) {
      const key = parameterKey(name, property);
      group.declared.set(key, (group.declared.get(key) ?? 0) + 1);
    }
  }
  // Only the shared ones are kept: a lookup for any other parameter fails at once.
  const shared = new Map<string | undefined, Set<string>>();
  for (const [server, group] of servers) {
    const least = Math.max(SHARED_PARAMETER_MIN_TOOLS, SHARED_PARAMETER_SHARE * group.tools);
    const keys = [...group.declared].filter(([, count]) => count >= least).map(([key]) => key);
    if (keys.length > 0) shared.set(server, new Set(keys));
  }
  if (shared.size === 0) return () => false;
  return (tool, name, property) => shared.get(resolveServerKey(tool))?.has(parameterKey(name, property)) === true;
}

function resolveServerKey(tool: ToolDefinition): string | undefined {
  return typeof tool.server === 'string' && tool.server.length > 0 ? tool.server.toLowerCase() : undefined;
}

/** A parameter's name and description as one key; the name's length first, so no two pairs share a key. */
function parameterKey(name: string, property: unknown): string {
  return `${name.length}:${name}${isRecord(property) && typeof property.description === 'string' ? property.description : ''}`;
}
