import type { ModelPlatform } from '../../models/model-reference.js';
import { resolveModelSupport } from '../../models/resolve-model-support.js';

/**
 * What a history's mid-conversation system messages may hold for a model where it is served:
 *
 * - `value`: system messages with tool changes by value (`tool_definition`) and by reference: Opus 4.8 and the other
 *   models that take them, on the Claude API; also any model the package does not know (an unknown or gateway id is
 *   not second-guessed).
 * - `reference`: tool changes by reference only: the same models on Amazon Bedrock and Google Cloud, where the inline
 *   (by value) beta is not offered.
 * - `none`: no system message at all: a Claude model known not to take them, wherever it is served ("role 'system' is
 *   not supported on this model": Sonnet 5, every Claude before Opus 4.8).
 *
 * Not part of the public API: the Messages transformer rewrites what a history holds beyond it, and the preflight
 * flags it.
 */
export type AnthropicToolChangeSupport = 'value' | 'reference' | 'none';

/** The {@link AnthropicToolChangeSupport} of a model id, served on `platform` (`undefined`: the Claude API, or not known). */
export function resolveAnthropicToolChangeSupport(id: string | undefined, platform: ModelPlatform | undefined): AnthropicToolChangeSupport {
  if (id === undefined) return 'value';
  const served = resolveModelSupport(platform === undefined ? id : { id, platform });
  if (served.family !== 'claude') return 'value';
  // Anthropic documents system messages per model on the Claude API; a model without them lacks them everywhere.
  if (resolveModelSupport({ id: served.baseId, platform: 'anthropic' }).toolAdditions === null) return 'none';
  return platform === 'bedrock' || platform === 'vertex' || (platform === undefined && (served.gateway === 'bedrock' || served.gateway === 'vertex'))
    ? 'reference'
    : 'value';
}
