import type { ToolSearchPlan, ToolSearchWarning } from '../plan/tool-search-plan.js';
import type { NeutralRequest, NeutralTool } from './neutral-request.js';
import type { RequestTools } from './request-tools.js';
import type { WireCapabilities } from './request-decision.js';
import type { ToolDefinition } from '../tools/tool-definition.js';

/**
 * A body's tool list as a codec reads it: at least the definitions of the functions the plan may manage, in order, and
 * every entry in neutral form (what `read` hands the decision). A codec adds what its `write` needs of the list.
 */
export interface CodecTools {
  readonly definitions: readonly ToolDefinition[];
  readonly neutral: readonly NeutralTool[];
}

/** What a codec's `read` is handed besides the body. */
export interface CodecReadContext<Tools, Options = undefined> {
  /** The API's own options, checked (the public transformer's, or the session's). */
  readonly options?: Options;
  /**
   * The body's tool list already read by this codec's `readTools` (a session's catalog, read once per agent): used in
   * place of reading the body's list again when it is that very list.
   */
  readonly tools?: { readonly list: unknown; readonly read: Tools };
}

/**
 * One wire API's codec: it reads a body into neutral form and writes the decided entries back in the wire's shape. Wire
 * details (field names, where the note goes, how a name is mapped in the history) live only here; which tool is sent
 * in which form is never decided here (`resolveRequestTools`). The driver (`transformRequest`) calls `read` once and
 * `write` once per request.
 */
export interface WireCodec<Read, Tools extends CodecTools, Code extends string, Options = undefined> extends WireCapabilities<Code> {
  /** The body's tool list, read and checked (`invalid-request` for a bad one): what `read` would read of it. */
  readTools(body: Record<string, unknown>): Tools;
  /**
   * The body in neutral form, for the model the plan names (what the model takes may decide how the history is
   * sent); throws `invalid-request` for a body of the wrong shape.
   */
  read(body: unknown, context: CodecReadContext<Tools, Options>, plan: ToolSearchPlan): NeutralRequest<Read>;
  /**
   * The body with the decided tools, the note and the names as sent, and the warnings of the wire: `planWarnings` say
   * more about the plan (they follow the decision's own), `warnings` come after the decision's. With a predicted load
   * (`tools.predicted`), the items written for it after the newest user message, as `predicted`.
   */
  write(
    request: NeutralRequest<Read>,
    tools: RequestTools,
  ): {
    readonly body: unknown;
    readonly planWarnings?: readonly ToolSearchWarning<Code>[];
    readonly warnings: readonly ToolSearchWarning<Code>[];
    readonly predicted?: readonly unknown[];
  };
}
