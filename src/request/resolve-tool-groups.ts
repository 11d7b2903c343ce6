import type { PlannedTool } from '../plan/tool-search-plan.js';
import type { RequestTool } from './request-tool.js';

/** What {@link resolveToolGroups} needs besides the tools. */
export interface ResolveToolGroupsOptions {
  /** The plan's tools by name. */
  readonly planned: ReadonlyMap<string, PlannedTool>;
  /** Group by the plan's `category` first (hosted search), then the body group; else by the body group alone. */
  readonly byCategory: boolean;
  /** The shared name prefix of tools without a category or body group (see `resolveSharedNamePrefixes`), when grouped by prefix. */
  readonly prefixes?: ReadonlyMap<string, string>;
  /** Planned tools kept out of every group: forced tools (sent at the top level) and tools the request leaves out. */
  readonly ungrouped: (name: string) => boolean;
}

/** The group label of each tool (by its index in the request's tools) and of each planned tool (by name). */
export interface ToolGroups {
  readonly entries: readonly (string | undefined)[];
  readonly byName: ReadonlyMap<string, string>;
}

/**
 * Which tools of a request go together in one group (a Responses namespace), as labels: a planned tool goes under its
 * category (`byCategory`), else its body group, else its shared name prefix (`prefixes`); an unmanaged tool in a body
 * group goes where the planned tools of that body group went (a body group an earlier transform renamed, `café` sent as
 * `caf_`, still holds the tools of one label), else under the body group's own name. Groups themselves (their names,
 * descriptions, order) are the wire's. Not part of the public API.
 */
export function resolveToolGroups(tools: readonly RequestTool[], options: ResolveToolGroupsOptions): ToolGroups {
  const { planned, byCategory, prefixes, ungrouped } = options;
  const byName = new Map<string, string>();
  const bodyGroups = new Map<string, string>();
  const entries: (string | undefined)[] = [];
  for (const tool of tools) {
    let label: string | undefined;
    if (tool.kind === 'planned' && !ungrouped(tool.name)) {
      label = byCategory ? (resolveCategoryLabel(planned.get(tool.name)) ?? tool.group ?? prefixes?.get(tool.name)) : tool.group;
      if (label !== undefined) {
        byName.set(tool.name, label);
        if (tool.group !== undefined && !bodyGroups.has(tool.group)) bodyGroups.set(tool.group, label);
      }
    }
    entries.push(label);
  }
  tools.forEach((tool, index) => {
    if (tool.kind === 'unmanaged' && tool.group !== undefined) entries[index] = bodyGroups.get(tool.group) ?? tool.group;
  });
  return { entries, byName };
}

/** The group a planned tool's category gives it: none for no category or a blank one. */
export function resolveCategoryLabel(tool: PlannedTool | undefined): string | undefined {
  const category = tool?.category;
  return category === undefined || category.trim().length === 0 ? undefined : category;
}
