import type { ToolListEntry } from './resolve-tool-list.js';
import type { ToolSearchWarning } from '../plan/tool-search-plan.js';

/**
 * A tool sent with its full schema and the provider's defer flag (`defer_loading: true`): not rendered in the prompt,
 * loaded by the provider's hosted tool search when the model finds it.
 */
export interface DeferLoadingToolEntry extends Omit<ToolListEntry, 'status'> {
  readonly status: 'defer-loading';
}

/**
 * One tool a request carries, in neutral form, with the caller's (original) name: an entry of the client-side tool
 * list (`loaded`, `search`, `call`, `deferred` with the stub schema, `revealed`; see `ToolListEntry`), or a tool sent
 * in full with the provider's defer flag (`defer-loading`, under hosted search). Each API's transformer writes it in
 * its wire shape.
 */
export type RequestToolEntry = ToolListEntry | DeferLoadingToolEntry;

/** The body side's one type, re-exported where the Messages transformer imports it from (see request-tool.ts). */
export type { RequestBodyTool } from './request-tool.js';

/**
 * The codes of the notes the request decision returns for the transformer's warnings (each transformer documents
 * them among its own codes).
 *
 * - `forced-tool-loaded`: `tool_choice` forces a tool the plan defers; it is sent with its full schema.
 * - `tool-restored`: a tool the body lacks is sent from the catalog (a plan tool, or one the history references).
 * - `own-tool-restored`: the history calls the package's own `tool_search` or `call_tool`, which the plan does not
 *   send; it is defined again.
 * - `client-search-tool-removed`: the body has the package's own `tool_search`, which the plan does not send.
 * - `hosted-search-tool-kept`: the body has the provider's hosted search tool under the client-side mechanism.
 * - `hosted-search-for-caller-deferral`: the body defers tools of its own that only the hosted search tool can load;
 *   it is sent for them.
 * - `caller-deferral-removed`: the body defers tools of its own and the model has no hosted search; they are sent
 *   without the defer flag.
 */
export type RequestToolWarningCode =
  | 'forced-tool-loaded'
  | 'tool-restored'
  | 'own-tool-restored'
  | 'client-search-tool-removed'
  | 'hosted-search-tool-kept'
  | 'hosted-search-for-caller-deferral'
  | 'caller-deferral-removed';

/** One note of the request decision. */
export type RequestToolWarning = ToolSearchWarning<RequestToolWarningCode>;
