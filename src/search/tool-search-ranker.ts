import type { ToolDefinition } from '../tools/tool-definition.js';
import type { ToolIndex, ToolSearchHit } from './create-tool-index.js';

/** What a {@link ToolSearchRanker} is asked: one keyword search of `tool_search`. */
export interface ToolSearchRankingRequest {
  /** The query, as the model wrote it (names in it already mapped to the catalog's names). */
  readonly query: string;
  /** The whole catalog the search runs over (without the package's own `tool_search`), in the caller's order. */
  readonly tools: readonly ToolDefinition[];
  /** The names of the tools this request sends; `undefined` when every catalog tool is visible. */
  readonly visible: ReadonlySet<string> | undefined;
  /** At most this many hits are used; more are ignored. */
  readonly maxResults: number;
  /** The library's lexical index over the same catalog, to fuse with or fall back on. */
  readonly index: ToolIndex;
}

/**
 * Ranks the catalog for one `tool_search` keyword query, best first: the hook for a ranking of your own (embeddings,
 * a reranker, a hosted search). The package's `tool_search` keeps everything around it: `select:`, names mapped to
 * and from the wire, what the conversation already loaded, the listing on no match. Hits naming a tool that is not in
 * the catalog or not visible are dropped, a name given twice counts once, and only the first `maxResults` are used.
 * An error it throws reaches the caller of `tool_search`'s `execute` (or the session's `handle`) unchanged.
 *
 * The default is the library's lexical ranking (`request.index.search`); {@link createHybridToolRanker} fuses it with
 * the caller's embeddings.
 *
 * @example
 * ```ts
 * import type { ToolSearchRanker } from 'tool-search';
 * const rank: ToolSearchRanker = async ({ query, visible, maxResults, index }) => index.search(query, { maxResults, ...(visible ? { visible } : {}) });
 * ```
 */
export type ToolSearchRanker = (request: ToolSearchRankingRequest) => Promise<readonly ToolSearchHit[]>;
