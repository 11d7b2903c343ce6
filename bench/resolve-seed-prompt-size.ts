import type { JSONSchemaObject } from '../src/tools/tool-definition.js';

/** One tool as the seed's driver serializes it: name, description and the parameter schema actually sent. */
export interface SeedSizedTool {
  readonly name: string;
  readonly description?: string;
  readonly parameters?: JSONSchemaObject;
}

/** The seed's size metric for one tool list. */
export interface SeedPromptSize {
  /** Σ over tools of the UTF-8 bytes of compact `JSON.stringify({ name, description, parameters })`. */
  readonly toolListBytes: number;
  /** Σ over tools of the UTF-8 bytes of compact `JSON.stringify(parameters)`. */
  readonly parameterBytes: number;
}

/**
 * The seed's prompt-size metric (`benchmark_prompt_size_reduction`, seed-implementation.md §11): "what the driver
 * serializes per tool", summed. A tool without `parameters` (the floor) contributes only its name and description.
 */
export function resolveSeedPromptSize(tools: readonly SeedSizedTool[]): SeedPromptSize {
  let toolListBytes = 0;
  let parameterBytes = 0;
  for (const tool of tools) {
    toolListBytes += Buffer.byteLength(JSON.stringify({ name: tool.name, description: tool.description, parameters: tool.parameters }));
    if (tool.parameters !== undefined) parameterBytes += Buffer.byteLength(JSON.stringify(tool.parameters));
  }
  return { toolListBytes, parameterBytes };
}
