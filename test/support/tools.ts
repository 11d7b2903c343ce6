import type { ToolSearchResult } from '../../src/client/tool-search-result.js';
import { TOOL_SEARCH_GUIDANCE } from '../../src/client/tool-search-guidance.js';
import type { ToolSearchConfigInput } from '../../src/config/tool-search-config.js';
import type { DeferrablePolicy, ToolDefinition } from '../../src/tools/tool-definition.js';

/** `count` tools named `tool_0`, `tool_1`, … with one string argument. */
export function manyTools(count: number, deferrable?: DeferrablePolicy): ToolDefinition[] {
  return Array.from({ length: count }, (_, index) => tool(`tool_${index}`, deferrable));
}

/** A tool with a one-property schema. */
export function tool(name: string, deferrable?: DeferrablePolicy, extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name,
    description: `does ${name}`,
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    ...(deferrable === undefined ? {} : { deferrable }),
    ...extra,
  };
}

/**
 * A configuration with the seed's behaviour where it does not say otherwise: the `full` listing, reveals in the tool
 * list, the provider's own search under hosted mechanisms. The transformer suites were written for that behaviour
 * and keep testing it; the library's defaults (reveals in the conversation, the `names` listing, the library's
 * search) have suites of their own. Seed forms (`{ ref }`, capability lists) are passed through unchanged.
 */
export function withSeedBehaviour(config?: ToolSearchConfigInput): ToolSearchConfigInput {
  const seed = { listing: 'full', reveal: 'tool-list', search: 'provider' } as const;
  if (config === undefined) return seed;
  if (typeof config === 'string' || 'ref' in config || 'capabilities' in config || 'preferences' in config) return config;
  return { ...seed, ...config };
}

/** The guidance note of the seed's behaviour (`full` listing, reveals in the tool list), as the transformer suites expect it. */
export const SEED_NOTE = `${TOOL_SEARCH_GUIDANCE} On your next step those tools are callable with their full parameters. Tools shown with full parameter schemas do not need to be searched for.`;

/** A `found` result in the shape earlier versions wrote (`query`, `loaded`, `message`), which a history may still hold. */
export function earlierResult(result: {
  status: 'found';
  query: string;
  tools: readonly unknown[];
  loaded: readonly string[];
  message: string;
}): ToolSearchResult {
  return result as unknown as ToolSearchResult;
}
