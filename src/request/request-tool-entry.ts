import type { JSONSchemaObject, ToolDefinition } from '../tools/tool-definition.js';
import type { ToolSearchWarning } from '../plan/tool-search-plan.js';

/**
 * One tool as the client-side mechanism sends it (every form of every API: `RequestToolEntry`).
 *
 * - `loaded`: kept in full by the plan.
 * - `search`: the `tool_search` tool itself.
 * - `call`: the `call_tool` tool, which calls a deferred tool the list does not hold.
 * - `deferred`: a stub schema, with the description the listing mode gives.
 * - `revealed`: deferred by the plan, sent in full for this request: revealed in the tool list (`reveal:
 *   'tool-list'`), or forced by the request.
 */
export interface ToolListEntry {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: JSONSchemaObject;
  readonly status: 'loaded' | 'search' | 'call' | 'deferred' | 'revealed';
  /** The tool definition this entry was made from (the package's own definition for `search` and `call`). */
  readonly definition: ToolDefinition;
}

/** The tool list and system-prompt note for one request. */
export interface ToolList {
  /** The tools to send, in send order. */
  readonly tools: readonly ToolListEntry[];
  /** The guidance note for the system prompt, or `null` when nothing is deferred. */
  readonly guidance: string | null;
}

/**
 * A tool sent with its full schema and the provider's defer flag (`defer_loading: true`): not rendered in the prompt,
 * loaded by the provider's hosted tool search when the model finds it.
 */
export interface DeferLoadingToolEntry extends Omit<ToolListEntry, 'status'> {
  readonly status: 'defer-loading';
}

/**
 * One tool a request carries, in neutral form, with the caller's (original) name. Each API's transformer writes it in
 * its wire shape. This is where the request vocabulary of src/request/ is written down once.
 *
 * **Forms** (`status` here and in `ToolListEntry`; `form` in `RequestToolForm`, which says how each tool of a body
 * read into `RequestTool`s is sent):
 *
 * | Form | Meaning | `status` | `RequestToolForm` |
 * | --- | --- | --- | --- |
 * | full | a plan tool sent with its schema, kept loaded by the plan | `loaded` | `loaded` |
 * | revealed | a deferred plan tool sent with its schema for this request (revealed in the tool list, forced, named by the history under a listing that leaves deferred tools out) | `revealed` | `omitted` (the list's entry takes its place) |
 * | stub | a deferred plan tool listed with the stub schema and the listing's description (client-side `full`/`compact`) | `deferred` | `omitted` (the list's entry takes its place) |
 * | defer-loading | a deferred plan tool sent with its schema and the provider's defer flag (hosted search loads it; under native delivery by reference, the `tool_reference` addition after a search result does) | `defer-loading` | `defer-loading` |
 * | left out | a deferred plan tool not sent (`names`/`none` listings: reachable through search and `call_tool`; under native delivery by value, through search and the addition after its result) | no entry | `omitted` |
 * | added | a plan tool the history added to the conversation natively (`reveal: 'native'`; the decision's `added` input): its addition defines it, so the history's calls of it need nothing in `tools` | no entry (left out, or `defer-loading` by reference) | `omitted` |
 * | search | the package's `tool_search` function (client-side, or the library's search under hosted search) | `search` | `dropped` when the body holds one (written again from the decision) |
 * | call | the package's `call_tool` function (never under native delivery: an added tool is called by its own name) | `call` | `dropped` when the body holds one (written again from the decision) |
 * | caller's own | a tool the plan does not manage, as written, or without its defer flag when nothing sent could load it | not an entry | `as-is`, `undeferred` |
 *
 * `ToolListEntry`'s `deferred` (a stub) and `defer-loading` (the provider's flag) are different forms: the first is the
 * public `resolveToolList`'s name and stays. `RequestBodyTool.deferred` and `RequestTool`'s `deferred` say only
 * whether the body itself carries the provider's defer flag.
 *
 * **Who decides and who writes**, one decision per mechanism family, each writing the forms above:
 *
 * - Chat Completions, Gemini, Bedrock Converse (client-side mechanism only): `resolveClientAPIRequest` decides the
 *   `ToolListEntry` list (`createToolListWithinLimit`) and `writeClientTools` writes it through the codec's
 *   `ClientToolWriter`: `body` for `loaded` and `revealed` (the body's own tool under its wire name), `tool` for
 *   `search`, `call` and the `deferred` stubs (Chat `function.parameters`, Gemini `parametersJsonSchema`, Converse
 *   `toolSpec.inputSchema.json`).
 * - Anthropic Messages (`client`, `claude-hosted`, `none`): `resolveDeferLoadingAPIRequest` decides these entries; the
 *   transformer writes `defer-loading` as the body's tool with `defer_loading: true`, `deferred` as a stub
 *   `input_schema`, and places the provider's hosted search tool and the leading/trailing entries. Under native
 *   delivery by reference (`isAddedByReference`) the client list is followed by every other deferred tool as
 *   `defer-loading`, with no hosted search tool.
 * - OpenAI Responses (`openai-hosted`, `client`, `none`): the grouping decision (`resolveGroupingAPIRequest`) decides a `RequestToolForm`
 *   per body tool (and, under `client`, the `ToolListEntry` list); the transformer writes `defer-loading` as
 *   `defer_loading: true`, a form's `group` as a namespace, and the list's stubs and own functions.
 *
 * Every decision matches the body with the plan through `resolvePlanMatch` (`plan-mismatch` in the API's wording).
 *
 * **Native delivery** (`reveal: 'native'`, client mechanism, Responses and Messages): the request carries the same
 * entries as the `names`/`none` listings without `call_tool`; what a search loads reaches the model as the API's
 * tool-addition item after the search result, which the writer builds from `resolveNativeSearchResult`'s
 * `definitions` (the session's `SessionAdapter.writeAddition`). The history's additions are read into `added`.
 */
export type RequestToolEntry = ToolListEntry | DeferLoadingToolEntry;

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
