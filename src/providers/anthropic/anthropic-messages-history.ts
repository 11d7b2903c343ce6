import { describeValue } from '../../errors/describe-value.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import type { HistoryToolOutput } from '../../client/tool-search-result.js';
import type { ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import { isRecord } from '../../records/is-record.js';
import { resolveMappedItems } from '../../records/resolve-mapped-items.js';
import type { HistoryReference, HistoryToolChange, NeutralHistory } from '../../request/neutral-request.js';
import type { AnthropicMessagesWarning } from './anthropic-messages-warning.js';
import { resolveAnthropicToolChange } from './resolve-anthropic-tool-change.js';
import { resolveAnthropicToolKind } from './resolve-anthropic-tool-kind.js';

/** A block of the history that names a tool or must be repaired, found by the one walk of the history. */
interface HistorySite {
  readonly message: number;
  readonly block: number;
  /** `remove`: a `tool_result` answering a hosted call (the API answers those itself). */
  readonly kind: 'tool_use' | 'tool_search_tool_result' | 'tool_result' | 'tool_change' | 'remove';
}

/** A Messages history read once: what the decision needs (neutral), and where the write must touch it. */
export interface AnthropicMessagesHistory {
  readonly messages: readonly unknown[] | undefined;
  readonly neutral: NeutralHistory;
  readonly sites: readonly HistorySite[];
}

/** What the history's write needs of the decision. */
export interface AnthropicHistoryNames {
  readonly names: ToolNameMapping;
  /** Wire names of tools reached through `call_tool`: a `tool_use` of one is sent as that call. */
  readonly throughCallTool?: ReadonlySet<string>;
  /** The wire name of the package's `call_tool`. */
  readonly callToolName?: string;
}

/** Sent in place of a user turn that held nothing but a `tool_result` for a hosted call (a turn may not be empty). */
const REMOVED_RESULT_TEXT = '(A tool result for a hosted tool search call was removed: the API answers those calls itself.)';

const SEARCH_TOOL_NAMES: ReadonlySet<string> = new Set(['tool_search_tool_bm25', 'tool_search_tool_regex']);

/**
 * Walks a Messages API history once: every tool name it uses (`tool_use.name`, `tool_reference.tool_name` in hosted
 * `tool_search_tool_result` and in client `tool_result` blocks), every answered call with its output, its tool changes
 * (system messages' `tool_addition` and `tool_removal` blocks, `compaction` blocks' `tool_changes`, in order), the
 * hosted search tool its first hosted call used, and the blocks the write must touch. Throws a `ToolSearchError`
 * (`invalid-request`) when `messages` is present but not an array.
 */
export function readAnthropicMessagesHistory(messages: unknown): AnthropicMessagesHistory {
  const references: HistoryReference[] = [];
  const outputs: HistoryToolOutput[] = [];
  const changes: HistoryToolChange[] = [];
  const names: string[] = [];
  const sites: HistorySite[] = [];
  let searchTool: string | undefined;
  if (messages === undefined) return { messages: undefined, neutral: { names, outputs }, sites };
  if (!Array.isArray(messages)) {
    throw new ToolSearchError('invalid-request', `\`messages\` must be an array of messages, got ${describeValue(messages)}`);
  }
  // The name each `tool_use` was called by, so a result's output is attributed to it; hosted calls' ids.
  const calledBy = new Map<string, string>();
  const serverCallIds = new Set<string>();
  const readChange = (block: Record<string, unknown>, path: string): boolean => {
    const change = resolveAnthropicToolChange(block);
    if (change === undefined) return false;
    // Only a custom tool's name is the caller's; a server tool's name is fixed by its type.
    const custom = change.definition === undefined || resolveAnthropicToolKind(change.definition) === 'custom';
    changes.push({ change: change.change, name: change.name, form: change.form, custom });
    if (change.form === 'reference') references.push({ name: change.name, kind: 'tool_change', path: `${path}.tool.name` });
    return true;
  };
  messages.forEach((message: unknown, messageIndex) => {
    if (!isRecord(message) || !Array.isArray(message.content)) return;
    (message.content as unknown[]).forEach((block: unknown, blockIndex) => {
      if (!isRecord(block)) return;
      const path = `messages[${messageIndex}].content[${blockIndex}]`;
      const site = (kind: HistorySite['kind']) => sites.push({ message: messageIndex, block: blockIndex, kind });
      switch (block.type) {
        case 'tool_use':
          // A computer or browser toolset member's call carries the member's fixed name, not a custom tool's.
          if (typeof block.name !== 'string' || (typeof block.toolset_name === 'string' && block.toolset_name !== '')) return;
          if (typeof block.id === 'string') calledBy.set(block.id, block.name);
          names.push(block.name);
          references.push({ name: block.name, kind: 'tool_use', path: `${path}.name` });
          site('tool_use');
          return;
        case 'server_tool_use':
          if (typeof block.id === 'string') serverCallIds.add(block.id);
          if (searchTool === undefined && typeof block.name === 'string' && SEARCH_TOOL_NAMES.has(block.name)) searchTool = block.name;
          return;
        case 'tool_search_tool_result': {
          const result = block.content;
          if (!isRecord(result) || !Array.isArray(result.tool_references)) return;
          (result.tool_references as unknown[]).forEach((item, index) => {
            if (isRecord(item) && typeof item.tool_name === 'string') {
              references.push({ name: item.tool_name, kind: 'tool_reference', path: `${path}.content.tool_references[${index}].tool_name` });
            }
          });
          site('tool_search_tool_result');
          return;
        }
        case 'tool_result': {
          const id = block.tool_use_id;
          if (typeof id === 'string' && (id.startsWith('srvtoolu_') || serverCallIds.has(id))) {
            site('remove');
            return;
          }
          const answered = typeof id === 'string' ? calledBy.get(id) : undefined;
          readToolResult(block, path, references, (output) => {
            if (answered !== undefined) outputs.push({ name: answered, output });
          });
          site('tool_result');
          return;
        }
        case 'tool_addition':
        case 'tool_removal':
          if (readChange(block, path)) site('tool_change');
          return;
        case 'compaction':
          // Sent back unchanged, whatever names it holds: the API checks them (`compaction_tool_changes_mismatch`).
          if (Array.isArray(block.tool_changes)) {
            (block.tool_changes as unknown[]).forEach((entry, index) => {
              if (isRecord(entry)) readChange(entry, `${path}.tool_changes[${index}]`);
            });
          }
          return;
        default:
          return;
      }
    });
  });
  const neutral: NeutralHistory = { names, outputs, references, changes, ...(searchTool === undefined ? {} : { searchTool }) };
  return { messages, neutral, sites };
}

/**
 * The history for the wire: every tool name it uses mapped with `names`, a `tool_use` of a tool reached through
 * `call_tool` sent as that call, and the two mistakes the API rejects repaired: a `tool_result` answering a hosted
 * `srvtoolu_…` call is removed, and `tool_reference` blocks in an `is_error: true` result become text. Only the blocks
 * the read found are touched; everything else is the caller's own object, so `server_tool_use` and
 * `tool_search_tool_result` blocks, tool changes (but a name the request renames) and `compaction` blocks serialize
 * byte for byte.
 */
export function writeAnthropicMessagesHistory(
  history: AnthropicMessagesHistory,
  context: AnthropicHistoryNames,
): { readonly messages: readonly unknown[] | undefined; readonly warnings: readonly AnthropicMessagesWarning[] } {
  const { messages, sites } = history;
  if (messages === undefined || sites.length === 0) return { messages, warnings: [] };
  const { names } = context;
  const removedResults: string[] = [];
  const convertedResults: string[] = [];
  const rewritten = new Map<number, Map<number, unknown>>();
  for (const { message: messageIndex, block: blockIndex, kind } of sites) {
    const block = ((messages[messageIndex] as Record<string, unknown>).content as unknown[])[blockIndex] as Record<string, unknown>;
    const path = `messages[${messageIndex}].content[${blockIndex}]`;
    let sent: unknown = block;
    switch (kind) {
      case 'tool_use': {
        const wire = names.toWire(block.name as string);
        const callToolName = context.callToolName;
        // Deterministic, so every later request sends the same bytes for this turn.
        if (context.throughCallTool?.has(wire) === true && callToolName !== undefined)
          sent = { ...block, name: callToolName, input: { name: wire, arguments: block.input ?? {} } };
        else if (wire !== block.name) sent = { ...block, name: wire };
        break;
      }
      case 'tool_search_tool_result': {
        const result = block.content as Record<string, unknown>;
        const mapped = resolveMappedItems(result.tool_references as unknown[], (item) => (isRecord(item) ? mapReference(item, names) : item));
        if (mapped !== result.tool_references) sent = { ...block, content: { ...result, tool_references: mapped } };
        break;
      }
      case 'tool_result':
        sent = writeToolResult(block, names);
        if (sent !== block && block.is_error === true) convertedResults.push(path);
        break;
      case 'tool_change':
        sent = writeToolChange(block, names);
        break;
      case 'remove':
        removedResults.push(`${path} (\`${block.tool_use_id as string}\`)`);
        sent = REMOVED;
        break;
      default:
        kind satisfies never;
    }
    if (sent === block) continue;
    const changed = rewritten.get(messageIndex) ?? new Map<number, unknown>();
    changed.set(blockIndex, sent);
    rewritten.set(messageIndex, changed);
  }
  const warnings: AnthropicMessagesWarning[] = [];
  if (removedResults.length > 0) {
    warnings.push({
      code: 'server-tool-result-removed',
      message:
        `the history answers a hosted tool search call with a \`tool_result\` (${removedResults.join(', ')}); the API rejects that ` +
        '(hosted calls are answered by the API itself, in the `tool_search_tool_result` block), so the block was removed. ' +
        'Answer only `toolu_…` ids.',
    });
  }
  if (convertedResults.length > 0) {
    warnings.push({
      code: 'error-result-references-converted',
      message:
        `an \`is_error: true\` tool result holds \`tool_reference\` blocks (${convertedResults.join(', ')}); the API rejects that ` +
        "(\"all content must be type 'text' if 'is_error' is true\"), so each became a text block naming the tool.",
    });
  }
  if (rewritten.size === 0) return { messages, warnings };
  const sent = messages.map((message, index) => {
    const changed = rewritten.get(index);
    if (changed === undefined) return message;
    const record = message as Record<string, unknown>;
    const blocks = (record.content as unknown[]).map((block, blockIndex) => (changed.has(blockIndex) ? changed.get(blockIndex) : block));
    const kept = blocks.filter((block) => block !== REMOVED);
    return { ...record, content: kept.length > 0 ? kept : [{ type: 'text', text: REMOVED_RESULT_TEXT }] };
  });
  return { messages: sent, warnings };
}

/** What a block the history may not hold is rewritten to, before it is dropped. */
const REMOVED: unique symbol = Symbol('removed');

/** A `tool_result`'s outputs (its text) and the `tool_reference` blocks it holds. */
function readToolResult(block: Record<string, unknown>, path: string, references: HistoryReference[], pushOutput: (output: string) => void): void {
  const content = block.content;
  if (typeof content === 'string') {
    pushOutput(content);
    return;
  }
  if (!Array.isArray(content)) return;
  const isError = block.is_error === true;
  content.forEach((item: unknown, index) => {
    if (!isRecord(item)) return;
    if (item.type === 'text' && typeof item.text === 'string') pushOutput(item.text);
    if (item.type === 'tool_reference' && typeof item.tool_name === 'string' && !isError)
      references.push({ name: item.tool_name, kind: 'tool_reference', path: `${path}.content[${index}].tool_name` });
  });
}

function writeToolResult(block: Record<string, unknown>, names: ToolNameMapping): Record<string, unknown> {
  const content = block.content;
  if (!Array.isArray(content)) return block;
  const isError = block.is_error === true;
  const items = resolveMappedItems(content, (item: unknown) => {
    if (!isRecord(item) || item.type !== 'tool_reference' || typeof item.tool_name !== 'string') return item;
    if (isError) return { type: 'text', text: `tool_reference: ${names.toWire(item.tool_name)}` };
    return mapReference(item, names);
  });
  return items === content ? block : { ...block, content: items };
}

/** A `tool_reference` under its wire name (the same object when the name is unchanged). */
function mapReference(item: Record<string, unknown>, names: ToolNameMapping): Record<string, unknown> {
  if (typeof item.tool_name !== 'string') return item;
  const wire = names.toWire(item.tool_name);
  return wire === item.tool_name ? item : { ...item, tool_name: wire };
}

/**
 * A tool change as sent: the caller's own block unless the name it gives is not its wire name (a tool the request
 * renames), which the API would not find; then only that name is rewritten.
 */
function writeToolChange(block: Record<string, unknown>, names: ToolNameMapping): Record<string, unknown> {
  const change = resolveAnthropicToolChange(block);
  if (change === undefined) return block;
  const { definition } = change;
  const custom = definition === undefined || resolveAnthropicToolKind(definition) === 'custom';
  const wire = custom ? names.toWire(change.name) : change.name;
  if (wire === change.name) return block;
  const tool = block.tool as Record<string, unknown>;
  const renamed = definition === undefined ? { ...tool, name: wire } : { ...tool, definition: { ...definition, name: wire } };
  return { ...block, tool: renamed };
}
