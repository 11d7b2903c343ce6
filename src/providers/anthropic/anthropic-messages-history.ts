import { describeValue } from '../../errors/describe-value.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import type { ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import { isRecord } from '../../records/is-record.js';
import { resolveMappedItems } from '../../records/resolve-mapped-items.js';
import {
  readNeutralHistory,
  type HistoryPairing,
  type HistoryReference,
  type HistoryToolChange,
  type HistoryToolCall,
  type HistoryToolResult,
  type NeutralHistory,
} from '../../request/neutral-request.js';
import type { RequestTools } from '../../request/request-tools.js';
import type { AnthropicMessagesWarning } from './anthropic-messages-warning.js';
import { ANTHROPIC_TOOL_SEARCH_TOOL_NAMES } from './anthropic-messages-api.js';
import {
  resolveAnthropicToolChange,
  resolveAnthropicToolKind,
  type AnthropicToolChange,
  type AnthropicToolChangeSupport,
} from './anthropic-messages-tool-rules.js';
import { formatStableJSON } from '../../records/format-stable-json.js';

/** A block of the history that names a tool or must be repaired, found by the one walk of the history. */
interface HistorySite {
  readonly message: number;
  readonly block: number;
  /**
   * `remove`: a `tool_result` answering a hosted call (the API answers those itself); `tool_change_text`: a system
   * message's tool change the model cannot take, sent as text.
   */
  readonly kind: 'tool_use' | 'tool_search_tool_result' | 'tool_result' | 'tool_change' | 'tool_change_text' | 'remove';
  /** A tool change's, with whether it names a custom tool (only a custom tool's name is the caller's). */
  readonly change?: HistoryChange;
}

type HistoryChange = AnthropicToolChange & { readonly custom: boolean };

/** A Messages history read once: what the decision needs (neutral), and where the write must touch it. */
export interface AnthropicMessagesHistory {
  readonly messages: readonly unknown[] | undefined;
  readonly neutral: NeutralHistory;
  readonly sites: readonly HistorySite[];
  /** What the model takes where it is served: the write sends what it cannot take as text. */
  readonly support: AnthropicToolChangeSupport;
  /** Whether the history holds system messages, and any two in a row (which the write merges). */
  readonly system: 'none' | 'some' | 'consecutive';
}

/** Sent in place of a user turn that held nothing but a `tool_result` for a hosted call (a turn may not be empty). */
const REMOVED_RESULT_TEXT = '(A tool result for a hosted tool search call was removed: the API answers those calls itself.)';

/**
 * Walks a Messages API history once: every tool name it uses (`tool_use.name`, `tool_reference.tool_name` in hosted
 * `tool_search_tool_result` and in client `tool_result` blocks), every answered call with its output, its tool changes
 * (system messages' `tool_addition` and `tool_removal` blocks, `compaction` blocks' `tool_changes`, in order), the
 * hosted search tool its first hosted call used, and the blocks the write must touch. `support` is what the model takes
 * where it is served ({@link resolveAnthropicToolChangeSupport}): a system message's tool change it cannot take is
 * sent as text (with `none`, every system message is), so it is no tool change; a tool it adds by value is in the
 * conversation as a `tool_search` result's would be (`NeutralHistory.revealed`). Throws a `ToolSearchError`
 * (`invalid-request`) when `messages` is present but not an array.
 */
