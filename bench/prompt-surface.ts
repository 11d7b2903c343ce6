import { TOOL_SEARCH_TOOL_NAME } from '../src/tools/tool-search-tool-definition.js';
import type { ToolDefinition } from '../src/tools/tool-definition.js';

/** One tool catalog the prompt-size and speed parts measure. */
export interface PromptSurface {
  /** Short id used in chart labels, e.g. `github-mcp`. */
  readonly id: string;
  /** Row label, e.g. `GitHub MCP (117)`. */
  readonly label: string;
  /** The tools as the user would send them without this package (the seed's surface includes a `tool_search`). */
  readonly tools: readonly ToolDefinition[];
  /**
   * Whether the surface's `tool_search` is the library's own, counted among its tools as the seed counts it (its 19th
   * tool), not a tool of the caller's: the library's rows are then given the other tools and add their own `tool_search`
   * (a caller's tool of that name would be kept beside it, under `tool_search_2`).
   */
  readonly ownSearchTool?: boolean;
}

/** The tools the library's rows are given for a surface: without the library's own `tool_search` where it is counted in. */
export function resolveLibrarySurfaceTools(surface: PromptSurface): readonly ToolDefinition[] {
  return surface.ownSearchTool === true ? surface.tools.filter((tool) => tool.name !== TOOL_SEARCH_TOOL_NAME) : surface.tools;
}
