import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import type { ToolSearchConfigInput } from '../../src/config/tool-search-config.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import type { ToolSearchPlan } from '../../src/plan/tool-search-plan.js';
import type { BedrockConverseRequest, BedrockConverseTool, BedrockConverseToolSpecification } from '../../src/providers/bedrock/bedrock-converse-api.js';
import { parseBedrockConverseTools } from '../../src/providers/bedrock/index.js';
import { withSeedBehaviour } from './tools.js';

/** A tool definition as a Converse tool. */
export function toBedrockConverseTool(tool: ToolDefinition): BedrockConverseTool {
  return {
    toolSpec: {
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      inputSchema: { json: tool.inputSchema as BedrockConverseToolSpecification['inputSchema']['json'] },
    },
  };
}

/** One Converse tool with a one-property schema. */
export function bedrockTool(name: string): { toolSpec: BedrockConverseToolSpecification } {
  return {
    toolSpec: { name, description: `Does ${name}.`, inputSchema: { json: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } } },
  };
}

/** `count` Converse tools `tool_0`, `tool_1`, … */
export function bedrockTools(count: number, prefix = 'tool'): BedrockConverseTool[] {
  return Array.from({ length: count }, (_, index) => bedrockTool(`${prefix}_${index}`));
}

/** A Converse request around some tools and messages. */
export function bedrockBody(
  tools: readonly unknown[],
  messages: readonly unknown[] = [{ role: 'user', content: [{ text: 'hi' }] }],
  extra: Record<string, unknown> = {},
): BedrockConverseRequest {
  return { modelId: 'us.amazon.nova-pro-v1:0', messages: [...messages], toolConfig: { tools: [...tools] }, ...extra } as BedrockConverseRequest;
}

/** The plan for a Converse body (over `bedrock-converse` unless `model` says otherwise). */
export function bedrockPlan(
  body: unknown,
  config?: ToolSearchConfigInput,
  model: Parameters<typeof resolveToolSearch>[0] = { id: 'us.amazon.nova-pro-v1:0', api: 'bedrock-converse' },
): ToolSearchPlan {
  return resolveToolSearch(model, parseBedrockConverseTools(body), withSeedBehaviour(config));
}

/** The tool entries of a Converse body as `name:kind` (`full`, `stub`, `search`, `call`) or `cachePoint`. */
export function bedrockToolSummary(body: unknown): string[] {
  const tools = ((body as { toolConfig?: { tools?: unknown[] } }).toolConfig?.tools ?? []) as Record<string, Record<string, unknown>>[];
  return tools.map((tool) => {
    if (tool.cachePoint !== undefined) return 'cachePoint';
    const spec = tool.toolSpec as { name: string; inputSchema: { json: { additionalProperties?: unknown } } };
    const own: Record<string, string> = { tool_search: 'search', call_tool: 'call' };
    const kind = own[spec.name] ?? (spec.inputSchema.json.additionalProperties === true ? 'stub' : 'full');
    return `${spec.name}:${kind}`;
  });
}
