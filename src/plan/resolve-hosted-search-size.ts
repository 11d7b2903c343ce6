import { countUTF8Bytes } from '../text/count-utf8-bytes.js';
import type { ToolDefinition } from '../tools/tool-definition.js';

/**
 * Anthropic's limits on one Messages request (providers reference, sections 1.7 and 1.10): at most 10,000 tools with
 * `defer_loading: true`; with tool changes, at most 10,000 tools deferred or added and 4 MB of their definitions
 * (`available_tools_limit_exceeded`; read as 4,000,000 bytes of UTF-8 JSON, the smaller of the two megabytes).
 */
export const CLAUDE_REQUEST_LIMITS: { readonly deferredTools: number; readonly toolChangeBytes: number } = Object.freeze({
  deferredTools: 10_000,
  toolChangeBytes: 4_000_000,
});

/**
 * Past this many bytes of deferred definitions, `auto` prefers the client-side `tool_search` with tools added by value
 * to Anthropic's hosted search on a model that takes both (Opus 4.8 and the others of `toolAdditions: 'value'`):
 * hosted search uploads every deferred definition with every request, additions by value upload a definition once,
 * when it is loaded. The two bill nearly alike (the benchmark's BFCL sessions: 0.27× against 0.28× of every full
 * schema, Anthropic pricing, cold), so past a megabyte per request the bytes decide; below it the hosted search keeps
 * its slightly lower bill and needs no beta.
 */
export const AUTO_HOSTED_SEARCH_MAX_BYTES = 1_000_000;

/** Why Anthropic's hosted search does not take a catalog as `auto` sees it, with the sizes for the plan's warning. */
export interface HostedSearchSize {
  /** `deferred-tools`: past the 10,000 deferred tools one request takes; `request-bytes`: past {@link AUTO_HOSTED_SEARCH_MAX_BYTES}. */
  readonly reason: 'deferred-tools' | 'request-bytes';
  readonly deferred: number;
  /** The deferred definitions' bytes, when measured (the `request-bytes` reason). */
  readonly bytes?: number;
}

/**
 * Whether Anthropic's limits turn away the tools a plan would defer: `null` when one request carries them (at most
 * 10,000 and, when `maxBytes` is given, at most that many bytes of definitions). `auto` asks it with
 * {@link AUTO_HOSTED_SEARCH_MAX_BYTES} where the model takes additions by value (else `null`: the bytes do not decide),
 * native delivery by reference with the 4 MB of tool changes. The bytes are measured only up to the bound. Pure. Not
 * part of the public API.
 */
export function resolveHostedSearchSize(deferred: readonly ToolDefinition[], maxBytes: number | null): HostedSearchSize | null {
  if (deferred.length > CLAUDE_REQUEST_LIMITS.deferredTools) return { reason: 'deferred-tools', deferred: deferred.length };
  if (maxBytes === null) return null;
  const bytes = measureDefinitionBytes(deferred, maxBytes);
  return bytes > maxBytes ? { reason: 'request-bytes', deferred: deferred.length, bytes } : null;
}

/**
 * The UTF-8 bytes of the definitions as JSON (`name`, `description`, schema), counted until the total passes `limit`
 * (the total so far is then returned: enough to say it is past). A definition JSON cannot write counts 0.
 */
function measureDefinitionBytes(tools: readonly ToolDefinition[], limit = Number.POSITIVE_INFINITY): number {
  let bytes = 0;
  for (const tool of tools) {
    try {
      bytes += countUTF8Bytes(JSON.stringify([tool.name, tool.description ?? '', tool.inputSchema]));
    } catch {
      // A cycle or a BigInt: no request can carry it, which the preflight says; it adds nothing here.
    }
    if (bytes > limit) return bytes;
  }
  return bytes;
}
