import type { ToolSearchWarning } from '../plan/tool-search-plan.js';

/** The tool search tool a request sends: the body's own (by its index in the tools), the library's, OpenAI's hosted one. */
export type SearchToolSource = { readonly source: 'body'; readonly index: number } | { readonly source: 'library' } | { readonly source: 'hosted' };

/** What {@link resolveSearchToolSource} decides from. */
export interface ResolveSearchToolSourceInput {
  /** The plan's mechanism is OpenAI's hosted search. */
  readonly hosted: boolean;
  /** The plan searches with the library (`search: 'library'`) under hosted search. */
  readonly library: boolean;
  /** The plan defers a tool under the library's search, so the library's search tool is needed. */
  readonly librarySearchSent: boolean;
  /** Something the request sends is deferred (a plan tool, or a tool the caller deferred itself). */
  readonly deferring: boolean;
  /** The body's own tool search tools, by index in the tools, and whether the caller executes each. */
  readonly bodySearchTools: readonly { readonly index: number; readonly clientExecuted: boolean }[];
}

/**
 * Which tool search tool a request with OpenAI's hosted search (or none) sends, last in its tools; one at most, as the
 * API takes one. A client-executed tool search the caller sent is theirs to serve: kept even with nothing deferred
 * (only the hosted one needs a deferred tool). The library's search is that kind of tool (the body's own first), sent
 * whenever the plan defers a tool, even one the request leaves out; OpenAI's hosted one (the body's own first) is sent
 * when something is deferred, also for the caller's own deferrals when the library's search defers nothing here.
 * Any other tool search tool of the body is dropped, with a warning. Pure. Not part of the public API.
 */
export function resolveSearchToolSource(input: ResolveSearchToolSourceInput): {
  readonly search: SearchToolSource | undefined;
  readonly warnings: ToolSearchWarning<'hosted-search-for-caller-deferral' | 'tool-search-tool-removed'>[];
} {
  const { hosted, library, deferring, bodySearchTools } = input;
  const warnings: ToolSearchWarning<'hosted-search-for-caller-deferral' | 'tool-search-tool-removed'>[] = [];
  const clientSearch = bodySearchTools.find((tool) => tool.clientExecuted);
  const ownSearch: SearchToolSource | undefined = clientSearch === undefined ? undefined : { source: 'body', index: clientSearch.index };
  const hostedSearch = (): SearchToolSource => {
    const found = bodySearchTools.find((tool) => !tool.clientExecuted) ?? bodySearchTools[0];
    return found === undefined ? { source: 'hosted' } : { source: 'body', index: found.index };
  };
  let search: SearchToolSource | undefined;
  if (input.librarySearchSent) search = ownSearch ?? { source: 'library' };
  else if (library) {
    // The plan defers nothing here, so the library's search is not sent; tools the caller deferred itself still need one.
    search = ownSearch ?? (deferring ? hostedSearch() : undefined);
    if (ownSearch === undefined && deferring) {
      warnings.push({
        code: 'hosted-search-for-caller-deferral',
        message:
          "the plan uses the library's search but defers none of its tools in this request, and tools the caller deferred itself (`defer_loading: true` on an `mcp` server, a custom tool, …) " +
          'need a tool search tool (the API rejects them without one); OpenAI\'s hosted `{"type":"tool_search"}` was sent, which loads them',
      });
    }
  } else search = hosted && deferring ? hostedSearch() : ownSearch;
  if (bodySearchTools.length > (search === undefined ? 0 : 1)) {
    const why =
      search !== undefined
        ? 'only one tool search tool is sent'
        : hosted
          ? 'nothing is deferred, and the API rejects `tool_search` without a deferred tool'
          : "the plan does not use OpenAI's hosted tool search";
    warnings.push({ code: 'tool-search-tool-removed', message: `the body's \`{"type":"tool_search"}\` tool was removed: ${why}` });
  }
  return { search, warnings };
}
