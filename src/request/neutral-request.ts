import type { HistoryToolOutput } from '../client/tool-search-result.js';
import { assertNever } from '../errors/assert-never.js';
import type { JSONSchemaObject, ToolDefinition } from '../tools/tool-definition.js';
import { createStubInputSchema } from '../tools/tool-search-tool-definition.js';
import type { RequestTools } from './request-tools.js';

/**
 * One tool of a request body, in body order, as a codec reads it: what the decision needs to say how it is sent.
 *
 * - `function`: a function the plan manages. `definition` is the body's, under the name the body writes (the caller's,
 *   or the wire name an earlier transform sent it under); `deferred` says whether the body already carries the
 *   provider's defer flag; `group` is the body group holding it (a Responses namespace).
 * - `other`: a tool the plan does not manage (a provider tool, a custom tool, a toolset), sent as the caller wrote it;
 *   `name` names it where it has one (it takes part in the name mapping); `deferred` says the caller deferred it itself
 *   (`partly`: only some of its members), `label` how warnings name it.
 * - `hosted-search`: the provider's own tool search tool in the body (`clientExecuted`: the caller serves it).
 * - `own`: one of this package's own tools, left in the body by an earlier transform (written again from the decision);
 *   `name` is the name it was sent under (a function of that name the plan has and the body lacks stands for it).
 * - `marker`: not a tool but an item of the tool list that the codec places itself (a Converse `cachePoint`).
 *
 * `index` is the tool's position in the body's tool list (or in the codec's own list of its tools); `path` where it
 * sits in the body (`tools[2].tools[0]`), for messages.
 */
export type NeutralTool =
  | {
      readonly kind: 'function';
      readonly index: number;
      readonly definition: ToolDefinition;
      readonly deferred: boolean;
      readonly group?: string;
      readonly path?: string;
    }
  | {
      readonly kind: 'other';
      readonly index: number;
      readonly name?: string;
      readonly deferred: boolean;
      readonly partly?: boolean;
      readonly label?: string;
      readonly group?: string;
      readonly path?: string;
      /** A custom tool: free text the model calls by its name (its name is kept, and reserved from functions). */
      readonly custom?: boolean;
      /** The API rejects it deferred outside a group (its calls would use a reserved name). */
      readonly deferredAloneRejected?: boolean;
    }
  | { readonly kind: 'own'; readonly index: number; readonly name?: string; readonly definition?: ToolDefinition; readonly path?: string }
  | { readonly kind: 'hosted-search'; readonly index: number; readonly clientExecuted?: boolean }
  | { readonly kind: 'marker'; readonly index: number };

/** A tool the history names, as written (the caller's name or a wire name), and where (a JSON path, for warnings). */
export interface HistoryReference {
  readonly name: string;
  /**
   * A model's call (`tool_use`), a reference a search result loads (`tool_reference`), or a tool change naming a tool
   * (`tool_change`) that the request must declare.
   */
  readonly kind: 'tool_use' | 'tool_reference' | 'tool_change';
  readonly path: string;
}

/** One tool change of the history (a native addition or removal), as written, in history order. */
export interface HistoryToolChange {
  readonly change: 'addition' | 'removal';
  readonly name: string;
  /** `value`: it carries the tool's definition; `reference`: it names a tool the request declares. */
  readonly form: 'value' | 'reference';
  /** Whether the name is a caller's tool's (mapped like the others), not a provider tool's fixed name. */
  readonly custom: boolean;
}

