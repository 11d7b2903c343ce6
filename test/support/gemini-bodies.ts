import { withSeedBehaviour } from './tools.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import type { ToolSearchConfigInput } from '../../src/config/tool-search-config.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import type { ToolSearchPlan } from '../../src/plan/tool-search-plan.js';
import type {
  GeminiContent,
  GeminiFunctionDeclaration,
  GeminiGenerateContentParameters,
  GeminiGenerateContentRequest,
} from '../../src/providers/gemini/gemini-api.js';
import { parseGeminiTools } from '../../src/providers/gemini/index.js';
import { preflightGeminiRequest } from './preflight/preflight-gemini-request.js';
import { transformGeminiRequest, type TransformGeminiRequestOptions, type TransformGeminiRequestResult } from '../../src/providers/gemini/index.js';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'gemini');

/** A fixture from test/fixtures/gemini/, parsed. */
export function readGeminiFixture<T = unknown>(file: string): T {
  return JSON.parse(readFileSync(join(fixtures, file), 'utf8')) as T;
}

/** A tool definition as a function declaration with `parametersJsonSchema`. */
export function toGeminiDeclaration(tool: ToolDefinition): GeminiFunctionDeclaration {
  return {
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    parametersJsonSchema: tool.inputSchema,
  };
}

/** One declaration with a one-property `parameters` schema in Gemini's own (OpenAPI) form. */
export function geminiDeclaration(name: string, extra: Partial<GeminiFunctionDeclaration> = {}): GeminiFunctionDeclaration {
  return {
    name,
    description: `Does ${name}. Second sentence with more detail.`,
    parameters: { type: 'OBJECT', properties: { path: { type: 'STRING' } }, required: ['path'] },
    ...extra,
  };
}

/** `count` declarations `tool_0`, `tool_1`, … */
export function geminiDeclarations(count: number, prefix = 'tool'): GeminiFunctionDeclaration[] {
  return Array.from({ length: count }, (_, index) => geminiDeclaration(`${prefix}_${index}`));
}

/** The SDK shape (`ai.models.generateContent` parameters) around some declarations and contents. */
export function geminiParameters(
  declarations: readonly unknown[],
  contents: unknown = [{ role: 'user', parts: [{ text: 'hi' }] }],
  config: Record<string, unknown> = {},
): GeminiGenerateContentParameters {
  return {
    model: 'gemini-2.5-flash',
    contents,
    config: { tools: [{ functionDeclarations: [...declarations] }], ...config },
  } as GeminiGenerateContentParameters;
}

/** The REST shape (the JSON body of `:generateContent`) around some declarations and contents. */
export function geminiRESTBody(
  declarations: readonly unknown[],
  contents: readonly GeminiContent[] = [{ role: 'user', parts: [{ text: 'hi' }] }],
  extra: Record<string, unknown> = {},
): GeminiGenerateContentRequest {
  return { contents: [...contents], tools: [{ functionDeclarations: [...declarations] }], ...extra } as GeminiGenerateContentRequest;
}

/** The plan for a Gemini body (model `gemini-2.5-flash` over `gemini` unless `model` says otherwise). */
export function geminiPlan(
  body: unknown,
  config?: ToolSearchConfigInput,
  model: Parameters<typeof resolveToolSearch>[0] = { id: 'gemini-2.5-flash', api: 'gemini' },
): ToolSearchPlan {
  return resolveToolSearch(model, parseGeminiTools(body), withSeedBehaviour(config));
}

/** Transforms, and asserts that the output passes the preflight check (every transformed body in the suite does). */
export function transformGeminiChecked<Body extends object>(
  body: Body,
  plan: ToolSearchPlan,
  options?: TransformGeminiRequestOptions,
): TransformGeminiRequestResult<Body> {
  const result = transformGeminiRequest(body, plan, options);
  expect(preflightGeminiRequest(result.body).violations).toEqual([]);
  return result;
}

/** The `tools` of a body in either shape. */
export function geminiToolsOf(body: unknown): Record<string, unknown>[] {
  const record = body as { tools?: unknown; config?: { tools?: unknown } };
  return (record.config?.tools ?? record.tools ?? []) as Record<string, unknown>[];
}

/** The declarations of a body as `name:kind`, where kind is `full`, `stub` or `search`. */
export function geminiToolSummary(body: unknown): string[] {
  return geminiToolsOf(body).flatMap((tool) =>
    ((tool.functionDeclarations ?? []) as GeminiFunctionDeclaration[]).map((declaration) => {
      const schema = declaration.parametersJsonSchema as { additionalProperties?: unknown } | undefined;
      const kind = declaration.name === 'tool_search' ? 'search' : schema?.additionalProperties === true ? 'stub' : 'full';
      return `${declaration.name}:${kind}`;
    }),
  );
}
