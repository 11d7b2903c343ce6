import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import type { AnthropicCustomTool, AnthropicInputSchema } from '../../src/providers/anthropic/anthropic-messages-api.js';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'anthropic');

/** A fixture from test/fixtures/anthropic/, parsed. */
export function readAnthropicFixture<T = unknown>(file: string): T {
  return JSON.parse(readFileSync(join(fixtures, file), 'utf8')) as T;
}

/** A tool definition as a Messages API custom tool. */
export function toAnthropicTool(tool: ToolDefinition): AnthropicCustomTool {
  return {
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    input_schema: tool.inputSchema as AnthropicInputSchema,
  };
}

/** `count` custom tools `tool_0`, `tool_1`, … with one string argument. */
export function anthropicTools(count: number, prefix = 'tool'): AnthropicCustomTool[] {
  return Array.from({ length: count }, (_, index) => anthropicTool(`${prefix}_${index}`));
}

/** One custom tool with a one-property schema. */
export function anthropicTool(name: string, extra: Partial<AnthropicCustomTool> = {}): AnthropicCustomTool {
  return {
    name,
    description: `does ${name}`,
    input_schema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    ...extra,
  };
}

/** A minimal Messages API body around some tools and messages. */
export function anthropicBody<Tool>(
  tools: readonly Tool[],
  messages: readonly unknown[] = [{ role: 'user', content: 'hi' }],
  extra: { readonly model?: string; readonly system?: unknown; readonly tool_choice?: unknown } = {},
): { model: string; max_tokens: number; messages: unknown[]; tools: Tool[]; system?: unknown; tool_choice?: unknown } {
  return { model: 'claude-opus-4-5', max_tokens: 1024, messages: [...messages], tools: [...tools], ...extra };
}

/** A deep copy, for before/after comparisons. */
export function deepCopy<T>(value: T): T {
  return structuredClone(value);
}