/** What a request's history holds, as a codec reads it (names as written: wire names, or the caller's). */
export interface NeutralHistory {
  /** Every tool name the history uses (calls and results), for the name mapping: mapped apart from the current tools. */
  readonly names: readonly string[];
  /** Every answered call, oldest first, under the name it was called by: the package's results name loaded tools. */
  readonly outputs: readonly HistoryToolOutput[];
  /** The named calls whose arguments the codec read, oldest first (what a call of `call_tool` called is read from them). */
  readonly calls?: readonly { readonly name: string; readonly arguments: unknown }[];
  /** The history's calls and references, in order, where the API rejects a name the request does not define. */
  readonly references?: readonly HistoryReference[];
  /** The history's tool changes, in order. */
  readonly changes?: readonly HistoryToolChange[];
  /**
   * The messages for the tool results whose call is not where the API requires it (see {@link HistoryPairing}), in
   * history order: the session warns or throws with them. Absent when every result pairs.
   */
  readonly unpaired?: readonly string[];
  /** The provider's hosted search tool the history's first hosted search call used, if any. */
  readonly searchTool?: string;
  /**
   * Tools whose definitions the history holds as text outside the package's results (a tool addition the model cannot
   * take, which the codec sends as text): loaded, as a `tool_search` result's tools are.
   */
  readonly revealed?: readonly string[];
}

/**
 * A request body read into neutral form by its API's codec (`WireCodec.read`): everything the decision
 * (`resolveRequestTools`) reads, and nothing of the wire. `read` is what only the codec's `write` needs back (the body
 * as a record, its slots), handed back as it is.
 */
export interface NeutralRequest<Read = unknown> {
  /** The body's tools, in body order. */
  readonly tools: readonly NeutralTool[];
  /** Names of tools the body sends outside its tool list (a legacy `functions` list): mapped with the others. */
  readonly otherNames: readonly string[];
  /** Names no tool may be sent under (the provider's own tools the codec may add). */
  readonly reservedNames?: readonly string[];
  /** The names the request's tool choice forces, as the body writes them. */
  readonly forced: readonly string[];
  readonly history: NeutralHistory;
  /** Under hosted search, group tools without a category by a shared name prefix (Responses' `uncategorized` option). */
  readonly groupByPrefix?: boolean;
  /**
   * The newest user message, when the history ends with it: a turn's first request, which nothing answers yet. The
   * prediction step ranks the catalog against it (see {@link NeutralTurnStart}). Absent otherwise.
   */
  readonly turnStart?: NeutralTurnStart;
  readonly read: Read;
}

/**
 * A user message that starts a turn, as a codec reads it: its text (the text parts joined by a blank line), where it
 * sits (`position`, its index in the history list) and, where the provider keeps the earlier history, what this
 * request continues (`anchor`, such as Responses' `previous_response_id`), so the items written after it get ids no
 * other turn of the conversation has.
 */
export interface NeutralTurnStart {
  readonly text: string;
  readonly position: number;
  readonly anchor?: string;
}

/**
 * One tool result of a history item, as an API's item reader gives it: by the `id` of the call it answers, or by the
 * `name` of the tool it answers where the API names it in the result itself (Gemini's `functionResponse`, Chat
 * Completions' legacy `function` message); its output (text or parsed JSON). A result with a `path` (where it is,
 * `messages[3].content[0]`) is one the pairing checks, and `label` is how its message names it.
 */
export interface HistoryToolResult {
  readonly id?: unknown;
  readonly name?: string;
  /** Absent: the result holds no output the package reads (it is only paired). */
  readonly output?: unknown;
  readonly path?: string;
  readonly label?: string;
}

/** What one item of a history list holds (a message, a content, a Responses item), as an API's item reader gives it. */
/** A call in the history: its id, the tool name the model wrote, and its arguments as written (an object, or JSON text). */
export interface HistoryToolCall {
  readonly id?: unknown;
  readonly name?: string;
  readonly arguments?: unknown;
}

export interface HistoryToolItem {
  /**
   * The tool calls the item makes, in order: the call's id and the tool name the model wrote (none for a call whose
   * name is not mapped, such as a custom tool's). An item with calls is a turn of the model's.
   */
  readonly calls?: readonly HistoryToolCall[];
  /** `false`: the item's calls are no turn of the model's (a call in a user message): the pairing takes it for other text. */
  readonly turn?: false;
  /** The tool results the item holds, in order (they come before the calls it makes). */
  readonly results?: readonly HistoryToolResult[];
  /** The write has something to do in this item besides its names (a warning, an error, a repair). */
  readonly write?: boolean;
}