export function readAnthropicMessagesHistory(messages: unknown, support: AnthropicToolChangeSupport = 'value'): AnthropicMessagesHistory {
  const sites: HistorySite[] = [];
  if (messages === undefined) return { messages: undefined, neutral: { names: [], outputs: [] }, sites, support, system: 'none' };
  if (!Array.isArray(messages)) {
    throw new ToolSearchError('invalid-request', `\`messages\` must be an array of messages, got ${describeValue(messages)}`);
  }
  const reader: HistoryReader = { support, references: [], changes: [], asText: new Set(), serverCallIds: new Set(), searchTool: undefined };
  let system: AnthropicMessagesHistory['system'] = 'none';
  let previousSystem = false;
  const history = readNeutralHistory(
    messages,
    (message, index) => {
      const isSystem = isRecord(message) && message.role === 'system';
      if (isSystem) system = previousSystem ? 'consecutive' : system === 'none' ? 'some' : system;
      previousSystem = isSystem;
      if (!isRecord(message) || !Array.isArray(message.content)) return undefined;
      // Only the results outside the model's messages are paired with the calls of the model's message before.
      const item: HistoryMessage = { calls: [], results: [], inSystem: isSystem, turn: message.role === 'assistant' ? undefined : false };
      (message.content as unknown[]).forEach((block: unknown, blockIndex) => {
        const site = isRecord(block) ? readHistoryBlock(block, blockPath(index, blockIndex), reader, item) : undefined;
        if (site !== undefined)
          sites.push(typeof site === 'string' ? { message: index, block: blockIndex, kind: site } : { message: index, block: blockIndex, ...site });
      });
      return item;
    },
    ANTHROPIC_MESSAGES_PAIRING,
  );
  const { references, changes, searchTool, asText } = reader;
  const neutral: NeutralHistory = {
    ...history,
    references,
    changes,
    searchTool,
    revealed: asText.size === 0 ? undefined : [...asText],
  };
  return { messages, neutral, sites, support, system };
}

/**
 * One message as the history's walk reads it: its calls and results, whether it is a system message. `turn` is
 * `false` outside the model's messages: their calls are no turn (see `HistoryToolItem.turn`), and only their results
 * are paired.
 */
interface HistoryMessage {
  readonly calls: HistoryToolCall[];
  readonly results: HistoryToolResult[];
  readonly inSystem: boolean;
  readonly turn: false | undefined;
}

/** The Messages API's pairing: a user message's `tool_result` blocks answer `tool_use` blocks of the message right before. */
const ANTHROPIC_MESSAGES_PAIRING: Readonly<HistoryPairing> = {
  rule: 'previous-turn',
  unpaired: (path, label) =>
    `\`${path}\` is a \`tool_result\` for \`${label}\`, but the message before it has no \`tool_use\` with that id, and the Messages API rejects the body ("unexpected \`tool_use_id\` found in \`tool_result\` blocks"); keep each assistant message with its \`tool_use\` blocks directly before the user message that answers them (\`messages.push(...turn.messages)\`)`,
};

/** What reading the history gathers as it goes, block by block. */
interface HistoryReader {
  readonly support: AnthropicToolChangeSupport;
  readonly references: HistoryReference[];
  readonly changes: HistoryToolChange[];
  /** Tools whose additions by value are sent as text (a set: a removal sent as text takes the name out again). */
  readonly asText: Set<string>;
  /** The hosted calls' ids. */
  readonly serverCallIds: Set<string>;
  searchTool: string | undefined;
}

