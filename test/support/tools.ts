import type { DeferrablePolicy, ToolDefinition } from '../../src/tools/tool-definition.js';

/** `count` tools named `tool_0`, `tool_1`, … with one string argument. */
export function manyTools(count: number, deferrable?: DeferrablePolicy): ToolDefinition[] {
  return Array.from({ length: count }, (_, index) => tool(`tool_${index}`, deferrable));
}

/** A tool with a one-property schema. */
export function tool(name: string, deferrable?: DeferrablePolicy, extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name,
    description: `does ${name}`,
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    ...(deferrable === undefined ? {} : { deferrable }),
    ...extra,
  };
}
