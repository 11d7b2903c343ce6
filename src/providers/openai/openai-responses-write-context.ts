import type { ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import type { ToolSearchWarning } from '../../plan/tool-search-plan.js';
import type { RequestTool } from '../../request/request-tools.js';
import type { RequestTools } from '../../request/request-tools.js';
import type { OpenAIResponsesBodyTools } from './parse-openai-responses-tools.js';
import type { OpenAIResponsesWarningCode } from './openai-responses-warning.js';

/** The tools as written, and the namespace name sent for each group label. */
export interface WrittenTools {
  readonly tools: unknown[];
  readonly namespaceNames: ReadonlyMap<string, string>;
}

/** What the writers read: the body's tools as read and in neutral form (by index), the decision, the names. */
export interface WriteContext {
  readonly read: OpenAIResponsesBodyTools;
  readonly tools: readonly RequestTool[];
  readonly decided: Grouped;
  readonly names: ToolNameMapping;
  readonly warnings: ToolSearchWarning<OpenAIResponsesWarningCode>[];
}

export type Grouped = NonNullable<RequestTools['grouped']>;