/** Reads one block of a message into `reader` and its `message`; returns what the write must do with it, if anything. */
function readHistoryBlock(
  block: Record<string, unknown>,
  path: string,
  reader: HistoryReader,
  message: HistoryMessage,
): HistorySite['kind'] | Pick<HistorySite, 'kind' | 'change'> | undefined {
  const id = block.type === 'tool_use' ? block.id : block.tool_use_id;
  switch (block.type) {
    case 'tool_use':
      // A computer or browser toolset member's call carries the member's fixed name, not a custom tool's.
      if (typeof block.name !== 'string' || (typeof block.toolset_name === 'string' && block.toolset_name !== '')) {
        if (typeof id === 'string') message.calls.push({ id });
        return;
      }
      message.calls.push({ id, name: block.name, arguments: block.input });
      reader.references.push({ name: block.name, kind: 'tool_use', path: `${path}.name` });
      return 'tool_use';
    case 'server_tool_use':
      if (typeof block.id === 'string') reader.serverCallIds.add(block.id);
      if (reader.searchTool === undefined && typeof block.name === 'string' && ANTHROPIC_TOOL_SEARCH_TOOL_NAMES.includes(block.name))
        reader.searchTool = block.name;
      return;
    case 'tool_search_tool_result':
      if (!isRecord(block.content) || !Array.isArray(block.content.tool_references)) return;
      readReferences(block.content.tool_references, `${path}.content.tool_references`, false, reader);
      return 'tool_search_tool_result';
    case 'tool_result':
      if (typeof id === 'string' && message.turn === false) message.results.push({ id, path, label: id });
      if (typeof id === 'string' && (id.startsWith('srvtoolu_') || reader.serverCallIds.has(id))) return 'remove';
      if (typeof block.content === 'string' && typeof id === 'string') message.results.push({ id, output: block.content });
      if (Array.isArray(block.content)) {
        // The result's text is the call's output; its `tool_reference` blocks name tools (an error result's are repaired).
        for (const item of typeof id === 'string' ? block.content : []) {
          if (isRecord(item) && item.type === 'text' && typeof item.text === 'string') message.results.push({ id: id as string, output: item.text });
        }
        if (block.is_error !== true) readReferences(block.content, `${path}.content`, true, reader);
      }
      return 'tool_result';
    case 'tool_addition':
    case 'tool_removal':
      return readChange(block, path, reader, message.inSystem);
    case 'compaction':
      // Sent back unchanged, whatever names it holds: the API checks them (`compaction_tool_changes_mismatch`).
      if (Array.isArray(block.tool_changes)) {
        (block.tool_changes as unknown[]).forEach((entry, index) => {
          if (isRecord(entry)) readChange(entry, `${path}.tool_changes[${index}]`, reader, false);
        });
      }
      return;
    default:
      return;
  }
}

/** Reads the `tool_reference` blocks of a list at `path` into `reader` (`typed`: only the items of that type; a hosted result's are all references). */
function readReferences(list: readonly unknown[], path: string, typed: boolean, reader: HistoryReader): void {
  list.forEach((item, index) => {
    if (!isRecord(item) || (typed && item.type !== 'tool_reference') || typeof item.tool_name !== 'string') return;
    reader.references.push({ name: item.tool_name, kind: 'tool_reference', path: `${path}[${index}].tool_name` });
  });
}

/**
 * Reads a tool change block (or a `compaction` block's entry) into `reader`: the change, with whether it names a custom
 * tool (a server tool's name is fixed by its type), and how it is sent: as text when it is a system message's
 * (`inSystem`) that the model cannot take in its form. `undefined` when the block makes no tool change.
 */
function readChange(
  block: Record<string, unknown>,
  path: string,
  reader: HistoryReader,
  inSystem: boolean,
): { readonly kind: 'tool_change' | 'tool_change_text'; readonly change: HistoryChange } | undefined {
  const read = resolveAnthropicToolChange(block);
  if (read === undefined) return undefined;
  const change: HistoryChange = { ...read, custom: read.definition === undefined || resolveAnthropicToolKind(read.definition) === 'custom' };
  const { support } = reader;
  if (inSystem && (support === 'none' || (support === 'reference' && change.form === 'value'))) {
    if (change.change === 'removal') reader.asText.delete(change.name);
    else if (change.form === 'value') reader.asText.add(change.name);
    return { kind: 'tool_change_text', change };
  }
  reader.changes.push({ change: change.change, name: change.name, form: change.form, custom: change.custom });
  if (change.form === 'reference') reader.references.push({ name: change.name, kind: 'tool_change', path: `${path}.tool.name` });
  return { kind: 'tool_change', change };
}

/**
 * The history for the wire: every tool name it uses mapped with `names`, a `tool_use` of a tool reached through
 * `call_tool` sent as that call, and the two mistakes the API rejects repaired: a `tool_result` answering a hosted
 * `srvtoolu_…` call is removed, and `tool_reference` blocks in an `is_error: true` result become text. What the model
 * cannot take is sent as text: a tool change of a form it lacks, every system message where it takes none (joined to
 * the user turn before it). System messages in a row are merged (the API rejects them). Only the blocks the read found
 * are touched; everything else is the caller's own object, so `server_tool_use` and `tool_search_tool_result` blocks,
 * tool changes (but a name the request renames) and `compaction` blocks serialize byte for byte. Deterministic: every
 * later request sends the same bytes for the same turns.
 */
