import type { ToolDefinition } from '../src/tools/tool-definition.js';

/** One tool catalog the prompt-size and speed parts measure. */
export interface PromptSurface {
  /** Short id used in chart labels, e.g. `github-mcp`. */
  readonly id: string;
  /** Row label, e.g. `GitHub MCP (117)`. */
  readonly label: string;
  /** The tools as the user would send them without this package (the seed's surface includes a `tool_search`). */
  readonly tools: readonly ToolDefinition[];
}
