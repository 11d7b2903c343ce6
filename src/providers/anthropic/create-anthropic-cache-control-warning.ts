import type { AnthropicMessagesWarning } from './anthropic-messages-warning.js';

export function createAnthropicCacheControlWarning(moved: readonly string[], target: string | null): AnthropicMessagesWarning {
  const tools = moved.map((name) => `\`${name}\``).join(', ');
  const outcome =
    target === null
      ? 'it was dropped, because no tool is sent in full'
      : `it was moved to \`${target}\`, the last tool sent in full, which caches the same prefix (deferred tools are left out of the cached tools section)`;
  return {
    code: 'cache-control-moved',
    message: `${tools} ${moved.length === 1 ? 'has' : 'have'} a \`cache_control\` breakpoint but ${moved.length === 1 ? 'is' : 'are'} deferred or not sent; the API rejects a deferred tool with \`cache_control\` ("Tool '${moved[0] as string}' cannot both defer_loading=true cache_control set. Tools defer_loading cannot use prompt caching."), so ${outcome}`,
  };
}
