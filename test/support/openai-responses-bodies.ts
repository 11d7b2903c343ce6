import { withSeedBehaviour } from './tools.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import type { ToolSearchConfigInput } from '../../src/config/tool-search-config.js';
import type { ToolSearchPlan } from '../../src/plan/tool-search-plan.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import type {
  OpenAIResponsesFunctionTool,
  OpenAIResponsesNamespaceTool,
  OpenAIResponsesProviderTool,
  OpenAIResponsesTool,
} from '../../src/providers/openai/openai-responses-api.js';
import { parseOpenAIResponsesTools } from '../../src/providers/openai/parse-openai-responses-tools.js';
import { preflightOpenAIResponsesRequest } from './preflight/preflight-openai-responses-request.js';
import {
  transformOpenAIResponsesRequest,
  type TransformOpenAIResponsesRequestOptions,
  type TransformOpenAIResponsesRequestResult,
} from '../../src/providers/openai/index.js';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'openai');

/** A fixture from test/fixtures/openai/, parsed. */
export function readOpenAIFixture<T = unknown>(file: string): T {
  return JSON.parse(readFileSync(join(fixtures, file), 'utf8')) as T;
}

/** A Responses function tool with a one-property schema. */
export function responsesFunction(name: string, extra: Partial<OpenAIResponsesFunctionTool> = {}): OpenAIResponsesFunctionTool {
  return {
    type: 'function',
    name,
    description: `does ${name}`,
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false },
    strict: true,
    ...extra,
  };
}

/** `count` function tools `<prefix>_0`, `<prefix>_1`, … */
export function responsesFunctions(count: number, prefix = 'tool'): OpenAIResponsesFunctionTool[] {
  return Array.from({ length: count }, (_, index) => responsesFunction(`${prefix}_${index}`));
}

/** A namespace tool holding some functions. */
export function responsesNamespace(name: string, tools: OpenAIResponsesFunctionTool[], description = `The ${name} tools`): OpenAIResponsesNamespaceTool {
  return { type: 'namespace', name, description, tools };
}

/** A tool definition as a Responses function tool (categories are left to the plan). */
export function toResponsesFunction(tool: ToolDefinition): OpenAIResponsesFunctionTool {
  return {
    type: 'function',
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    parameters: tool.inputSchema as OpenAIResponsesFunctionTool['parameters'],
    strict: false,
  };
}

/** Any tool of a test body. */
export type ResponsesTestTool = OpenAIResponsesTool | OpenAIResponsesProviderTool;

/** A minimal Responses body. */
export function responsesBody(tools: readonly unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> & { tools: ResponsesTestTool[] } {
  return { model: 'gpt-5.4', input: 'hi', tools: [...tools] as ResponsesTestTool[], ...extra };
}

/** The plan for a body, made from the body's own tools (the normal way). */
export function planFor(
  body: unknown,
  model: string | { id: string; api?: 'openai-responses' } = { id: 'gpt-5.4', api: 'openai-responses' },
  config?: ToolSearchConfigInput,
): ToolSearchPlan {
  return resolveToolSearch(model, parseOpenAIResponsesTools(body), withSeedBehaviour(config));
}

/**
 * Transforms and asserts that the output passes the preflight check: every transformed body in the suite goes
 * through here, so the suite shows the transformer never produces a request the documented rules reject.
 */
export function transformChecked<Body extends object>(
  body: Body,
  plan: ToolSearchPlan,
  options?: TransformOpenAIResponsesRequestOptions,
): TransformOpenAIResponsesRequestResult<Body> {
  const result = transformOpenAIResponsesRequest(body, plan, options);
  expect(preflightOpenAIResponsesRequest(result.body).violations).toEqual([]);
  return result;
}

/** The top-level shape of a tools list, for order assertions: `name`, `ns:name[members]`, `tool_search`, `+defer`. */
export function describeTools(tools: readonly unknown[] | undefined): string[] {
  return (tools ?? []).map((tool) => {
    const record = tool as { type: string; name?: string; defer_loading?: boolean; tools?: { name: string; defer_loading?: boolean }[] };
    if (record.type === 'namespace') {
      return `ns:${record.name}[${(record.tools ?? []).map((member) => `${member.name}${member.defer_loading === true ? '+defer' : ''}`).join(',')}]`;
    }
    if (record.type === 'function' || record.type === 'custom') return `${record.name}${record.defer_loading === true ? '+defer' : ''}`;
    return record.type;
  });
}

/** Freezes a value deeply, so any mutation by the code under test throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
