import { isRecord } from '../../records/is-record.js';
import type { ReportPreflightViolation } from '../../preflight/preflight-result.js';
import type { ModelPlatform } from '../../models/model-reference.js';
import { ANTHROPIC_INLINE_TOOLS_BETA, ANTHROPIC_MAX_AVAILABLE_TOOLS, ANTHROPIC_TOOL_CHANGES_BETA } from './anthropic-messages-api.js';
import { resolveAnthropicToolChange, type AnthropicToolChange } from './resolve-anthropic-tool-change.js';
import { resolveAnthropicToolKind } from './resolve-anthropic-tool-kind.js';
import { countUTF8Bytes } from '../../text/count-utf8-bytes.js';

/** What {@link preflightAnthropicToolChanges} needs to know of the rest of the body. */
export interface AnthropicToolChangesPreflightContext {
  /** Each `tools` entry's type by name (`custom` for a custom tool). */
  readonly toolTypes: ReadonlyMap<string, string>;
  /** The deferred `tools` entries (measured only when the history makes tool changes). */
  readonly deferred: readonly unknown[];
  /** The platform serving the model (`undefined`: the Claude API, or not known). */
  readonly platform: ModelPlatform | undefined;
  /** The model id, for messages; `undefined` when not known. */
  readonly model: string | undefined;
  /** Whether the model takes system messages in `messages`: `false` only for a model known not to. */
  readonly systemMessages: boolean;
  /** The body's beta list: `anthropic_beta` on Amazon Bedrock, `betas` (the beta client's parameter) elsewhere. */
  readonly betas: readonly unknown[];
  /** Whether names may come from elsewhere (an MCP toolset): then undeclared references are not flagged. */
  readonly unknowable: boolean;
}

/** The rules of `preflightAnthropicMessagesRequest` this check reports. */
type ToolChangeRule =
  | 'system-message-first'
  | 'system-message-placement'
  | 'system-messages-consecutive'
  | 'system-message-unsupported-model'
  | 'undeclared-tool-change'
  | 'tool-name-conflict'
  | 'tool-change-cache-control'
  | 'tool-changes-beta-missing'
  | 'tool-definition-unsupported-platform'
  | 'available-tools-limit-exceeded';

type Add = ReportPreflightViolation<ToolChangeRule>;

/**
 * Checks a history's mid-conversation system messages and tool changes (`tool_addition`, `tool_removal` in a
 * `role: 'system'` message, a `compaction` block's `tool_changes`) against the rules of
 * `preflightAnthropicMessagesRequest`: `system-message-first`, `system-message-placement`, `system-messages-consecutive`,
 * `system-message-unsupported-model`, `undeclared-tool-change`, `tool-name-conflict`, `tool-change-cache-control`,
 * `tool-changes-beta-missing`, `tool-definition-unsupported-platform` and `available-tools-limit-exceeded`. Returns
 * the names the history defines by value (not in `tools`), which a `tool_use` may call. Never throws. Not part of the
 * public API: `preflightAnthropicMessagesRequest` calls it.
 *
 * @see https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages
 */