/**
 * Where a result's call must be, as an API rejects a history otherwise:
 *
 * - `previous-turn`: in the model's turn right before it (only other results between): Anthropic Messages, Chat
 *   Completions, Gemini;
 * - `previous-message`: in the message right before the one holding it, and answered once (Bedrock Converse);
 * - `earlier`: anywhere before it: the Responses API, whose items are flat.
 */
export type HistoryPairingRule = 'previous-turn' | 'previous-message' | 'earlier';

/** How a codec's read pairs the history's tool results with their calls, and words a result without its call. */
export interface HistoryPairing {
  readonly rule: HistoryPairingRule;
  /** A result also pairs with a call of the tool it names (Gemini, whose calls may have no id). */
  readonly byName?: boolean;
  /** The message for the result at `path` (named `label`) whose call is not where the rule requires it. */
  unpaired(path: string, label: string): string;
}

/**
 * The one walk of a history list that a codec's read makes: every tool name its calls and named results use (for the
 * name mapping), every answered call with the name it was called by, oldest first (for the reveals the package's
 * answers hold, `resolveHistoryReveals`), the results whose call is not where `pairing` requires it (none without
 * `pairing`); what the write needs of the walk goes into `walk`. A result answers the
 * earlier call of the same id, a result with a name answers that tool, and a result whose call is not in the history
 * counts for nothing. `read` says what each item holds (`undefined`: nothing of interest). Pure. Not part of the
 * public API.
 */
export function readNeutralHistory(
  items: readonly unknown[],
  read: (item: unknown, index: number) => HistoryToolItem | undefined,
  pairing?: HistoryPairing,
  walk?: HistoryWalk,
): NeutralHistory {
  const calledBy = new Map<unknown, string>();
  const names: string[] = [];
  const outputs: HistoryToolOutput[] = [];
  // The calls whose arguments the reader gave (absent when none did).
  let called: { readonly name: string; readonly arguments: unknown }[] | undefined;
  const unpaired: string[] = [];
  // The calls a result may answer: by id, and (`byName`) by tool name. Cleared, not replaced: this runs per item.
  const open = new Set<unknown>();
  const openNames = new Set<string>();
  const endTurn = (): void => {
    if (open.size > 0) open.clear();
    if (openNames.size > 0) openNames.clear();
  };
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index];
    walk?.items.push(item);
    const { calls = NONE, results = NONE, turn = true, write = false } = read(item, index) ?? NOTHING;
    let named = write;
    let checked = false;
    for (const result of results) {
      const name = result.name ?? calledBy.get(result.id);
      if (result.name !== undefined) {
        names.push(result.name);
        named = true;
      }
      if (name !== undefined && 'output' in result) outputs.push({ name, output: result.output });
      if (pairing === undefined || result.path === undefined) continue;
      checked = true;
      const id = typeof result.id === 'string' ? result.id : undefined;
      const paired =
        (id !== undefined && (pairing.rule === 'previous-message' ? open.delete(id) : open.has(id))) ||
        (pairing.byName === true && result.name !== undefined && openNames.has(result.name));
      if (!paired) unpaired.push(pairing.unpaired(result.path, result.label ?? ''));
    }
    for (const call of calls) {
      if (call.name === undefined) continue;
      names.push(call.name);
      if (call.arguments !== undefined) {
        called ??= [];
        called.push({ name: call.name, arguments: call.arguments });
      }
      calledBy.set(call.id, call.name);
      named = true;
    }
    if (named) walk?.written.push(index);
    if (pairing === undefined) continue;
    if (calls.length > 0 && turn) {
      // A turn of the model's: the calls the next results may answer.
      if (pairing.rule !== 'earlier') endTurn();
      for (const call of calls) {
        if (typeof call.id === 'string' && (pairing.byName !== true || call.id.length > 0)) open.add(call.id);
        if (call.name !== undefined) openNames.add(call.name);
      }
    } else if (pairing.rule === 'previous-message' || (pairing.rule === 'previous-turn' && !checked)) {
      // Anything else ends the model's turn; on `previous-message` so does the message of its results.
      endTurn();
    }
  }
  const history: { names: string[]; outputs: HistoryToolOutput[]; calls?: typeof called; unpaired?: string[] } = { names, outputs };
  if (called !== undefined) history.calls = called;
  if (unpaired.length > 0) history.unpaired = unpaired;
  return history;
}