export function writeAnthropicMessagesHistory(
  history: AnthropicMessagesHistory,
  context: Pick<RequestTools, 'names' | 'callName'>,
): { readonly messages: readonly unknown[] | undefined; readonly warnings: readonly AnthropicMessagesWarning[] } {
  const { messages, sites, support, system } = history;
  if (messages === undefined) return { messages, warnings: [] };
  const found: Record<HistoryRepair, string[]> = { 'server-tool-result-removed': [], 'error-result-references-converted': [], 'tool-changes-sent-as-text': [] };
  // The content of each message a site changes, copied once.
  const changed = new Map<number, unknown[]>();
  for (const site of sites) {
    const content = (messages[site.message] as Record<string, unknown>).content as unknown[];
    const block = content[site.block] as Record<string, unknown>;
    const sent = writeHistorySite(block, site, context, found);
    if (sent === block) continue;
    const copy = changed.get(site.message) ?? [...content];
    copy[site.block] = sent;
    changed.set(site.message, copy);
  }
  const sent =
    changed.size === 0
      ? messages
      : messages.map((message, index) => {
          const kept = changed.get(index)?.filter((block) => block !== REMOVED);
          if (kept === undefined) return message;
          return { ...(message as Record<string, unknown>), content: kept.length > 0 ? kept : [{ type: 'text', text: REMOVED_RESULT_TEXT }] };
        });
  // Where the model takes no system message, each is sent as text, its tool changes with it (the join lists them).
  if (support === 'none') found['tool-changes-sent-as-text'] = [];
  const warnings = (Object.keys(REPAIR_WARNINGS) as HistoryRepair[]).flatMap((code): AnthropicMessagesWarning[] =>
    found[code].length === 0 ? [] : [{ code, message: REPAIR_WARNINGS[code](found[code].join(', '), support) }],
  );
  // System messages sent as text leave none to merge.
  const join = support === 'none' ? system !== 'none' : system === 'consecutive';
  return { messages: join ? joinSystemMessages(sent, support === 'none', warnings) : sent, warnings };
}

/** The history's repairs, by the code of the warning that lists the blocks repaired. */
type HistoryRepair = 'server-tool-result-removed' | 'error-result-references-converted' | 'tool-changes-sent-as-text';

/** The message of each repair's warning, for the paths of the blocks repaired, in the order the warnings go. */
const REPAIR_WARNINGS: Readonly<Record<HistoryRepair, (paths: string, support: AnthropicToolChangeSupport) => string>> = {
  'server-tool-result-removed': (paths) =>
    `the history answers a hosted tool search call with a \`tool_result\` (${paths}); the API rejects that ` +
    '(hosted calls are answered by the API itself, in the `tool_search_tool_result` block), so the block was removed. ' +
    'Answer only `toolu_…` ids.',
  'error-result-references-converted': (paths) =>
    `an \`is_error: true\` tool result holds \`tool_reference\` blocks (${paths}); the API rejects that ` +
    "(\"all content must be type 'text' if 'is_error' is true\"), so each became a text block naming the tool.",
  'tool-changes-sent-as-text': (paths, support) =>
    support === 'none'
      ? `the history has system messages (${paths}), which this model does not take ("role 'system' is not supported on this model"); each was sent as text in the user turn before it, a tool it added as its name and definition`
      : `the history adds tools by value (${paths}), which only the Claude API takes; each addition was sent as a text block with the tool's name and definition`,
};

/**
 * One block the read marked, as sent (the same object when it stays, `REMOVED` when it goes); repairs are noted in
 * `found`, by path (built only for a repair: most sites need none).
 */
