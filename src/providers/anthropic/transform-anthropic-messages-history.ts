import { isRecord } from '../../records/is-record.js';
import { resolveMappedItems } from '../../records/resolve-mapped-items.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import type { ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import { CALL_TOOL_NAME } from '../../client/tool-search-tool-definition.js';
import type { HistoryToolOutput } from '../../client/tool-search-result.js';
import type { AnthropicToolSearchToolName } from './anthropic-messages-api.js';
import type { AnthropicMessagesWarning } from './anthropic-messages-warning.js';
import { resolveAnthropicToolChange, type AnthropicToolChange } from './resolve-anthropic-tool-change.js';
import { resolveAnthropicToolKind } from './resolve-anthropic-tool-kind.js';
import type { AnthropicToolChangeSupport } from './resolve-anthropic-tool-change-support.js';
import stringify from 'fast-json-stable-stringify';

/** A tool name the history uses, as it will be sent. */
export interface AnthropicHistoryReference {
  /** The wire name (already mapped). */
  readonly name: string;
  /**
   * A model's `tool_use`, a `tool_reference` (in a hosted `tool_search_tool_result` or a client `tool_result`), or a
   * tool change by reference (`tool_addition` / `tool_removal` naming a tool, which `tools` must declare unless a
   * change by value defined it).
   */
  readonly kind: 'tool_use' | 'tool_reference' | 'tool_change';
  /** Where, as a JSON path into the body (`messages[3].content[1].name`). */
  readonly path: string;
}

/** The history, rewritten for the wire, and what the transformer needs to know about it. */
export interface AnthropicMessagesHistory {
  /** The messages to send; unchanged messages and blocks are the caller's own objects. `undefined` when absent. */
  readonly messages: readonly unknown[] | undefined;
  /** Every tool name the history uses, in body order. */
  readonly references: readonly AnthropicHistoryReference[];
  /** The text of every tool result with the (wire) name of the `tool_use` it answers, in order (for restoring reveals from the history). */
  readonly toolOutputs: readonly HistoryToolOutput[];
  /** The hosted search tool the history's first hosted search call used, or `null`. */
  readonly searchToolName: AnthropicToolSearchToolName | null;
  /**
   * The wire names of the tools the history's tool changes added, in order: `tool_addition` blocks of system messages
   * and the `tool_changes` of `compaction` blocks, each `tool_removal` taking its name out again.
   */
  readonly added: readonly string[];
  /** The wire names of the tools a tool change by value (`tool_definition`) defined: they need no entry in `tools`. */
  readonly defined: readonly string[];
  /**
   * The wire names of the tools whose additions by value were sent as text, as the model or its platform takes none
   * (`options.toolChanges`): their definitions are in the conversation, as a `tool_search` result's would be.
   */
  readonly addedAsText: readonly string[];
  /**
   * How the history changes tools: `value` when a tool change carries a definition (`tool_definition`), `reference`
   * when they only name tools, `null` without tool changes. It says which beta every later request needs.
   */
  readonly toolChanges: 'value' | 'reference' | null;
  /** Repairs made. */
  readonly warnings: readonly AnthropicMessagesWarning[];
}

/** What {@link transformAnthropicMessagesHistory} needs besides the messages and the names. */
export interface AnthropicMessagesHistoryOptions {
  /**
   * Wire names of tools the request leaves out but reaches through `call_tool`: a `tool_use` of one of them is sent
   * as a `call_tool` call (`{ name, arguments }`) with the same id, so the API finds its tool defined.
   * @default none
   */
  readonly throughCallTool?: ReadonlySet<string>;
  /** The wire name of the package's `call_tool` (`call_tool_2` next to a caller's own `call_tool`). @default 'call_tool' */
  readonly callToolName?: string;
  /**
   * What the model takes where it is served (`resolveAnthropicToolChangeSupport`): with `none`, every system message
   * in `messages` is sent as user text (in the user turn before it, or as one); with `reference`, each tool change by
   * value becomes a text block in its system message. A tool change sent as text names the tool and, when by value,
   * holds its definition. @default 'value' (everything kept)
   */
  readonly toolChanges?: AnthropicToolChangeSupport;
}