export function preflightAnthropicToolChanges(messages: readonly unknown[], context: AnthropicToolChangesPreflightContext, add: Add): ReadonlySet<string> {
  // Tools defined by value so far (a later definition replaces an earlier one), with their type and JSON size in bytes.
  const byValue = new Map<string, { type: string; bytes: number }>();
  let changes = 0;
  let valueAt: string | undefined;
  let systemSeen = false;

  const check = (change: AnthropicToolChange, block: Record<string, unknown>, path: string): void => {
    changes += 1;
    const { name, definition } = change;
    if (definition === undefined) {
      if (!context.unknowable && !context.toolTypes.has(name) && !byValue.has(name)) {
        add(
          'undeclared-tool-change',
          `${path}.tool.name`,
          `the tool ${change.change} names \`${name}\`, which is neither in \`tools\` nor defined by an earlier \`tool_addition\`; the API rejects a tool change to an undeclared tool (conservative: the exact message is not documented)`,
        );
      }
      return;
    }
    valueAt ??= path;
    const type = resolveAnthropicToolKind(definition) === 'custom' ? 'custom' : String(definition.type);
    const earlier = context.toolTypes.get(name) ?? byValue.get(name)?.type;
    if (earlier !== undefined && earlier !== type) {
      add(
        'tool-name-conflict',
        `${path}.tool.definition.name`,
        `tool_name_conflict: the \`tool_addition\` defines \`${name}\` as a \`${type}\` tool, but \`${name}\` is already a \`${earlier}\` tool; a definition may replace a tool of its own type only`,
      );
    }
    if (!context.toolTypes.has(name)) byValue.set(name, { type, bytes: jsonBytes(definition) });
    if (hasCacheControl(block) && hasCacheControl(definition)) {
      add(
        'tool-change-cache-control',
        `${path}.cache_control`,
        `the \`tool_addition\` of \`${name}\` has \`cache_control\` on the block and in its definition; put it on one of them (conservative: the exact message is not documented)`,
      );
    }
  };

  messages.forEach((message: unknown, index) => {
    if (!isRecord(message) || !Array.isArray(message.content)) {
      if (isRecord(message) && message.role === 'system') systemSeen = checkSystemMessage(messages, index, context, systemSeen, false, add);
      return;
    }
    let holdsChanges = false;
    message.content.forEach((block: unknown, blockIndex) => {
      if (!isRecord(block)) return;
      const path = `messages[${index}].content[${blockIndex}]`;
      if (block.type === 'compaction' && Array.isArray(block.tool_changes)) {
        block.tool_changes.forEach((entry: unknown, entryIndex) => {
          const change = isRecord(entry) ? resolveAnthropicToolChange(entry) : undefined;
          if (change !== undefined) check(change, entry as Record<string, unknown>, `${path}.tool_changes[${entryIndex}]`);
        });
        return;
      }
      if (message.role !== 'system') return;
      const change = resolveAnthropicToolChange(block);
      if (change === undefined) return;
      holdsChanges = true;
      check(change, block, path);
    });
    if (message.role === 'system') systemSeen = checkSystemMessage(messages, index, context, systemSeen, holdsChanges, add);
  });

  const defined = new Set(byValue.keys());
  if (changes === 0) return defined;
  checkBetas(context, valueAt, add);
  let bytes = 0;
  for (const entry of context.deferred) bytes += jsonBytes(entry);
  for (const added of byValue.values()) bytes += added.bytes;
  const count = context.deferred.length + byValue.size;
  // Past 10,000 deferred tools alone is `too-many-deferred-tools`; this rule counts the added ones with them.
  if ((count > ANTHROPIC_MAX_AVAILABLE_TOOLS.count && byValue.size > 0) || bytes > ANTHROPIC_MAX_AVAILABLE_TOOLS.bytes) {
    add(
      'available-tools-limit-exceeded',
      'messages',
      `available_tools_limit_exceeded: ${count} tools are deferred or added (at most ${ANTHROPIC_MAX_AVAILABLE_TOOLS.count}), with ${bytes} bytes of definitions as UTF-8 JSON (at most ${ANTHROPIC_MAX_AVAILABLE_TOOLS.bytes})`,
    );
  }
  return defined;
}

/** Checks one system message's place and model; whether a system message has now been seen (the model is flagged once). */
function checkSystemMessage(
  messages: readonly unknown[],
  index: number,
  context: AnthropicToolChangesPreflightContext,
  seen: boolean,
  holdsChanges: boolean,
  add: Add,
): boolean {
  const path = `messages[${index}]`;
  if (!seen && !context.systemMessages) {
    add(
      'system-message-unsupported-model',
      `${path}.role`,
      `role 'system' is not supported on this model (\`${context.model ?? 'the model'}\`: Anthropic documents mid-conversation system messages for Opus 4.8, Opus 5, Opus 5.5, Sonnet 5.5, Haiku 5.5, Fable 5 and Mythos 5 and later, not Sonnet 5)`,
    );
  }
  const previous = messages[index - 1];
  if (isRecord(previous) && previous.role === 'system') {
    add(
      'system-messages-consecutive',
      path,
      `\`messages[${index - 1}]\` and \`messages[${index}]\` are system messages in a row; a system message must follow a user turn or an assistant turn that ends in a server tool result ("Consecutive system messages are not allowed": merge them into one) (conservative)`,
    );
  }
  const before = findTurn(messages, index, -1);
  const after = findTurn(messages, index, 1);
  if (before === undefined) {
    add(
      'system-message-first',
      path,
      "a system message cannot come first in `messages`: use the top-level 'system' parameter for instructions before the first turn",
    );
  } else {
    const problem = before.role === 'assistant' ? describeAssistantEnd(before.content, holdsChanges) : undefined;
    if (problem !== undefined)
      add('system-message-placement', path, `a system message may not come ${problem} (conservative: the exact message is not documented)`);
  }
  if (after !== undefined && after.role !== 'assistant') {
    add(
      'system-message-placement',
      path,
      'a system message may come only before an assistant turn or at the end of `messages`, not before a user turn (conservative)',
    );
  }
  if (holdsChanges && isRecord(messages[index]) && (messages[index] as Record<string, unknown>).clear_at === 'next_user_message') {
    add('system-message-placement', `${path}.clear_at`, "tool changes may not be made in a system message with `clear_at: 'next_user_message'` (conservative)");
  }
  return true;
}