function writeHistorySite(
  block: Record<string, unknown>,
  site: HistorySite,
  { names, callName }: Pick<RequestTools, 'names' | 'callName'>,
  found: Record<HistoryRepair, string[]>,
): unknown {
  const { kind, change } = site;
  switch (kind) {
    case 'tool_use': {
      const wire = names.toWire(block.name as string);
      const sent = callName?.(block.name as string) ?? wire;
      // Deterministic, so every later request sends the same bytes for this turn.
      if (sent !== wire) return { ...block, name: sent, input: { name: wire, arguments: block.input ?? {} } };
      return wire === block.name ? block : { ...block, name: wire };
    }
    case 'tool_search_tool_result': {
      const result = block.content as Record<string, unknown>;
      const mapped = writeReferences(result.tool_references as unknown[], names, false, false);
      return mapped === result.tool_references ? block : { ...block, content: { ...result, tool_references: mapped } };
    }
    case 'tool_result': {
      const content = Array.isArray(block.content) ? writeReferences(block.content, names, true, block.is_error === true) : block.content;
      if (content === block.content) return block;
      if (block.is_error === true) found['error-result-references-converted'].push(blockPath(site.message, site.block));
      return { ...block, content };
    }
    case 'tool_change':
      return writeToolChange(block, change as HistoryChange, names);
    case 'tool_change_text': {
      const path = blockPath(site.message, site.block);
      found['tool-changes-sent-as-text'].push(path);
      return writeToolChangeText(change as HistoryChange, names, path);
    }
    case 'remove':
      found['server-tool-result-removed'].push(`${blockPath(site.message, site.block)} (\`${block.tool_use_id as string}\`)`);
      return REMOVED;
    default:
      return kind satisfies never;
  }
}

/** Where a block of the history is, as errors and warnings name it. */
function blockPath(message: number, block: number): string {
  return `messages[${message}].content[${block}]`;
}

/**
 * A tool change as the text block sent in its place, for a model that takes no tool changes of its form: the tool's
 * name (its wire name), and its definition when it is added by value (with sorted keys: the same bytes on every
 * request). Throws `invalid-request` for a definition JSON cannot write.
 */
function writeToolChangeText(change: HistoryChange, names: ToolNameMapping, path: string): Record<string, unknown> {
  const { custom } = change;
  const name = custom ? names.toWire(change.name) : change.name;
  if (change.change === 'removal') return { type: 'text', text: `The tool \`${name}\` was removed from this conversation.` };
  if (change.form !== 'value') return { type: 'text', text: `The tool \`${name}\` was added to this conversation.` };
  let text: string;
  try {
    text = formatStableJSON(custom && name !== change.name ? { ...change.definition, name } : change.definition) as string;
  } catch (error) {
    throw new ToolSearchError(
      'invalid-request',
      `\`${path}.tool.definition\` cannot be written as JSON (${error instanceof Error ? error.message : String(error)}); no request can carry it`,
      { cause: error },
    );
  }
  return { type: 'text', text: `The tool \`${name}\` was added to this conversation. Its definition: ${text}` };
}

/**
 * The messages with system messages joined where the API does not take them as they are. `asUser` (a model that takes
 * no system message): each one's blocks join the user turn right before it (after that turn's blocks, so its
 * `tool_result` blocks stay first), or become a user turn of their own after any other turn; the warning lists them.
 * Otherwise each run of system messages in a row (`[user, system, system]`: a turn's tool addition, then the caller's
 * own system message) is merged into the first, its blocks in order: the API rejects consecutive system messages
 * ("merge them"). Throws a `ToolSearchError` (`invalid-request`) for a run that cannot be merged: messages whose other
 * fields differ (`clear_at` on one of them) or whose content is neither text nor a list of blocks.
 */