const SEARCH_TOOL_NAMES: ReadonlySet<string> = new Set<AnthropicToolSearchToolName>(['tool_search_tool_bm25', 'tool_search_tool_regex']);

/** What a block the history may not hold is rewritten to, before it is dropped. */
const REMOVED: unique symbol = Symbol('removed');

/** Sent in place of a user turn that held nothing but a `tool_result` for a hosted call (a turn may not be empty). */
const REMOVED_RESULT_TEXT = '(A tool result for a hosted tool search call was removed: the API answers those calls itself.)';

/**
 * Rewrites a Messages API history for the wire: maps every tool name it uses (`tool_use.name`,
 * `tool_reference.tool_name`, in hosted `tool_search_tool_result` and in client `tool_result` blocks) with `names`,
 * reads what its tool changes added (system messages' `tool_addition` and `tool_removal` blocks, `compaction` blocks'
 * `tool_changes`, in order), and repairs the two history mistakes the API rejects: a `tool_result` answering a hosted `srvtoolu_…` call is
 * removed, and `tool_reference` blocks in an `is_error: true` result become text. A `tool_use` of a tool in
 * `options.throughCallTool` becomes the `call_tool` call it stands for.
 *
 * Everything else is kept as it is, down to the object: `server_tool_use` and `tool_search_tool_result` blocks whose
 * names are already wire names (as the API returned them) are the caller's own objects, so they serialize byte for
 * byte. So are tool changes (only a name the request renames is rewritten, in the block that gives it) and
 * `compaction` blocks (never rewritten). Messages and blocks of unknown shape or type pass through untouched.
 *
 * Throws a `ToolSearchError` (`invalid-request`) when `messages` is present but not an array.
 */