/** What an item of nothing of interest holds, and its empty lists: shared, as the walk runs per item. */
const NOTHING: Readonly<HistoryToolItem> = {};
const NONE: readonly never[] = [];

/**
 * What {@link readNeutralHistory}'s walk leaves for the codec's write: the history list as read (a copy made in the
 * same walk, which stands for the caller's: their items are the same) and the positions of the items the write must
 * visit (those holding tool names, and those the item reader marked). Fill a new one per read.
 */
export interface HistoryWalk {
  readonly items: unknown[];
  readonly written: number[];
}

/**
 * The history list as written: the items at `written` (the positions {@link readNeutralHistory} recorded) passed
 * through `write`, the others as they are, then the `appended` items (a predicted load); `items` (the caller's list)
 * itself when no item changes and none is appended. A new list is copied from the walk's copy, so the write walks no
 * item it does not change.
 */
export function writeHistoryItems<Item>(
  items: readonly Item[],
  history: HistoryWalk,
  write: (item: Item, index: number) => Item,
  appended: readonly Item[] = NONE,
): readonly Item[] {
  let output: Item[] | undefined;
  for (const index of history.written) {
    const item = history.items[index] as Item;
    const sent = write(item, index);
    if (sent === item) continue;
    output ??= [...(history.items as readonly Item[])];
    output[index] = sent;
  }
  if (appended.length === 0) return output ?? items;
  output ??= [...(history.items as readonly Item[])];
  output.push(...appended);
  return output;
}

/**
 * The turn start of a history list (see {@link NeutralRequest.turnStart}): its last item, when `readUserText` reads
 * it as a user's message (its text; `undefined` for anything else: a tool result, the model's output, a message
 * without text). Not part of the public API.
 */
export function readTurnStart(items: readonly unknown[], readUserText: (item: unknown) => string | undefined, anchor?: string): NeutralTurnStart | undefined {
  const position = items.length - 1;
  const text = position < 0 ? undefined : readUserText(items[position]);
  if (text === undefined || text.trim() === '') return undefined;
  return anchor === undefined ? { text, position } : { text, position, anchor };
}

/** The text of a message's content: a string, or the `text` of each part that has one, joined by a blank line. */
export function readContentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const texts: string[] = [];
  for (const part of content) {
    if (typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string') texts.push((part as { text: string }).text);
  }
  return texts.length === 0 ? undefined : texts.join('\n\n');
}

/** How a client-side API writes one tool: {@link writeClientTools} calls it for each decided entry. */
export interface ClientToolWriter {
  /** A tool the body holds (`index` in the codec's list), sent in full under `wireName` (`name` is the caller's). */
  body(index: number, name: string, wireName: string): unknown;
  /** A tool written from the decision: the package's own (`tool_search`, `call_tool`), or a stub (`stub`: the stub schema). */
  tool(wireName: string, description: string | undefined, inputSchema: JSONSchemaObject, stub: boolean): unknown;
}

/**
 * The decided entries of an API without hosted search, in send order, each written by `write` (the codec places the
 * body's other tools). Not part of the public API.
 */
export function writeClientTools(decided: RequestTools, write: ClientToolWriter): unknown[] {
  return decided.entries.map((entry) => {
    const wireName = decided.names.toWire(entry.name);
    switch (entry.status) {
      case 'loaded':
      case 'revealed':
      case 'defer-loading':
        return write.body(decided.bodyIndexOf(entry.name) as number, entry.name, wireName);
      case 'search':
      case 'call':
        return write.tool(wireName, entry.description, entry.inputSchema, false);
      case 'deferred':
        return write.tool(wireName, entry.description, createStubInputSchema(), true);
      default:
        return assertNever(entry, 'request tool status');
    }
  });
}
