import type { ToolDefinition } from '../../tools/tool-definition.js';
import type { AnthropicToolKind } from './resolve-anthropic-tool-kind.js';

/** One entry of a Messages API body's `tools`, classified. */
export interface AnthropicMessagesToolEntry {
  readonly entry: Record<string, unknown>;
  readonly kind: Exclude<AnthropicToolKind, 'invalid'>;
  readonly index: number;
  /** A custom tool's definition, under the name the body gives it. */
  readonly definition?: ToolDefinition;
}
