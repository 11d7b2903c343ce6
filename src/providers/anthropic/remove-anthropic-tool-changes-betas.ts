import { ANTHROPIC_INLINE_TOOLS_BETA, ANTHROPIC_TOOL_CHANGES_BETA } from './anthropic-messages-api.js';
import type { AnthropicMessagesWarning } from './anthropic-messages-warning.js';
import type { AnthropicToolChangeSupport } from './resolve-anthropic-tool-change-support.js';

/**
 * Takes out of the body's beta list the tool-changes betas a model cannot use where it is served, when the request makes
 * no tool change (a body prepared for Opus 4.8 prepared again for Claude 3.5 Haiku): both where the model takes no
 * system message, the inline (by value) one off the Claude API. The caller's other betas stay, in order.
 */
export function removeAnthropicToolChangesBetas(
  output: Record<string, unknown>,
  field: 'anthropic_beta' | 'betas',
  support: AnthropicToolChangeSupport,
  warnings: AnthropicMessagesWarning[],
): void {
  const betas = output[field];
  if (support === 'value' || !Array.isArray(betas)) return;
  const unusable = support === 'none' ? [ANTHROPIC_INLINE_TOOLS_BETA, ANTHROPIC_TOOL_CHANGES_BETA] : [ANTHROPIC_INLINE_TOOLS_BETA];
  const removed = betas.filter((beta) => unusable.includes(beta as string));
  if (removed.length === 0) return;
  const kept = betas.filter((beta) => !unusable.includes(beta as string));
  // A list that held only these (the ones this transformer adds) goes with them.
  if (kept.length === 0) delete output[field];
  else output[field] = kept;
  warnings.push({
    code: 'tool-changes-sent-as-text',
    message: `\`${field}\` holds ${removed.map((beta) => `\`${String(beta)}\``).join(', ')}, which \`${String(output.model ?? 'the model')}\` cannot use ${support === 'none' ? '(it takes no system messages)' : 'off the Claude API'} and this request makes no tool change that needs; removed`,
  });
}
