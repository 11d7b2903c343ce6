import { assertNever } from '../errors/assert-never.js';
import type { ToolCatalog } from '../catalog/tool-catalog.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';
import { isNativeDelivery } from '../plan/is-native-delivery.js';
import type { ToolListEntry } from '../request/request-tool-entry.js';
import { createOwnToolEntry, createToolList } from '../request/resolve-tool-list.js';

/**
 * One tool an agent framework's integration (AI SDK, LangChain, Agents SDK) sends for a plan, by what it sends:
 *
 * - `caller`: the caller's tool as it is;
 * - `deferred`: the caller's tool declared deferred (hosted search; under native delivery, a deferred tool the
 *   framework must hold to run its calls once an addition loaded it);
 * - `stub`, `search`, `call`: an entry of the client-side list (`listed`: the stub, the package's `tool_search`,
 *   `call_tool`); `search` is also the library's `tool_search` under Anthropic's hosted search;
 * - `hosted-search`: the provider's search tool (OpenAI's `tool_search`, client-executed with `search: 'library'`;
 *   Anthropic's BM25 search with `search: 'provider'`).
 */
export type FrameworkTool =
  | { readonly form: 'caller' | 'deferred' | 'hosted-search'; readonly name: string }
  | { readonly form: 'stub' | 'search' | 'call'; readonly name: string; readonly listed: ToolListEntry };

/**
 * The tools an integration sends for a plan, in order (`first`), and the ones that go after any tools of the
 * framework's own the plan does not manage (`last`: OpenAI's hosted search). The client-side list is
 * `createToolList`'s (with the session's `revealed` tools under `reveal: 'tool-list'`), then, under native delivery,
 * every deferred tool (`deferred`); a hosted mechanism sends every tool, the deferred ones declared deferred, and its
 * search when it defers any (Anthropic's first, OpenAI's last). Not part of the public API.
 */
export function resolveFrameworkTools(
  plan: ToolSearchPlan,
  catalog: ToolCatalog,
  revealed: readonly string[] = [],
): { readonly first: FrameworkTool[]; readonly last: FrameworkTool[] } {
  const deferred = plan.mechanism === 'none' ? [] : plan.tools.filter((entry) => entry.status === 'deferred');
  const declared = plan.tools.map((entry): FrameworkTool => ({ form: entry.status === 'deferred' ? 'deferred' : 'caller', name: entry.name }));
  switch (plan.mechanism) {
    case 'client': {
      const first = createToolList(plan, catalog.tools, { revealed }).tools.map(
        (entry): FrameworkTool =>
          entry.status === 'loaded' || entry.status === 'revealed'
            ? { form: 'caller', name: entry.name }
            : { form: entry.status === 'deferred' ? 'stub' : entry.status, name: entry.name, listed: entry },
      );
      if (isNativeDelivery(plan)) for (const entry of deferred) first.push({ form: 'deferred', name: entry.name });
      return { first, last: [] };
    }
    case 'openai-hosted':
      return { first: declared, last: deferred.length === 0 ? [] : [{ form: 'hosted-search', name: resolveOwnToolsSent(plan).searchName }] };
    case 'claude-hosted': {
      if (deferred.length === 0) return { first: declared, last: [] };
      if (plan.search !== 'library') return { first: [{ form: 'hosted-search', name: 'tool_search_tool_bm25' }, ...declared], last: [] };
      const { searchName } = resolveOwnToolsSent(plan);
      return { first: [{ form: 'search', name: searchName, listed: createOwnToolEntry('search', searchName) }, ...declared], last: [] };
    }
    case 'none':
      return { first: plan.tools.map((entry) => ({ form: 'caller', name: entry.name })), last: [] };
    default:
      return assertNever(plan.mechanism, 'mechanism');
  }
}
