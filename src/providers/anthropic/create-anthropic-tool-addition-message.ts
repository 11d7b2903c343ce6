import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { isRecord } from '../../records/is-record.js';
import type { ToolAdditionForm } from '../../models/resolve-model-support.js';
import type { ToolDefinition } from '../../tools/tool-definition.js';
import { resolveAnthropicToolKind } from './anthropic-messages-tool-rules.js';
import type { AnthropicSystemMessage, AnthropicTool, AnthropicToolAdditionBlock } from './anthropic-messages-api.js';

/**
 * The mid-conversation system message that adds loaded tools to the conversation: one `tool_addition` block per
 * tool, in order. By value (`value`, the Claude API, beta `inline-tools-2026-09-15`) each block carries the tool's
 * definition, which then need not be in `tools`; by reference (`reference`, Amazon Bedrock and Google Cloud, beta
 * `mid-conversation-tool-changes-2026-07-01`) it names a tool `tools` declares with `defer_loading: true`.
 *
 * `tools` are Messages API tool entries under the names the model sees (wire names). A definition is written without
 * `defer_loading` (the addition loads it) and without `cache_control` (the API rejects a breakpoint on both a block
 * and its definition, and allows four per request; the history's prefix is cached up to the caller's breakpoints).
 * Its other fields (`strict`, `input_examples`, …) are kept. Place the message after the user message that holds
 * every `tool_result` of the turn: the session's `handle` does.
 *
 * Throws a `ToolSearchError` (`invalid-options`) when `tools` is not a list of tools with a name or `form` is neither
 * `value` nor `reference`.
 *
 * @example
 * ```ts
 * import { createAnthropicToolAdditionMessage } from 'tool-search/anthropic';
 * messages.push(assistant, { role: 'user', content: results }, createAnthropicToolAdditionMessage([weatherTool], 'value'));
 * ```
 * @see https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages
 */
export function createAnthropicToolAdditionMessage(tools: readonly object[], form: ToolAdditionForm): AnthropicSystemMessage {
  if (!Array.isArray(tools) || !tools.every((tool) => isRecord(tool) && typeof tool.name === 'string')) {
    throw new ToolSearchError('invalid-options', `\`tools\` must be a list of Messages API tools (\`{ name, … }\`), got ${describeValue(tools)}`);
  }
  if (form !== 'value' && form !== 'reference') {
    throw new ToolSearchError('invalid-options', `\`form\` must be 'value' or 'reference', got ${describeValue(form)}`);
  }
  const content = (tools as readonly Readonly<Record<string, unknown>>[]).map((tool): AnthropicToolAdditionBlock => {
    if (form === 'reference') return { type: 'tool_addition', tool: { type: 'tool_reference', name: tool.name as string } };
    const { defer_loading: _deferred, cache_control: _cached, ...definition } = tool;
    return { type: 'tool_addition', tool: { type: 'tool_definition', definition: definition as unknown as AnthropicTool } };
  });
  return { role: 'system', content };
}

/**
 * The addition message the package writes for `definitions` (a predicted load, a turn's loaded tools), under their wire
 * names (`toWire`): each tool as the caller's own custom entry of `tools` where it has one (its `strict`,
 * `input_examples`, … kept), else as its definition. Not part of the public API.
 */
export function createAnthropicToolAdditionMessageFor(
  definitions: readonly ToolDefinition[],
  tools: readonly unknown[],
  toWire: (name: string) => string,
  form: ToolAdditionForm,
): AnthropicSystemMessage {
  const entries = definitions.map((definition) => {
    const entry = tools.find((tool) => isRecord(tool) && tool.name === definition.name && resolveAnthropicToolKind(tool) === 'custom');
    const written = isRecord(entry) ? entry : { description: definition.description, input_schema: definition.inputSchema };
    return { ...written, name: toWire(definition.name) };
  });
  return createAnthropicToolAdditionMessage(entries, form);
}