/** What is wrong with a system message right after this assistant turn, or `undefined` when it ends in a server tool result. */
function describeAssistantEnd(content: unknown, holdsChanges: boolean): string | undefined {
  if (!Array.isArray(content)) return 'after an assistant turn that does not end in a server tool result';
  const last: unknown = content.at(-1);
  const type = isRecord(last) && typeof last.type === 'string' ? last.type : '';
  if (type.endsWith('_tool_result') && type !== 'tool_result') return undefined;
  if (content.some((block: unknown) => isRecord(block) && block.type === 'tool_use')) {
    return 'between a `tool_use` and its `tool_result`: send the user message with every `tool_result` first';
  }
  if (type === 'server_tool_use' && holdsChanges)
    return 'right after a paused turn (`pause_turn`, a server tool call without its result): tool changes must wait';
  return 'after an assistant turn that does not end in a server tool result';
}

/** The nearest message before (`step` -1) or after (1) `index` that is not a system message. */
function findTurn(messages: readonly unknown[], index: number, step: -1 | 1): { role: unknown; content: unknown } | undefined {
  for (let at = index + step; at >= 0 && at < messages.length; at += step) {
    const message = messages[at];
    if (isRecord(message) && message.role !== 'system') return { role: message.role, content: message.content };
  }
  return undefined;
}

function checkBetas(context: AnthropicToolChangesPreflightContext, valueAt: string | undefined, add: Add): void {
  const { platform, betas } = context;
  const onCloud = platform === 'bedrock' || platform === 'vertex';
  if (valueAt !== undefined && onCloud) {
    add(
      'tool-definition-unsupported-platform',
      `${valueAt}.tool`,
      `tool changes by value (\`tool_definition\`) are available on the Claude API only, not on ${platform === 'bedrock' ? 'Amazon Bedrock' : 'Google Cloud'}: declare the tool in \`tools\` with \`defer_loading: true\` and add it by reference (conservative)`,
    );
  }
  const needed = valueAt !== undefined && !onCloud ? [ANTHROPIC_INLINE_TOOLS_BETA] : [ANTHROPIC_TOOL_CHANGES_BETA, ANTHROPIC_INLINE_TOOLS_BETA];
  if (needed.some((beta) => betas.includes(beta))) return;
  const field = platform === 'bedrock' ? 'anthropic_beta' : 'betas';
  add(
    'tool-changes-beta-missing',
    field,
    `the history makes tool changes, which need the \`${needed[0] as string}\` beta in \`${field}\`${field === 'betas' ? ' (the beta client sends it as the `anthropic-beta` header)' : ''} (conservative)`,
  );
}

function hasCacheControl(record: Readonly<Record<string, unknown>>): boolean {
  return record.cache_control !== undefined && record.cache_control !== null;
}

/**
 * A value's size as JSON in UTF-8 bytes (Anthropic's 4 MB is bytes: counted in UTF-16 code units, CJK text would count
 * a third of its size); 0 for one JSON cannot write, which the preflight reports before any rule runs.
 */
function jsonBytes(value: unknown): number {
  try {
    return countUTF8Bytes(JSON.stringify(value) ?? '');
  } catch {
    return 0;
  }
}
