import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';
import type { ToolSearchPlan, ToolSearchWarning } from '../plan/tool-search-plan.js';
import type { RequestToolEntry } from './request-tool-entry.js';
import type { ClientRequestWarningCode } from './resolve-request-tools.js';

/** The codes of the decision's warnings (each documented where the decision gives it). */
export type RequestToolsWarningCode = ClientRequestWarningCode | 'over-tool-limit';

/**
 * What one request carries, decided once (`resolveRequestTools`) for its API's codec to write: every tool the plan
 * manages and every tool of the package, in send order, each in its form (`RequestToolEntry.status`), with the note,
 * the names and what the history holds. The body's other tools are not entries: the codec keeps them where they are.
 */
export interface RequestTools {
  /** The plan as applied: after the fallback from a mechanism the API or model does not carry, and the API's limit. */
  readonly plan: ToolSearchPlan;
  /** The entries in send order (the caller's names; `names.toWire` gives each one's wire name). */
  readonly entries: readonly RequestToolEntry[];
  /** The guidance note for the API's system slot, or `null`: then a note an earlier transform left is removed. */
  readonly guidance: string | null;
  /** The tool names sent and back. */
  readonly names: ToolNameMapping;
  /** A name as the body writes it (the caller's, or a wire name of a planned tool) to the name sent. */
  toWire(name: string): string;
  /** The body tool an entry is written from: its index in the body's tool list, when the body holds it. */
  bodyIndexOf(name: string): number | undefined;
  /** The tools whose schemas the history holds, in the caller's names, without duplicates. */
  readonly loaded: readonly string[];
  /** The decision's warnings, in order; the codec's follow. */
  readonly warnings: readonly ToolSearchWarning<RequestToolsWarningCode>[];
}
