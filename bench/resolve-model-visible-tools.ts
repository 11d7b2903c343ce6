/**
 * The entries of a request's tool list that the provider documents as visible to the model up front, for the
 * mechanisms whose request carries definitions the model does not read.
 *
 * - `openai`: OpenAI shows a deferred top-level function by its name and description and a namespace by its name and
 *   description only; functions of a namespace that are not deferred are loaded, so the model sees them in full
 *   (providers.md 2.2).
 * - `anthropic`: deferred tools are not rendered at all until a search or a `tool_reference` loads them (1.3, 1.8).
 * - `plain`: every entry is visible as it is sent (Chat Completions, Gemini, and any list without deferral).
 *
 * The real rendering is not public; these are the documented rules, counted as compact JSON per entry.
 */
export function resolveModelVisibleTools(rendering: 'openai' | 'anthropic' | 'plain', tools: readonly unknown[]): { entries: unknown[]; deferred: number } {
  if (rendering === 'plain') return { entries: [...tools], deferred: 0 };
  const entries: unknown[] = [];
  let deferred = 0;
  for (const tool of tools) {
    const entry = (tool ?? {}) as { type?: unknown; name?: unknown; description?: unknown; defer_loading?: unknown; tools?: unknown };
    if (rendering === 'anthropic') {
      if (entry.defer_loading === true) deferred += 1;
      else entries.push(tool);
      continue;
    }
    if (entry.type === 'namespace') {
      const members = Array.isArray(entry.tools) ? (entry.tools as { defer_loading?: unknown }[]) : [];
      deferred += members.filter((member) => member.defer_loading === true).length;
      entries.push({ type: 'namespace', name: entry.name, description: entry.description });
      entries.push(...members.filter((member) => member.defer_loading !== true));
    } else if (entry.defer_loading === true) {
      deferred += 1;
      entries.push({ type: entry.type, name: entry.name, description: entry.description });
    } else entries.push(tool);
  }
  return { entries, deferred };
}
