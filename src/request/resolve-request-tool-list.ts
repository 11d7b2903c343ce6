import { createToolList } from './resolve-tool-list.js';
import { STUB_INPUT_SCHEMA, TOOL_SEARCH_TOOL_NAME } from '../tools/tool-search-tool-definition.js';
import { assertNever } from '../errors/assert-never.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';
import { parsePlannedTools } from '../plan/parse-planned-tools.js';
import { resolveOwnToolsSent } from '../plan/resolve-own-tools-sent.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { createOwnToolEntry } from './create-own-tool-entry.js';
import { createRequestToolEntry } from './create-request-tool-entry.js';
import { resolveCallerDeferral, type CallerDeferral } from './resolve-caller-deferral.js';
import { createForcedToolWarning, type ForcedTools } from './resolve-forced-tools.js';
import { resolveHistoryRestore } from './resolve-history-restore.js';
import { resolveHostedToolList } from './resolve-hosted-tool-list.js';
import { resolvePlanMatch, type PlanMatchWording } from './resolve-plan-match.js';
import { isDeferredLeftOut } from '../plan/is-deferred-left-out.js';
import { isAddedByReference } from '../plan/is-added-by-reference.js';
import type { RequestBodyTool } from './request-tool.js';
import type { RequestToolEntry, RequestToolWarning } from './request-tool-entry.js';

/** A request read into neutral form: what {@link resolveRequestToolList} decides from, besides the plan. */
export interface ResolveRequestToolListInput {
  /** A plan for this wire API and model (`client`, `claude-hosted` or `none`; see `resolvePlanForWireAPI`). */
  readonly plan: ToolSearchPlan;
  /** The request's name mapping (entries keep the caller's names; the transformer maps them). */
  readonly names: Pick<ToolNameMapping, 'toWire' | 'fromWire'>;
  /** The body's tools, by original name, in body order (the package's own tools left out). */
  readonly bodyTools: ReadonlyMap<string, RequestBodyTool>;
  /** The definitions the request may send for a tool the body lacks, by name, in catalog order. */
  readonly catalog: ReadonlyMap<string, ToolDefinition>;
  /** The plan tools the request's `tool_choice` forces (`resolveForcedTools`). */
  readonly forced: ForcedTools;
  /** Tools this request reveals (the `revealed` option, then the history's), by original name. */
  readonly revealed: readonly string[];
  /** Tools the history names (`tool_use`, `tool_reference`), by original name. */
  readonly referenced: ReadonlySet<string>;
  /**
   * Tools the history already added to the conversation natively (the API's tool-addition items, additions minus
   * removals; `reveal: 'native'`), by original name: loaded in the conversation, so a history call of one needs no
   * definition in `tools`. @default none
   */
  readonly added?: ReadonlySet<string>;
  /** The wire names the history's tool calls use, in order. */
  readonly calls: readonly string[];
  /** Wire names of the package's own tools the body holds (read back from a body this package transformed). */
  readonly ownInBody: readonly string[];
  /** Wire names of the body's entries the plan does not manage (provider tools), which define their names too. */
  readonly otherNames: ReadonlySet<string>;
  /** The body's entries that defer tools of their own, as notes name them; `partly` when only some members defer. */
  readonly callerDeferred: readonly { readonly label: string; readonly partly: boolean }[];
  /** Whether the body holds the provider's hosted search tool. */
  readonly hostedSearchInBody: boolean;
  /** Whether the history's calls used the provider's hosted search tool. */
  readonly hostedSearchInHistory: boolean;
  /** How to resolve the plan again for this body, for the `plan-mismatch` error (`parseAnthropicMessagesTools(body)`). */
  readonly reader: string;
}

/**
 * What a request carries, decided once for every mechanism, in neutral form. The transformer writes `entries` in the
 * wire shape: the first `leading` before every entry of the body, the provider's hosted search tool next when
 * `hostedSearch`, the rest in the body's tool places (`client`: the custom tools' places, extra entries after the last
 * one; otherwise the body's tools in body order, extra entries at the end), the last `trailing` after everything.
 */
export interface RequestToolList {
  /** What the request sends of the plan's tools and the package's own, in send order. */
  readonly entries: readonly RequestToolEntry[];
  /** How many of `entries` go first (the library's `tool_search` under hosted search). */
  readonly leading: number;
  /** How many of `entries` go last (the package's own tools defined again for the history). */
  readonly trailing: number;
  /** Whether the provider's hosted search tool is sent, after the leading entries (never deferred). */
  readonly hostedSearch: boolean;
  /** `removed`: the body's own deferrals are sent without the defer flag (nothing could load them). */
  readonly callerDeferral: CallerDeferral;
  /** The guidance note for the system prompt, or `null`. */
  readonly guidance: string | null;
  readonly warnings: readonly RequestToolWarning[];
}

