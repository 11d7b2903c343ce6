import { assertNever } from '../errors/assert-never.js';
import type { WireAPI } from '../models/model-reference.js';
import { createToolNameMapping, type ToolNameMapping } from '../names/create-tool-name-mapping.js';
import type { ToolNameRule } from '../names/tool-name-rule.js';
import { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';
import { resolvePlanForWireAPI } from '../plan/resolve-plan-for-wire-api.js';
import { parsePlannedTools } from '../plan/parse-planned-tools.js';
import type { ToolSearchPlan, ToolSearchWarning } from '../plan/tool-search-plan.js';
import { resolveHistoryReveals, type HistoryToolOutput } from '../client/tool-search-result.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { createToolListWithinLimit } from './create-tool-list-within-limit.js';
import type { ToolListEntry } from './resolve-tool-list.js';

/**
 * The codes of the warnings {@link resolveClientRequest} gives, the same on every API it serves (each transformer's
 * own codes add to them); match on them, the messages are for people.
 *
 * - `hosted-mechanism-unsupported`: the plan asks for OpenAI's or Anthropic's hosted search, which the API does not
 *   have; the same tools were deferred with the client-side mechanism instead. Resolve the plan with
 *   `{ id, api }` to say so up front.
 * - `listing-changed-to-names`: the `full` or `compact` listing would send more tools than the API accepts; deferred
 *   tools were left out of the list, named in the note and called through `call_tool` (the `names` listing).
 * - `tools-deferred-for-limit`: even so, more tools would be sent than the API accepts; the last loaded tools were
 *   deferred too (reachable through `tool_search` and `call_tool`).
 */
export type ClientRequestWarningCode = 'hosted-mechanism-unsupported' | 'listing-changed-to-names' | 'tools-deferred-for-limit';

/** Where a writer adds its warnings: the request's list, after the core's own. */
export interface ToolSearchWarningList<Code extends string> {
  push(warning: ToolSearchWarning<Code>): unknown;
}

/**
 * One function tool of a request body as the API's reader gives it: its definition, and whatever else the API's
 * {@link ClientWireAPI.writeFunction} needs to send it in full (the body's own tool object), handed back as it is.
 */
export interface ClientFunctionTool {
  /** The function as the body declares it, under the name the body gives it (the caller's, or a wire name an earlier transform sent). */
  readonly definition: ToolDefinition;
}

/** A tool of the body that is not a function the plan manages (a custom or provider tool), at its index in the body's list. */
export interface PositionedTool<Other> {
  readonly index: number;
  readonly tool: Other;
}

/** A request body read into neutral form: what {@link resolveClientRequest} decides from. */
export interface ClientRequestBody<FunctionTool extends ClientFunctionTool, Other> {
  /** The body's function tools, in body order. */
  readonly functions: readonly FunctionTool[];
  /**
   * The body's other tools that are written in the same list, each kept at its position (a custom tool, a cache
   * marker). They count toward the API's limit and are never deferred.
   */
  readonly others: readonly PositionedTool<Other>[];
  /** Names of tools the body sends besides its functions (a custom tool, a legacy `functions` list): mapped with them. */
  readonly otherNames: readonly string[];
  /** The names the request's tool choice forces, as the body writes them. */
  readonly forced: readonly string[];
  /** Every tool name the history uses (calls and results), for the name mapping. */
  readonly historyNames: readonly string[];
  /** Every answered call of the history, oldest first, for the reveals it holds. */
  readonly historyOutputs: readonly HistoryToolOutput[];
  /** `options.revealed` as the transformer read it. */
  readonly revealed: readonly string[];
}

/**
 * What one wire API brings to the client-side mechanism: its facts (name rule, limit) and how it writes each kind of
 * entry. The writers only shape wire objects; which tool is sent in which form is decided before they run.
 */
export interface ClientWireAPI<FunctionTool extends ClientFunctionTool, Wire, Code extends string> {
  /** The API, for the plan's fallback from a hosted mechanism. */
  readonly api: WireAPI;
  /** The names the API accepts. */
  readonly rule: ToolNameRule;
  /** The most entries the API takes in its tool list, or `undefined` for no limit. */
  readonly maxTools?: number;
  /** The API's name in messages (`OpenAI Chat Completions`). */
  readonly label: string;
  /** The API's code for the warning that the request is over its limit all the same; needed with `maxTools` only. */
  readonly overLimitCode?: Code;
  /** A caller's function sent in full (`loaded`, `revealed`), from the body's own tool, under `wireName`. */
  writeFunction(tool: FunctionTool, entry: ToolListEntry, wireName: string, warnings: ToolSearchWarningList<Code>): Wire;
  /** The package's `tool_search` or `call_tool`, with `entry.description` and `entry.inputSchema`. */
  writeOwnTool(entry: ToolListEntry, wireName: string): Wire;
  /** A deferred tool's stub: `entry.description` (absent or shortened as the listing says) and the stub schema. */
  writeStub(entry: ToolListEntry, wireName: string): Wire;
}

/** What a client-mechanism request carries, decided and written: the transformer places it in the body. */
export interface ClientRequest<Wire, Other, Code extends string> {
  /** The plan as applied: after the fallback from a hosted mechanism and what the API's limit changed. */
  readonly plan: ToolSearchPlan;
  /** The tool list in send order: the entries written by the API, the body's other tools at their positions. */
  readonly tools: (Wire | Other)[];
  /**
   * The decided entries in send order, one per written tool (the body's other tools not among them): for an API that
   * places more around them (a cache checkpoint after the loaded tool it followed).
   */
  readonly entries: readonly ToolListEntry[];
  /** The guidance note for the system slot, or `null`: then a note an earlier transform left is removed. */
  readonly guidance: string | null;
  /** The tool names sent and back. */
  readonly names: ToolNameMapping;
  /** A name as the body writes it (the caller's, or a wire name) to the name sent: for the tool choice. */
  toWire(name: string): string;
  /** The tools whose schemas the history holds, in the caller's names, without duplicates. */
  readonly loaded: readonly string[];
  /** The warnings so far, in order; the transformer adds its own. */
  readonly warnings: ToolSearchWarning<Code | ClientRequestWarningCode>[];
}

/**
 * The one decision of the client-side mechanism for a request, from the body read into neutral form, as every API
 * without hosted search applies it (Chat Completions, Gemini, Bedrock Converse):
 * - the plan the API can carry: a hosted plan (`openai-hosted`, `claude-hosted`) defers the same tools client-side,
 *   with the plan's listing and a warning; with plan `none`, or nothing deferred, every tool is sent in full (names
 *   still mapped) and no note is added;
 * - one name mapping over every name the body sends, to the API's rule; names the history alone uses (calls of tools
 *   no longer sent) are mapped apart and never change a current tool's wire name. A body that is the transformer's
 *   own output holds wire names: its functions and forced names are read back to the plan's names, so the plan
 *   still matches and a second pass gives the same bytes (`full` and `compact` listings). Stubs carry no schema, so a
 *   caller keeps its own body and history, in its own names, for the full schema of a tool revealed later;
 * - the tool list of `resolveToolList` within the API's limit (`createToolListWithinLimit`), with the reveals of
 *   `options.revealed` and then those the history's tool results hold (`resolveRevealedTools`), and each function
 *   the tool choice forces sent with its full schema, since the model is made to call it without a chance to search
 *   first; each entry written by the API's writers, the body's other tools kept at their positions;
 * - the guidance note, constant for a plan, for the transformer to place once in the API's system slot (a note
 *   already there is kept, one another plan left is replaced: `resolveGuidanceContent`).
 *
 * Pure. Throws what `resolvePlanForWireAPI` and `createToolListWithinLimit` throw (`invalid-options` for a plan of
 * the wrong shape, `plan-mismatch` naming the tools when the plan was made for other tools). Not part of the public
 * API.
 */
export function resolveClientRequest<FunctionTool extends ClientFunctionTool, Other, Wire, Code extends string>(
  givenPlan: ToolSearchPlan,
  body: ClientRequestBody<FunctionTool, Other>,
  wire: ClientWireAPI<FunctionTool, Wire, Code>,
): ClientRequest<Wire, Other, Code> {
  const warnings: ToolSearchWarning<Code | ClientRequestWarningCode>[] = [];
  const { plan, fallback } = resolvePlanForWireAPI(givenPlan, wire.api);
  if (fallback !== null) warnings.push({ code: 'hosted-mechanism-unsupported', message: fallback });

  // The plan's names, checked and indexed once per tool list (`resolvePlanForWireAPI` checked this one).
  const { names: planNames, byName: planSet } = parsePlannedTools(plan.tools);
  const own = resolveOwnToolsSent(plan, planSet);
  const names = createToolNameMapping([...planNames, own.searchName, own.callToolName, ...body.otherNames], wire.rule, { secondary: body.historyNames });

  // A forced function is revealed for this request.
  const forced = body.forced.map((name) => resolvePlanName(name, planSet, names));
  const functions = new Map<string, FunctionTool>();
  for (const tool of body.functions) functions.set(resolvePlanName(tool.definition.name, planSet, names), tool);
  const definitions: ToolDefinition[] = [];
  // A body in wire names (an earlier transform's output) is read under the plan's names; others are used as they are.
  for (const [name, { definition }] of functions) definitions.push(name === definition.name ? definition : { ...definition, name });
  const loaded = resolveHistoryReveals(body.historyOutputs, names, own);
  // Past the API's limit the listing leaves deferred tools out, and then loaded tools are deferred, so every tool
  // stays reachable (`tool_search`, `call_tool`) in a request the API accepts.
  const fitted = createToolListWithinLimit(
    plan,
    definitions,
    { revealed: [...body.revealed, ...loaded], forced, names },
    { maxTools: wire.maxTools ?? Number.POSITIVE_INFINITY, otherEntries: body.others.length, label: wire.label },
  );
  // Without `maxTools` nothing is over a limit, so `overLimitCode` is set wherever this reads it.
  for (const change of fitted.changes)
    warnings.push({ code: change.code === 'over-tool-limit' ? (wire.overLimitCode as Code) : change.code, message: change.message });

  const tools: (Wire | Other)[] = fitted.list.tools.map((entry) => writeEntry(entry, functions, names.toWire(entry.name), wire, warnings));
  // The body's other tools keep their positions.
  for (const { index, tool } of body.others) tools.splice(Math.min(index, tools.length), 0, tool);
  return {
    plan: fitted.plan,
    tools,
    entries: fitted.list.tools,
    guidance: fitted.list.guidance,
    names,
    toWire(name) {
      return names.toWire(resolvePlanName(name, planSet, names));
    },
    loaded: [...new Set(loaded.map((name) => names.fromWire(name)))],
    warnings,
  };
}

function writeEntry<FunctionTool extends ClientFunctionTool, Wire, Code extends string>(
  entry: ToolListEntry,
  functions: ReadonlyMap<string, FunctionTool>,
  wireName: string,
  wire: ClientWireAPI<FunctionTool, Wire, Code>,
  warnings: ToolSearchWarningList<Code>,
): Wire {
  switch (entry.status) {
    case 'loaded':
    case 'revealed':
      return wire.writeFunction(functions.get(entry.name) as FunctionTool, entry, wireName, warnings);
    case 'search':
    case 'call':
      return wire.writeOwnTool(entry, wireName);
    case 'deferred':
      return wire.writeStub(entry, wireName);
    default:
      return assertNever(entry.status, 'tool list status');
  }
}

/** A name as the body writes it, as the plan names it: a wire name of a planned tool is read back, any other name kept. */
function resolvePlanName(name: string, planSet: ReadonlyMap<string, unknown>, names: ToolNameMapping): string {
  return planSet.has(name) || !planSet.has(names.fromWire(name)) ? name : names.fromWire(name);
}
