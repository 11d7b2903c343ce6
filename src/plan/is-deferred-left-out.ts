import type { ToolSearchPlan } from './tool-search-plan.js';
import { isAddedByReference } from './is-added-by-reference.js';

/**
 * Whether a request made with the plan leaves its deferred tools out: the library's search (the client-side mechanism,
 * or OpenAI's hosted one with `search: 'library'`) with a listing that does not show them (`names`, `none`). The
 * search result (or the caller's `tool_search_output`) brings a tool in when it is needed, so a request's own output,
 * which no longer holds them, reads back as the same request. Native delivery by reference (`reveal: 'native'`,
 * `additions: 'reference'`) sends every deferred tool deferred, since its additions can only name tools `tools`
 * declares. Not part of the public API.
 */
export function isDeferredLeftOut(plan: Pick<ToolSearchPlan, 'mechanism' | 'search' | 'listing' | 'reveal' | 'additions'>): boolean {
  const searched = plan.mechanism === 'client' || (plan.mechanism === 'openai-hosted' && plan.search === 'library');
  return searched && (plan.listing === 'names' || plan.listing === 'none') && !isAddedByReference(plan);
}