/**
 * The one decision of a request: which tools it sends in which form (full, stub, deferred with the provider's flag),
 * which of the package's own tools, the guidance note, and what the history needs restored, for the mechanisms a
 * wire API with Anthropic's hosted search carries (the Messages API; `resolvePlanForWireAPI` first):
 *
 * - `client`: the client-side tool list (`resolveToolList`); a forced tool and, where the listing leaves deferred
 *   tools out, every tool the history names but did not add natively (`added`) are sent in full. Native delivery by
 *   reference (`isAddedByReference`) also sends every other deferred tool `defer-loading`, and no hosted search tool.
 * - `claude-hosted`: {@link resolveHostedToolList}.
 * - `none`: every tool in full, in body order.
 *
 * On every mechanism a plan tool the body lacks is sent from the catalog (`resolvePlanMatch`, which throws
 * `plan-mismatch` when neither has it), the package's own tools the history called are defined again at the end
 * (`resolveHistoryRestore`), and tools the caller deferred itself are taken care of (`resolveCallerDeferral`). Pure.
 * Not part of the public API.
 */
export function resolveRequestToolList(input: ResolveRequestToolListInput): RequestToolList {
  const { plan, names, bodyTools, catalog, forced, revealed, referenced, calls, otherNames, reader } = input;
  // The plan's tools by name, indexed once per tool list (`resolvePlanForWireAPI` checked this one).
  const planned = parsePlannedTools(plan.tools).byName;
  // A tool the history added natively is defined by its addition: the request need not define it for the history.
  const added = input.added;
  const undefinedReferences = added === undefined || added.size === 0 ? referenced : new Set([...referenced].filter((name) => !added.has(name)));
  // Literals, not `{ ...input, planned }`: adding keys to a spread object is V8's slow path, on every request.
  const restored = resolvePlanMatch({
    plan,
    planned,
    body: bodyTools,
    catalog,
    revealed,
    referenced: undefinedReferences,
    forced: forced.forced,
    wording: MATCH_WORDING,
    reader,
  });
  const own = resolveOwnToolsSent(plan, planned);
  // Restored for the history only where the history does not define it itself (as the plan match reads a body back).
  const history = resolveHistoryRestore({ plan, planned, names, own, bodyTools, restored, catalog, referenced: undefinedReferences, calls, otherNames });
  const warnings: RequestToolWarning[] = [];
  let entries: readonly RequestToolEntry[];
  let leading = 0;
  let hostedSearch = false;
  let guidance: string | null = null;
  let callerDeferral: CallerDeferral = 'kept';
  switch (plan.mechanism) {
    case 'claude-hosted': {
      const hosted = resolveHostedToolList({
        plan,
        planned,
        names,
        bodyTools,
        own,
        restored,
        historyTools: history.tools,
        forced,
        callerDeferred: input.callerDeferred.some((entry) => !entry.partly),
        hostedSearchInUse: input.hostedSearchInBody || input.hostedSearchInHistory,
      });
      entries = hosted.entries;
      ({ leading, hostedSearch, guidance } = hosted);
      warnings.push(...hosted.warnings);
      if (leading === 0) warnings.push(...ownSearchRemoved(input.ownInBody, history.ownTools, plan.mechanism));
      break;
    }
    case 'client': {
      const definitions = plan.tools.map((tool) => bodyTools.get(tool.name)?.definition ?? restored.get(tool.name) ?? placeholder(tool.name));
      // The API rejects a history reference to a tool the request does not define: a tool the listing leaves out is sent,
      // unless the history added it to the conversation (native delivery), which defines it.
      const mustDefine = isDeferredLeftOut(plan) ? [...undefinedReferences] : [];
      for (const name of forced.deferred) {
        if (plan.reveal !== 'tool-list' || !input.revealed.includes(name))
          warnings.push(createForcedToolWarning(name, 'revealed, so it is sent with its full schema'));
      }
      const list = createToolList(plan, definitions, { revealed: input.revealed, forced: [...mustDefine, ...forced.deferred], names });
      // Native delivery by reference: the additions name tools `tools` declares, so every deferred tool not sent in
      // full is declared deferred (after the list, in plan order), with no hosted search tool: `tool_search` anchors.
      entries = isAddedByReference(plan) ? [...list.tools, ...deferLoading(plan, definitions, list.tools)] : list.tools;
      guidance = list.guidance;
      if (input.hostedSearchInBody) {
        warnings.push({
          code: 'hosted-search-tool-kept',
          message:
            "the body has Anthropic's hosted search tool, but the plan uses the client-side `tool_search` (the model or its gateway " +
            'does not support hosted search); the hosted tool was sent as given, and the API may reject it. Remove it from the body.',
        });
      }
      break;
    }
    case 'none':
      warnings.push(...ownSearchRemoved(input.ownInBody, history.ownTools, plan.mechanism));
      entries = [...[...bodyTools.values()].map(({ definition }) => loaded(definition)), ...[...restored.values()].map(loaded)];
      break;
    case 'openai-hosted':
      // resolvePlanForWireAPI turns it into `client` on an API without OpenAI's hosted search.
      throw new ToolSearchError('invalid-options', 'an `openai-hosted` plan reached the request decision');
    default:
      return assertNever(plan.mechanism, 'mechanism');
  }
  if (restored.size > 0 || history.tools.length > 0) warnings.push(restoredWarning(restored, history.tools, plan.mechanism));
  if (plan.mechanism !== 'claude-hosted') {
    const deferral = resolveCallerDeferral({
      plan,
      deferring: input.callerDeferred.map((entry) => entry.label),
      hostedSearchSent: input.hostedSearchInBody,
      hosted: 'claude-hosted',
    });
    callerDeferral = deferral.deferral;
    hostedSearch = deferral.deferral === 'hosted-search-added';
    if (deferral.warning !== undefined) warnings.push(deferral.warning);
  }
  const ownRestored = restoreOwnTools(entries, history.ownTools, input, warnings);
  const trailing = ownRestored.length;
  if (trailing > 0) entries = [...entries, ...ownRestored];
  return { entries, leading, trailing, hostedSearch, callerDeferral, guidance, warnings };
}

