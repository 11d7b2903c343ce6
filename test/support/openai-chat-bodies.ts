import { withSeedBehaviour } from './tools.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import type { ToolSearchConfigInput } from '../../src/config/tool-search-config.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import type { ToolSearchPlan } from '../../src/plan/tool-search-plan.js';
import type { OpenAIChatFunctionTool, OpenAIChatRequest } from '../../src/providers/openai/openai-chat-api.js';
import { parseOpenAIChatTools } from '../../src/providers/openai/index.js';
import { preflightOpenAIChatRequest } from './preflight/preflight-openai-chat-request.js';
import { transformOpenAIChatRequest, type TransformOpenAIChatRequestOptions, type TransformOpenAIChatRequestResult } from '../../src/providers/openai/index.js';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'openai-chat');

/** A fixture from test/fixtures/openai-chat/, parsed. */
export function readOpenAIChatFixture<T = unknown>(file: string): T {
  return JSON.parse(readFileSync(join(fixtures, file), 'utf8')) as T;
}

/** A tool definition as a Chat Completions function tool. */
export function toOpenAIChatTool(tool: ToolDefinition): OpenAIChatFunctionTool {
  return {
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters: tool.inputSchema as Record<string, unknown>,
    },
  };
}

/** One function tool with a one-property schema. */
export function openAIChatTool(name: string, extra: Partial<OpenAIChatFunctionTool['function']> = {}): OpenAIChatFunctionTool {
  return {
    type: 'function',
    function: {
      name,
      description: `Does ${name}. Second sentence with more detail.`,
      parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      ...extra,
    },
  };
}

/** `count` function tools `tool_0`, `tool_1`, … */
export function openAIChatTools(count: number, prefix = 'tool'): OpenAIChatFunctionTool[] {
  return Array.from({ length: count }, (_, index) => openAIChatTool(`${prefix}_${index}`));
}

/** A minimal Chat Completions body around some tools and messages. */
export function openAIChatBody(
  tools: readonly unknown[],
  messages: readonly unknown[] = [{ role: 'user', content: 'hi' }],
  extra: Record<string, unknown> = {},
): OpenAIChatRequest {
  return { model: 'gpt-4.1', messages: [...messages], tools: [...tools], ...extra } as OpenAIChatRequest;
}

/** The plan for a Chat Completions body (model `gpt-4.1` over `openai-chat` unless `model` says otherwise). */
export function openAIChatPlan(
  body: unknown,
  config?: ToolSearchConfigInput,
  model: Parameters<typeof resolveToolSearch>[0] = { id: 'gpt-4.1', api: 'openai-chat' },
): ToolSearchPlan {
  return resolveToolSearch(model, parseOpenAIChatTools(body), withSeedBehaviour(config));
}

/** Transforms, and asserts that the output passes the preflight check (every transformed body in the suite does). */
export function transformOpenAIChatChecked<Body extends object>(
  body: Body,
  plan: ToolSearchPlan,
  options?: TransformOpenAIChatRequestOptions,
): TransformOpenAIChatRequestResult<Body> {
  const result = transformOpenAIChatRequest(body, plan, options);
  expect(preflightOpenAIChatRequest(result.body).violations).toEqual([]);
  return result;
}

/** The function tools of a body as `name:kind`, where kind is `full`, `stub` or `search`. */
export function openAIChatToolSummary(body: unknown): string[] {
  const tools = ((body as { tools?: unknown[] }).tools ?? []) as {
    type: string;
    function?: { name: string; parameters?: { additionalProperties?: unknown } };
  }[];
  return tools.map((tool) => {
    if (tool.type !== 'function' || tool.function === undefined) return `${tool.type}`;
    const kind = tool.function.name === 'tool_search' ? 'search' : tool.function.parameters?.additionalProperties === true ? 'stub' : 'full';
    return `${tool.function.name}:${kind}`;
  });
}
