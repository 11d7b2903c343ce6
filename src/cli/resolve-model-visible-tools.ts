import type { ToolSearchMechanism } from '../plan/tool-search-plan.js';

/**
 * The entries of a hosted-search request's tool list that the provider documents as visible to the model up front,
 * and how many entries are deferred. OpenAI (providers.md 2.2): a deferred top-level function shows its name and
 * description, a namespace only its name and description; loaded functions and the `tool_search` entry in full.
 * Anthropic (1.3, 1.8): deferred tools are not rendered at all until discovered; the search tool and loaded tools in
 * full. The client mechanism and `none` send only what the model sees, except the tools the client mechanism declares
 * deferred for native additions by reference (Anthropic on Bedrock and Vertex AI), shown once added. Used by `tool-search inspect` and the
 * benchmark to size what the model sees.
 */
export function resolveModelVisibleTools(mechanism: ToolSearchMechanism, tools: readonly unknown[]): { entries: unknown[]; deferred: number } {
  // Without a hosted mechanism every entry is rendered as it is sent, except the client mechanism's tools declared
  // deferred for native additions by reference (Anthropic renders none until an addition names it).
  if (mechanism === 'none') return { entries: [...tools], deferred: 0 };
  if (mechanism === 'client') {
    const entries = tools.filter((tool) => (tool as { defer_loading?: unknown } | null)?.defer_loading !== true);
    return { entries, deferred: tools.length - entries.length };
  }
  const entries: unknown[] = [];
  let deferred = 0;
  for (const tool of tools) {
    const entry = (tool ?? {}) as { type?: unknown; name?: unknown; description?: unknown; defer_loading?: unknown; tools?: unknown };
    if (mechanism === 'claude-hosted') {
      if (entry.defer_loading === true) deferred += 1;
      else entries.push(tool);
      continue;
    }
    if (entry.type === 'namespace') {
      const members = Array.isArray(entry.tools) ? (entry.tools as { defer_loading?: unknown }[]) : [];
      const hidden = members.filter((member) => member.defer_loading === true);
      deferred += hidden.length;
      entries.push({ type: 'namespace', name: entry.name, description: entry.description });
      // Functions of a namespace that are not deferred are loaded, so the model sees them in full.
      entries.push(...members.filter((member) => member.defer_loading !== true));
    } else if (entry.defer_loading === true) {
      deferred += 1;
      entries.push({ type: entry.type, name: entry.name, description: entry.description });
    } else entries.push(tool);
  }
  return { entries, deferred };
}
