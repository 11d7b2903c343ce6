import { isRecord } from '../../records/is-record.js';
import { resolveAnthropicToolKind } from './resolve-anthropic-tool-kind.js';

/**
 * Whether a `tools` entry is deferred, as the Messages API sees it.
 *
 * - `loaded`: sent in full; it counts as the required non-deferred tool and may carry a cache breakpoint.
 * - `deferred`: `defer_loading: true` (or, for a toolset, its members defer, and a toolset loads as a unit).
 * - `partly-deferred`: an MCP toolset whose `default_config` and `configs` disagree: some tools defer, some do not.
 *   It is not all-deferred, but it must not carry `cache_control` either.
 */
export type AnthropicToolDeferral = 'loaded' | 'deferred' | 'partly-deferred';

/** The deferral of one `tools` entry; never throws (an unreadable entry is `loaded`). */
export function resolveAnthropicToolDeferral(entry: unknown): AnthropicToolDeferral {
  const kind = resolveAnthropicToolKind(entry);
  if (kind === 'invalid') return 'loaded';
  const record = entry as Record<string, unknown>;
  if (kind === 'toolset') {
    // Members defer one by one, but every enabled member must agree, and the toolset loads as a unit.
    return memberConfigs(record.configs).some((config) => config.enabled !== false && config.defer_loading === true) ? 'deferred' : 'loaded';
  }
  if (kind === 'mcp-toolset') {
    const defaults = isRecord(record.default_config) ? record.default_config : {};
    const byDefault = defaults.defer_loading === true;
    const overrides = memberConfigs(record.configs).filter((config) => config.enabled !== false && typeof config.defer_loading === 'boolean');
    const differing = overrides.some((config) => config.defer_loading !== byDefault);
    if (differing) return 'partly-deferred';
    return byDefault ? 'deferred' : 'loaded';
  }
  return record.defer_loading === true ? 'deferred' : 'loaded';
}

function memberConfigs(configs: unknown): Record<string, unknown>[] {
  if (!isRecord(configs)) return [];
  return Object.values(configs).filter(isRecord);
}