export function transformAnthropicMessagesHistory(
  messages: unknown,
  names: ToolNameMapping,
  options: AnthropicMessagesHistoryOptions = {},
): AnthropicMessagesHistory {
  const references: AnthropicHistoryReference[] = [];
  const toolOutputs: HistoryToolOutput[] = [];
  const warnings: AnthropicMessagesWarning[] = [];
  const callToolName = options.callToolName ?? CALL_TOOL_NAME;
  // The name each `tool_use` was sent under, so a result counts as a reveal only when it answers the package's own tool.
  const calledBy = new Map<string, string>();
  // A set keeps the order of addition; a name removed and added again moves to the end.
  const added = new Set<string>();
  const defined = new Set<string>();
  let toolChanges: AnthropicMessagesHistory['toolChanges'] = null;
  const support = options.toolChanges ?? 'value';
  // Tools whose additions were sent as text (a set: a removal sent as text takes the name out again).
  const addedAsText = new Set<string>();
  const asText: string[] = [];
  if (messages === undefined) {
    return { messages: undefined, references, toolOutputs, searchToolName: null, added: [], defined: [], addedAsText: [], toolChanges, warnings };
  }
  if (!Array.isArray(messages)) {
    throw new ToolSearchError('invalid-request', `\`messages\` must be an array of messages, got ${describeValue(messages)}`);
  }
  const serverCallIds = new Set<string>();
  const removedResults: string[] = [];
  const convertedResults: string[] = [];
  let searchToolName: AnthropicToolSearchToolName | null = null;

  const applyToolChange = (type: unknown, change: { name: string; form: AnthropicToolChange['form'] }, path: string): void => {
    if (type === 'tool_removal') added.delete(change.name);
    else added.add(change.name);
    if (change.form === 'value') defined.add(change.name);
    else references.push({ name: change.name, kind: 'tool_change', path: `${path}.tool.name` });
    if (toolChanges !== 'value') toolChanges = change.form;
  };

  /** The block to send in place of `block` (itself when unchanged), or `REMOVED`; `inSystem`: it is in a system message. */
  const rewriteBlock = (block: Record<string, unknown>, path: string, inSystem: boolean): Record<string, unknown> | typeof REMOVED => {
    switch (block.type) {
      case 'tool_use': {
        // A computer or browser toolset member's call carries the member's fixed name, not a custom tool's.
        if (typeof block.name !== 'string' || (typeof block.toolset_name === 'string' && block.toolset_name !== '')) return block;
        const wire = names.toWire(block.name);
        const throughCallTool = options.throughCallTool?.has(wire) === true;
        const sent = throughCallTool ? callToolName : wire;
        if (typeof block.id === 'string') calledBy.set(block.id, sent);
        references.push({ name: sent, kind: 'tool_use', path: `${path}.name` });
        // Deterministic, so every later request sends the same bytes for this turn.
        if (throughCallTool) return { ...block, name: callToolName, input: { name: wire, arguments: block.input ?? {} } };
        return wire === block.name ? block : { ...block, name: wire };
      }
      case 'server_tool_use':
        if (typeof block.id === 'string') serverCallIds.add(block.id);
        if (searchToolName === null && typeof block.name === 'string' && SEARCH_TOOL_NAMES.has(block.name)) {
          searchToolName = block.name as AnthropicToolSearchToolName;
        }
        return block;
      case 'tool_search_tool_result': {
        const result = block.content;
        if (!isRecord(result) || !Array.isArray(result.tool_references)) return block;
        const mapped = mapReferences(result.tool_references as unknown[], names, references, `${path}.content.tool_references`);
        return mapped === result.tool_references ? block : { ...block, content: { ...result, tool_references: mapped } };
      }
      case 'tool_result': {
        const id = block.tool_use_id;
        if (typeof id === 'string' && (id.startsWith('srvtoolu_') || serverCallIds.has(id))) {
          removedResults.push(`${path} (\`${id}\`)`);
          return REMOVED;
        }
        const answered = typeof id === 'string' ? calledBy.get(id) : undefined;
        const rewrittenResult = transformToolResult(block, path, names, references, (output) => {
          if (answered !== undefined) toolOutputs.push({ name: answered, output });
        });
        if (rewrittenResult !== block && block.is_error === true) convertedResults.push(path);
        return rewrittenResult;
      }
      case 'tool_addition':
      case 'tool_removal': {
        const change = readToolChange(block, names);
        if (change === undefined) return block;
        if (inSystem && (support === 'none' || (support === 'reference' && change.form === 'value'))) {
          asText.push(path);
          return writeToolChangeText(block.type as 'tool_addition' | 'tool_removal', change, addedAsText, path);
        }
        applyToolChange(block.type, change, path);
        return change.block;
      }
      case 'compaction':
        // Sent back unchanged, whatever names it holds: the API checks them (`compaction_tool_changes_mismatch`).
        if (Array.isArray(block.tool_changes)) {
          (block.tool_changes as unknown[]).forEach((entry, index) => {
            const change = isRecord(entry) ? readToolChange(entry, names) : undefined;
            if (change !== undefined) applyToolChange((entry as Record<string, unknown>).type, change, `${path}.tool_changes[${index}]`);
          });
        }
        return block;
      default:
        return block;
    }
  };

  const rewritten = resolveMappedItems(messages, (message: unknown, messageIndex) => {
    if (!isRecord(message) || !Array.isArray(message.content)) return message;
    const inSystem = message.role === 'system';
    const blocks = resolveMappedItems(message.content as unknown[], (block: unknown, blockIndex) =>
      isRecord(block) ? rewriteBlock(block, `messages[${messageIndex}].content[${blockIndex}]`, inSystem) : block,
    );
    if (blocks === message.content) return message;
    const kept = blocks.filter((block) => block !== REMOVED);
    return { ...message, content: kept.length > 0 ? kept : [{ type: 'text', text: REMOVED_RESULT_TEXT }] };
  });

  const converted = support === 'none' ? writeSystemMessagesAsUserText(rewritten) : { messages: rewritten, paths: [] };
  if (asText.length > 0 || converted.paths.length > 0) {
    warnings.push({
      code: 'tool-changes-sent-as-text',
      message:
        support === 'none'
          ? `the history has system messages (${converted.paths.join(', ')}), which this model does not take ("role 'system' is not supported on this model"); each was sent as text in the user turn before it, a tool it added as its name and definition`
          : `the history adds tools by value (${asText.join(', ')}), which only the Claude API takes; each addition was sent as a text block with the tool's name and definition`,
    });
  }
  const merged = mergeConsecutiveSystemMessages(converted.messages, warnings);

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
  return {
    messages: merged,
    references,
    toolOutputs,
    searchToolName,
    added: [...added],
    defined: [...defined],
    addedAsText: [...addedAsText],
    toolChanges,
    warnings,
  };
}

