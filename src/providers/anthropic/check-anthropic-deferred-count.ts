import { ToolSearchError } from '../../errors/tool-search-error.js';
import { ANTHROPIC_MAX_DEFERRED_TOOLS } from './anthropic-messages-api.js';
import { resolveAnthropicToolDeferral } from './resolve-anthropic-tool-deferral.js';

/** Throws when a request would defer more tools than the Messages API accepts (only a list longer than the limit can). */
export function checkAnthropicDeferredCount(tools: readonly unknown[], trailing: number): void {
  if (tools.length - trailing <= ANTHROPIC_MAX_DEFERRED_TOOLS) return;
  const deferredCount = tools.filter((entry) => resolveAnthropicToolDeferral(entry) === 'deferred').length;
  if (deferredCount <= ANTHROPIC_MAX_DEFERRED_TOOLS) return;
  throw new ToolSearchError(
    'too-many-deferred-tools',
    `The request would defer ${deferredCount} tools; the Messages API accepts at most ${ANTHROPIC_MAX_DEFERRED_TOOLS} tools with ` +
      '`defer_loading: true` per request. Send fewer tools (e.g. only the servers this agent needs) or split the catalog across agents.',
  );
}
