import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import type { PlannedTool } from './tool-search-plan.js';

/** A plan's tool list, checked and indexed by {@link parsePlannedTools}. */
export interface PlannedTools {
  /** The plan's tools by name, in plan order. */
  readonly byName: ReadonlyMap<string, PlannedTool>;
  /** The plan's tool names, in plan order. */
  readonly names: readonly string[];
  /** How many of the plan's tools are deferred. */
  readonly deferred: number;
}

/**
 * Where an agent's checked plan (`rememberCheckedPlan`) keeps its tools' index, on the frozen list itself: a request
 * reads it instead of indexing the list again.
 */
export const PLANNED_TOOLS_INDEX: unique symbol = Symbol('tool-search planned tools index');

/**
 * Checks a plan's `tools` (each `{ name, status: 'deferred' | 'loaded' }`, each name once) and returns them indexed by
 * name. An agent's checked plan carries its index ({@link PLANNED_TOOLS_INDEX}), which is read as it is; any other
 * list is checked and indexed anew. Throws a `ToolSearchError` (`invalid-options`) naming the first bad entry. Not part
 * of the public API.
 *
 * @example
 * ```ts
 * const { byName } = parsePlannedTools(plan.tools);
 * byName.get('get_weather')?.status; // 'deferred'
 * ```
 */
export function parsePlannedTools(tools: readonly unknown[]): PlannedTools {
  return (tools as { readonly [PLANNED_TOOLS_INDEX]?: PlannedTools })[PLANNED_TOOLS_INDEX] ?? checkToolList(tools);
}

function checkToolList(tools: readonly unknown[]): PlannedTools {
  const byName = new Map<string, PlannedTool>();
  let deferred = 0;
  for (let index = 0; index < tools.length; index += 1) {
    const tool = tools[index] as PlannedTool | null;
    if (typeof tool !== 'object' || tool === null || typeof tool.name !== 'string' || (tool.status !== 'deferred' && tool.status !== 'loaded')) {
      throw new ToolSearchError('invalid-options', `\`plan.tools[${index}]\` must be \`{ name, status: 'deferred' | 'loaded' }\`, got ${describeValue(tool)}`);
    }
    // A tool listed twice contradicts itself (which entry holds?), as `resolveToolSearch` never writes it. Told by the
    // size, one hash operation per tool.
    const size = byName.size;
    byName.set(tool.name, tool);
    if (byName.size === size) {
      const first = tools.findIndex((entry) => (entry as PlannedTool).name === tool.name);
      throw new ToolSearchError(
        'invalid-options',
        `\`plan.tools[${index}]\` names \`${tool.name}\` again (already at \`plan.tools[${first}]\`); a plan lists each tool once: resolve the plan again for these tools`,
      );
    }
    if (tool.status === 'deferred') deferred += 1;
  }
  return { byName, names: [...byName.keys()], deferred };
}