/**
 * A tool change as the text block sent in its place, for a model that takes no tool changes of its form: the tool's
 * name, and its definition when it is added by value (with sorted keys: the same bytes on every request). Records the
 * names it adds by value in `addedAsText` (a removal takes a name out).
 */
function writeToolChangeText(
  type: 'tool_addition' | 'tool_removal',
  change: { name: string; form: AnthropicToolChange['form']; block: Record<string, unknown> },
  addedAsText: Set<string>,
  path: string,
): Record<string, unknown> {
  if (type === 'tool_removal') {
    addedAsText.delete(change.name);
    return { type: 'text', text: `The tool \`${change.name}\` was removed from this conversation.` };
  }
  if (change.form !== 'value') return { type: 'text', text: `The tool \`${change.name}\` was added to this conversation.` };
  addedAsText.add(change.name);
  const definition = (change.block.tool as Record<string, unknown>).definition;
  let text: string;
  try {
    text = stringify(definition);
  } catch (error) {
    throw new ToolSearchError(
      'invalid-request',
      `\`${path}.tool.definition\` cannot be written as JSON (${error instanceof Error ? error.message : String(error)}); no request can carry it`,
      {
        cause: error,
      },
    );
  }
  return { type: 'text', text: `The tool \`${change.name}\` was added to this conversation. Its definition: ${text}` };
}

/**
 * The messages with every system message sent as user text, for a model that takes none: its blocks join the user
 * turn right before it (after that turn's blocks, so its `tool_result` blocks stay first), or become a user turn of
 * their own after any other turn. Deterministic. The same array, and no paths, when there is no system message.
 */
function writeSystemMessagesAsUserText(messages: readonly unknown[]): { messages: readonly unknown[]; paths: string[] } {
  if (!messages.some((message) => isRecord(message) && message.role === 'system')) return { messages, paths: [] };
  const result: unknown[] = [];
  const paths: string[] = [];
  messages.forEach((message, index) => {
    if (!isRecord(message) || message.role !== 'system') {
      result.push(message);
      return;
    }
    paths.push(`\`messages[${index}]\``);
    const blocks = userBlocks(message.content);
    if (blocks.length === 0) return;
    const last = result.at(-1);
    if (isRecord(last) && last.role === 'user') result[result.length - 1] = { ...last, content: [...userBlocks(last.content), ...blocks] };
    else result.push({ role: 'user', content: blocks });
  });
  return { messages: result, paths };
}

/** A message's content as blocks (text as one text block; anything else as nothing). */
function userBlocks(content: unknown): unknown[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  return Array.isArray(content) ? content : [];
}

/**
 * The messages with each run of system messages in a row (`[user, system, system]`: a turn's tool addition, then the
 * caller's own system message) merged into the first, their content blocks in order: the API rejects consecutive
 * system messages ("merge them"). Deterministic, so every later request sends the same bytes. The same array when
 * there is none. Throws a `ToolSearchError` (`invalid-request`) for a run that cannot be merged: messages whose other
 * fields differ (`clear_at` on one of them) or whose content is neither text nor a list of blocks.
 */
function mergeConsecutiveSystemMessages(messages: readonly unknown[], warnings: AnthropicMessagesWarning[]): readonly unknown[] {
  const isSystem = (message: unknown): message is Record<string, unknown> => isRecord(message) && message.role === 'system';
  if (!messages.some((message, index) => index > 0 && isSystem(message) && isSystem(messages[index - 1]))) return messages;
  const result: unknown[] = [];
  const runs: string[] = [];
  let runStart = -1;
  messages.forEach((message, index) => {
    const last = result.at(-1);
    if (!isSystem(message) || !isSystem(last) || !isSystem(messages[index - 1])) {
      result.push(message);
      runStart = index;
      return;
    }
    const problem = describeUnmergeable(last, message);
    if (problem !== undefined) {
      throw new ToolSearchError(
        'invalid-request',
        `\`messages[${index - 1}]\` and \`messages[${index}]\` are system messages in a row, which the API rejects ("Consecutive system messages are not allowed"), and they cannot be merged: ${problem}. Merge them into one system message, or put a turn between them`,
      );
    }
    result[result.length - 1] = { ...last, content: [...systemContent(last), ...systemContent(message)] };
    if (runs.at(-1)?.startsWith(`\`messages[${runStart}]\``) === true) runs[runs.length - 1] = `\`messages[${runStart}]\` to \`messages[${index}]\``;
    else runs.push(`\`messages[${runStart}]\` to \`messages[${index}]\``);
  });
  warnings.push({
    code: 'system-messages-merged',
    message: `the history has system messages in a row (${runs.join(', ')}), which the API rejects ("Consecutive system messages are not allowed … merge them"); each run was sent as one system message, its blocks in order`,
  });
  return result;
}

