import { isOwnTool } from '../../tools/tool-search-tool-definition.js';
import { isRecord } from '../../records/is-record.js';
import type { RequestTools } from '../../request/request-tools.js';
import { resolveAnthropicToolPlaces, type AnthropicBodyToolKind } from './resolve-anthropic-tool-places.js';
import { resolveAnthropicToolDeferral } from './resolve-anthropic-tool-deferral.js';
import type { AnthropicToolCacheControlContext } from './transform-anthropic-tool-cache-control.js';
import type { AnthropicMessagesToolEntry } from './anthropic-messages-tool-entry.js';

/** The written tool list, and where the caller's tool-level cache breakpoints were (see transformAnthropicToolCacheControl). */
export interface PlacedAnthropicMessagesTools extends AnthropicToolCacheControlContext {
  tools: unknown[];
}

/** The written entries in the body's places ({@link resolveAnthropicToolPlaces}), and the caller's breakpoints to place. */
export function placeAnthropicMessagesTools(
  entries: readonly AnthropicMessagesToolEntry[],
  written: readonly Record<string, unknown>[],
  hostedSearchTool: Record<string, unknown> | undefined,
  decided: RequestTools,
): PlacedAnthropicMessagesTools {
  const { names, plan } = decided;
  const kinds = entries.map(({ kind, definition }): AnthropicBodyToolKind => {
    if (kind === 'tool-search') return 'hosted-search';
    if (definition === undefined) return 'other';
    return isOwnTool(definition) ? 'own' : 'tool';
  });
  // The package's own tools go by their wire names; the caller's by their original names.
  const last = entries.at(-1)?.definition;
  const lastName = last === undefined || isOwnTool(last) ? last?.name : names.fromWire(last.name);
  const { tools, last: callerLast } = resolveAnthropicToolPlaces<unknown>(kinds, decided, plan.mechanism, lastName, {
    entry: (index) => written[index],
    hostedSearch: () => hostedSearchTool,
    body(position) {
      const { entry } = entries[position] as AnthropicMessagesToolEntry;
      // Only the body's own entries can carry a deferral the request does not send (the written ones follow the decision).
      return decided.callerDeferral === 'removed' && resolveAnthropicToolDeferral(entry) !== 'loaded' ? withoutCallerDeferral(entry) : entry;
    },
  });
  // Caller tools with a breakpoint that are not sent; the names sent, as a set only when a tool has a breakpoint to place (few do).
  const hidden: PlacedAnthropicMessagesTools['hidden'][number][] = [];
  const end = decided.entries.length - decided.trailing;
  let sentNames: ReadonlySet<string> | undefined;
  for (const { entry, definition } of entries) {
    if (definition === undefined || isOwnTool(definition)) continue;
    if (entry.cache_control === undefined || entry.cache_control === null) continue;
    const name = names.fromWire(definition.name);
    // A caller's own `tool_search` the package's replaced (listed as `search`) is not sent either.
    sentNames ??= new Set(
      decided.entries
        .slice(0, end)
        .filter((listed) => listed.status !== 'search')
        .map((listed) => listed.name),
    );
    if (sentNames.has(name)) continue;
    hidden.push({ name: names.toWire(name), cacheControl: entry.cache_control, callerLast: entry === entries.at(-1)?.entry });
  }
  return { tools, callerLast, hidden };
}

/** A provider tool, toolset or MCP toolset without `defer_loading` on itself, its default and its members. */
function withoutCallerDeferral(entry: Record<string, unknown>): Record<string, unknown> {
  const strip = (value: unknown): unknown => {
    if (!isRecord(value) || !('defer_loading' in value)) return value;
    const { defer_loading: _removed, ...rest } = value;
    return rest;
  };
  // A copy: the caller's entry and its configs are never written.
  const result = { ...(strip(entry) as Record<string, unknown>) };
  if (isRecord(result.default_config)) result.default_config = strip(result.default_config);
  if (isRecord(result.configs)) result.configs = Object.fromEntries(Object.entries(result.configs).map(([name, config]) => [name, strip(config)]));
  return result;
}