/** How the request decision's `plan-mismatch` names the body's tools. */
const MATCH_WORDING: Readonly<PlanMatchWording> = {
  lead: 'The plan was made for different tools than the request holds',
  lacks: "which the body's `tools` lacks (pass its definition in `catalog` to send it anyway)",
  has: "the body's `tools`",
  again: (reader) => `with ${reader}`,
};

/**
 * The package's own tools the history calls that nothing sent defines, as the package defines them (the API rejects a
 * call of an undefined tool), to send last. A later call of one is answered as before (the session searches, or
 * unwraps `call_tool`).
 */
function restoreOwnTools(
  entries: readonly RequestToolEntry[],
  called: ReadonlyMap<string, 'search' | 'call'>,
  { names, otherNames, plan }: ResolveRequestToolListInput,
  warnings: RequestToolWarning[],
): RequestToolEntry[] {
  const restored: RequestToolEntry[] = [];
  if (called.size === 0) return restored;
  for (const [name, kind] of called) {
    if (otherNames.has(name) || entries.some((entry) => names.toWire(entry.name) === name)) continue;
    restored.push(createOwnToolEntry(kind, name));
  }
  if (restored.length === 0) return restored;
  const list = restored.map((entry) => `\`${entry.name}\``).join(' and ');
  warnings.push({
    code: 'own-tool-restored',
    message:
      `the history calls this package's ${list}, which the plan (mechanism \`${plan.mechanism}\`) does not send; ${restored.length === 1 ? 'it was' : 'they were'} ` +
      'defined again, because the API rejects a `tool_use` of a tool `tools` does not define. Nothing to do on your side.',
  });
  return restored;
}

/** The note for the package's own tools in the body that the plan does not send (one the history calls is defined again). */
function ownSearchRemoved(ownInBody: readonly string[], called: ReadonlyMap<string, unknown>, mechanism: 'claude-hosted' | 'none'): RequestToolWarning[] {
  if (ownInBody.every((name) => called.has(name))) return [];
  return [
    {
      code: 'client-search-tool-removed',
      message: `the body has this package's \`${TOOL_SEARCH_TOOL_NAME}\` tool, but the plan's mechanism is \`${mechanism}\`, not \`client\`; it was removed`,
    },
  ];
}

function restoredWarning(
  restored: ReadonlyMap<string, ToolDefinition>,
  forHistory: readonly ToolDefinition[],
  mechanism: ToolSearchPlan['mechanism'],
): RequestToolWarning {
  const parts: string[] = [];
  if (restored.size > 0) {
    parts.push(
      `${[...restored.keys()].map((name) => `\`${name}\``).join(', ')} ${restored.size === 1 ? 'is' : 'are'} in the plan but not in the body's \`tools\``,
    );
  }
  if (forHistory.length > 0) {
    parts.push(
      `the history references ${forHistory.map((tool) => `\`${tool.name}\``).join(', ')}, which the body no longer defines (the API rejects a ` +
        `reference to an undefined tool), so ${forHistory.length === 1 ? 'it was' : 'they were'} sent deferred`,
    );
  }
  return { code: 'tool-restored', message: `${parts.join('; ')}: sent from \`catalog\` (mechanism \`${mechanism}\`)` };
}

function loaded(tool: ToolDefinition): RequestToolEntry {
  return createRequestToolEntry(tool, 'loaded');
}

/** The plan's deferred tools the client list does not send, as `defer-loading` entries, in plan order. */
function deferLoading(plan: ToolSearchPlan, definitions: readonly ToolDefinition[], sent: readonly RequestToolEntry[]): RequestToolEntry[] {
  const inList = new Set(sent.map((entry) => entry.name));
  const entries: RequestToolEntry[] = [];
  plan.tools.forEach((tool, index) => {
    if (tool.status === 'deferred' && !inList.has(tool.name)) entries.push(createRequestToolEntry(definitions[index] as ToolDefinition, 'defer-loading'));
  });
  return entries;
}

/** A definition for a deferred tool the `names` listing does not send (its schema is never used). */
function placeholder(name: string): ToolDefinition {
  return { name, inputSchema: STUB_INPUT_SCHEMA };
}