/** A system message's content as blocks (text as one text block). */
function systemContent(message: Record<string, unknown>): unknown[] {
  return typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content as unknown[]);
}

/** Why two system messages in a row cannot be one, or `undefined` when they can. */
function describeUnmergeable(first: Record<string, unknown>, second: Record<string, unknown>): string | undefined {
  for (const message of [first, second]) {
    if (typeof message.content !== 'string' && !Array.isArray(message.content)) return `a \`content\` that is ${describeValue(message.content)}`;
  }
  const keys = new Set([...Object.keys(first), ...Object.keys(second)]);
  for (const key of keys) {
    if (key === 'content' || first[key] === second[key]) continue;
    return `their \`${key}\` differs (${describeValue(first[key])}, ${describeValue(second[key])})`;
  }
  return undefined;
}

/**
 * A tool change's wire name, its form, and the block to send: the caller's own unless the name it gives is not its
 * wire name (a tool the request renames), which the API would not find; then only that name is rewritten.
 */
function readToolChange(
  block: Record<string, unknown>,
  names: ToolNameMapping,
): { name: string; form: AnthropicToolChange['form']; block: Record<string, unknown> } | undefined {
  const change = resolveAnthropicToolChange(block);
  if (change === undefined) return undefined;
  const { definition } = change;
  // Only a custom tool's name is the caller's; a server tool's name is fixed by its type.
  const custom = definition === undefined || resolveAnthropicToolKind(definition) === 'custom';
  const wire = custom ? names.toWire(change.name) : change.name;
  if (wire === change.name) return { name: wire, form: change.form, block };
  const tool = block.tool as Record<string, unknown>;
  const renamed = definition === undefined ? { ...tool, name: wire } : { ...tool, definition: { ...definition, name: wire } };
  return { name: wire, form: change.form, block: { ...block, tool: renamed } };
}

function transformToolResult(
  block: Record<string, unknown>,
  path: string,
  names: ToolNameMapping,
  references: AnthropicHistoryReference[],
  pushOutput: (output: string) => void,
): Record<string, unknown> {
  const content = block.content;
  if (typeof content === 'string') {
    pushOutput(content);
    return block;
  }
  if (!Array.isArray(content)) return block;
  const isError = block.is_error === true;
  const items = resolveMappedItems(content, (item: unknown, index) => {
    if (!isRecord(item)) return item;
    if (item.type === 'text' && typeof item.text === 'string') pushOutput(item.text);
    if (item.type !== 'tool_reference' || typeof item.tool_name !== 'string') return item;
    if (isError) return { type: 'text', text: `tool_reference: ${names.toWire(item.tool_name)}` };
    return mapReference(item, names, references, `${path}.content[${index}].tool_name`);
  });
  return items === content ? block : { ...block, content: items };
}

/** The references with mapped names; the same array when no name changed. */
function mapReferences(items: unknown[], names: ToolNameMapping, references: AnthropicHistoryReference[], path: string): readonly unknown[] {
  return resolveMappedItems(items, (item: unknown, index) =>
    isRecord(item) && typeof item.tool_name === 'string' ? mapReference(item, names, references, `${path}[${index}].tool_name`) : item,
  );
}

/** A `tool_reference` under its wire name (the same object when the name is unchanged), recorded in `references`. */
function mapReference(item: Record<string, unknown>, names: ToolNameMapping, references: AnthropicHistoryReference[], path: string): Record<string, unknown> {
  const wire = names.toWire(item.tool_name as string);
  references.push({ name: wire, kind: 'tool_reference', path });
  return wire === item.tool_name ? item : { ...item, tool_name: wire };
}