function joinSystemMessages(messages: readonly unknown[], asUser: boolean, warnings: AnthropicMessagesWarning[]): readonly unknown[] {
  const isSystem = (message: unknown): message is Record<string, unknown> => isRecord(message) && message.role === 'system';
  const result: unknown[] = [];
  // The messages sent as user text; each run's first and last message.
  const asText: string[] = [];
  const runs = new Map<number, number>();
  let runStart = -1;
  messages.forEach((message, index) => {
    const last = result.at(-1);
    if (!isSystem(message) || (!asUser && (!isSystem(last) || !isSystem(messages[index - 1])))) {
      result.push(message);
      runStart = index;
      return;
    }
    if (asUser) asText.push(`\`messages[${index}]\``);
    else {
      const problem = describeUnmergeable(last as Record<string, unknown>, message);
      if (problem !== undefined) {
        throw new ToolSearchError(
          'invalid-request',
          `\`messages[${index - 1}]\` and \`messages[${index}]\` are system messages in a row, which the API rejects ("Consecutive system messages are not allowed"), and they cannot be merged: ${problem}. Merge them into one system message, or put a turn between them`,
        );
      }
      runs.set(runStart, index);
    }
    const blocks = contentBlocks(message.content);
    if (asUser && blocks.length === 0) return;
    // A run's later message joins the system message before it; a message sent as text joins the user turn before it.
    if (isRecord(last) && last.role === (asUser ? 'user' : 'system'))
      result[result.length - 1] = { ...last, content: [...contentBlocks(last.content), ...blocks] };
    else result.push({ role: 'user', content: blocks });
  });
  if (asUser) {
    if (asText.length > 0)
      warnings.push({ code: 'tool-changes-sent-as-text', message: REPAIR_WARNINGS['tool-changes-sent-as-text'](asText.join(', '), 'none') });
    return result;
  }
  warnings.push({
    code: 'system-messages-merged',
    message: `the history has system messages in a row (${[...runs].map(([first, last]) => `\`messages[${first}]\` to \`messages[${last}]\``).join(', ')}), which the API rejects ("Consecutive system messages are not allowed … merge them"); each run was sent as one system message, its blocks in order`,
  });
  return result;
}

/** A message's content as blocks (text as one text block, `''` as none; anything else as nothing). */
function contentBlocks(content: unknown): unknown[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  return Array.isArray(content) ? content : [];
}

/** Why two system messages in a row cannot be one, or `undefined` when they can. */
function describeUnmergeable(first: Record<string, unknown>, second: Record<string, unknown>): string | undefined {
  for (const message of [first, second]) {
    if (typeof message.content !== 'string' && !Array.isArray(message.content)) return `a \`content\` that is ${describeValue(message.content)}`;
  }
  for (const key of new Set([...Object.keys(first), ...Object.keys(second)])) {
    if (key === 'content' || first[key] === second[key]) continue;
    return `their \`${key}\` differs (${describeValue(first[key])}, ${describeValue(second[key])})`;
  }
  return undefined;
}

/** What a block the history may not hold is rewritten to, before it is dropped. */
const REMOVED: unique symbol = Symbol('removed');

/**
 * A list's `tool_reference` blocks under their wire names (`typed`: only the items of that type; a hosted result's are
 * all references), or as text blocks naming the tool (`asText`: an error result may hold text only). The same list
 * when none changes, and each item the same object when its name is unchanged.
 */
function writeReferences(list: readonly unknown[], names: ToolNameMapping, typed: boolean, asText: boolean): readonly unknown[] {
  return resolveMappedItems(list, (item) => {
    if (!isRecord(item) || (typed && item.type !== 'tool_reference') || typeof item.tool_name !== 'string') return item;
    const wire = names.toWire(item.tool_name);
    if (asText) return { type: 'text', text: `tool_reference: ${wire}` };
    return wire === item.tool_name ? item : { ...item, tool_name: wire };
  });
}

/**
 * A tool change as sent: the caller's own block unless the name it gives is not its wire name (a tool the request
 * renames), which the API would not find; then only that name is rewritten.
 */
function writeToolChange(block: Record<string, unknown>, change: HistoryChange, names: ToolNameMapping): Record<string, unknown> {
  const { definition } = change;
  const wire = change.custom ? names.toWire(change.name) : change.name;
  if (wire === change.name) return block;
  const tool = block.tool as Record<string, unknown>;
  const renamed = definition === undefined ? { ...tool, name: wire } : { ...tool, definition: { ...definition, name: wire } };
  return { ...block, tool: renamed };
}
