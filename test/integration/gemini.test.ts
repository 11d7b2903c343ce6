import { withSeedBehaviour } from '../support/tools.js';
/**
 * The Gemini transformer against the official `@google/genai` SDK: the loop builds the SDK shape
 * (`GenerateContentParameters`), the SDK turns it into the REST body, and a local server on 127.0.0.1 checks the REST
 * body it receives against the preflight rules and the expected plan (a failed check is a 400, so the SDK call and
 * the test fail), then answers with scripted responses.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GoogleGenAI, type Content, type FunctionDeclaration, type GenerateContentParameters, type GenerateContentResponse, type Part } from '@google/genai';
import { startLocalServer, type LocalServer, type RecordedRequest } from '../support/local-server.js';
import { readGeminiFixture } from '../support/gemini-bodies.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import type { ToolSearchConfigInput } from '../../src/config/tool-search-config.js';
import { TOOL_SEARCH_GUIDANCE } from '../../src/client/tool-search-guidance.js';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import { createToolSearchTool } from '../../src/client/create-tool-search-tool.js';
import { createMemoryRevealStore } from '../../src/reveal/create-memory-reveal-store.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { parseGeminiTools } from '../../src/providers/gemini/index.js';
import { transformGeminiRequest } from '../../src/providers/gemini/index.js';
import { preflightGeminiRequest } from '../support/preflight/preflight-gemini-request.js';

/** An MCP-style `server:tool` name, which this package maps for Gemini (`orders_get_status`). */
const ordersTool: ToolDefinition = {
  name: 'orders:get_status',
  description: 'Get the status of the customer’s current order.',
  inputSchema: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
};
const catalog = [...readGeminiFixture<ToolDefinition[]>('bfcl-tools.json'), ordersTool];
const byName = new Map(catalog.map((tool) => [tool.name, tool]));
const functionCallTemplate = readGeminiFixture<Record<string, unknown>>('generate-content-function-call.json');
const textTemplate = readGeminiFixture<Record<string, unknown>>('generate-content-text.json');

/** Half the catalog declared with `parameters` (the SDK converts them), half with `parametersJsonSchema`. */
const declarations: FunctionDeclaration[] = catalog.map((tool, index) =>
  index % 2 === 0
    ? { name: tool.name, description: tool.description, parameters: tool.inputSchema as FunctionDeclaration['parameters'] }
    : { name: tool.name, description: tool.description, parametersJsonSchema: tool.inputSchema },
);

/** A response whose model turn holds these function calls (wire names, as the model sees them). */
function callResponse(calls: { name: string; args: Record<string, unknown> }[]): Record<string, unknown> {
  const response = structuredClone(functionCallTemplate) as { candidates: { content: Content }[] };
  (response.candidates[0] as { content: Content }).content = { role: 'model', parts: calls.map((call) => ({ functionCall: call })) };
  return response;
}

type WireDeclaration = { name: string; parameters?: Record<string, unknown>; parametersJsonSchema?: Record<string, unknown> };
type WireBody = { contents: Content[]; tools: { functionDeclarations?: WireDeclaration[] }[]; systemInstruction?: Content };

/** The checks every request gets: the REST preflight rules, one declarations entry, the note once, stubs. */
function checkRequest(request: RecordedRequest, expected: { deferring: boolean; full: readonly string[] }): WireBody {
  if (request.method !== 'POST' || request.path !== '/v1beta/models/gemini-2.5-flash:generateContent')
    throw new Error(`unexpected ${request.method} ${request.path}`);
  const preflight = preflightGeminiRequest(request.body);
  if (!preflight.ok) throw new Error(`preflight: ${JSON.stringify(preflight.violations)}`);
  const body = request.body as WireBody;
  expect('config' in body || 'model' in body).toBe(false);
  const holders = body.tools.filter((tool) => tool.functionDeclarations !== undefined);
  expect(holders).toHaveLength(1);
  const sent = holders[0]?.functionDeclarations ?? [];
  expect(sent.some((declaration) => declaration.name === 'tool_search')).toBe(expected.deferring);
  const system = JSON.stringify(body.systemInstruction ?? {});
  expect(system.split(TOOL_SEARCH_GUIDANCE.slice(0, 60)).length - 1).toBe(expected.deferring ? 1 : 0);
  for (const declaration of sent) {
    if (declaration.name === 'tool_search') continue;
    const original = declaration.name === 'orders_get_status' ? 'orders:get_status' : declaration.name;
    const tool = byName.get(original) as ToolDefinition;
    expect(tool).toBeDefined();
    expect(declaration.parameters !== undefined && declaration.parametersJsonSchema !== undefined).toBe(false);
    if (!expected.deferring || expected.full.includes(original)) {
      if (declaration.parametersJsonSchema !== undefined) expect(declaration.parametersJsonSchema).toEqual(tool.inputSchema);
      // The SDK sent `parameters` in Gemini's own form: upper-case types.
      else expect(declaration.parameters).toMatchObject({ type: 'OBJECT', required: tool.inputSchema.required ?? [] });
    } else {
      expect(declaration).toEqual({
        name: declaration.name,
        description: tool.description,
        parametersJsonSchema: { type: 'object', additionalProperties: true },
      });
    }
  }
  return body;
}

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Runs the agent loop: transform, send with the SDK, execute calls (tool_search for real), keep history in original names. */
async function runLoop(config: ToolSearchConfigInput, turns: number) {
  const ai = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: (server as LocalServer).url } });
  const store = createMemoryRevealStore();
  const search = createToolSearchTool({ tools: catalog, store });
  const sessionId = 'session-1';
  const contents: Content[] = [{ role: 'user', parts: [{ text: 'Make my drink large and hot, and tell me where order 42 is.' }] }];
  const executed: { name: string; args: unknown }[] = [];
  let last: GenerateContentResponse | undefined;
  for (let turn = 0; turn < turns; turn += 1) {
    const parameters: GenerateContentParameters = {
      model: 'gemini-2.5-flash',
      contents,
      config: { systemInstruction: 'You are a barista assistant.', tools: [{ functionDeclarations: declarations }] },
    };
    const plan = resolveToolSearch({ id: parameters.model, api: 'gemini' }, parseGeminiTools(parameters), withSeedBehaviour(config));
    const { body, names, warnings } = transformGeminiRequest(parameters, plan, { revealed: await store.get(sessionId) });
    expect(warnings).toEqual([]);
    last = await ai.models.generateContent(body);
    const content = last.candidates?.[0]?.content as Content;
    // The history stays in original names: map the model's calls back before keeping them.
    const parts: Part[] = (content.parts ?? []).map((part) =>
      part.functionCall === undefined ? part : { ...part, functionCall: { ...part.functionCall, name: names.fromWire(part.functionCall.name ?? '') } },
    );
    contents.push({ role: 'model', parts });
    const responses: Part[] = [];
    for (const part of parts) {
      if (part.functionCall === undefined) continue;
      const name = part.functionCall.name as string;
      if (name === 'tool_search') {
        const result = await search.execute(part.functionCall.args, { sessionId });
        responses.push({ functionResponse: { name, response: { output: formatToolSearchResult(result) } } });
      } else {
        executed.push({ name, args: part.functionCall.args });
        responses.push({ functionResponse: { name, response: { output: { status: 'ok' } } } });
      }
    }
    if (responses.length > 0) contents.push({ role: 'user', parts: responses });
  }
  return { contents, executed, store, sessionId, last };
}

describe('Gemini through the @google/genai SDK', () => {
  it('runs a three-turn client-side tool search loop with a dotted BFCL name and a mapped MCP name', async () => {
    const drinkArgs = { drink_id: '0000-0000-0000', new_preferences: { size: 'large', temperature: 'hot' } };
    server = await startLocalServer((request, index) => {
      const full = ['get_current_weather', 'orders:get_status'];
      switch (index) {
        case 0:
          checkRequest(request, { deferring: true, full });
          return { body: callResponse([{ name: 'tool_search', args: { query: 'ChaDri.change_drink' } }]) };
        case 1: {
          const body = checkRequest(request, { deferring: true, full: [...full, 'ChaDri.change_drink'] });
          expect(body.contents[1]?.parts?.[0]?.functionCall?.name).toBe('tool_search');
          expect(JSON.stringify(body.contents[2])).toContain('ChaDri.change_drink');
          return {
            body: callResponse([
              { name: 'ChaDri.change_drink', args: drinkArgs },
              { name: 'orders_get_status', args: { order_id: '42' } },
            ]),
          };
        }
        case 2: {
          const body = checkRequest(request, { deferring: true, full: [...full, 'ChaDri.change_drink'] });
          expect(body.contents[3]?.parts?.map((part) => part.functionCall?.name)).toEqual(['ChaDri.change_drink', 'orders_get_status']);
          expect(body.contents[4]?.parts?.map((part) => part.functionResponse?.name)).toEqual(['ChaDri.change_drink', 'orders_get_status']);
          expect(JSON.stringify(body)).not.toContain('orders:get_status');
          return { body: textTemplate };
        }
        default:
          throw new Error(`unexpected request ${index}`);
      }
    });
    const { contents, executed, store, sessionId, last } = await runLoop({ neverDefer: ['get_current_weather', 'orders:get_status'] }, 3);
    expect(server.requests).toHaveLength(3);
    expect(executed).toEqual([
      { name: 'ChaDri.change_drink', args: drinkArgs },
      { name: 'orders:get_status', args: { order_id: '42' } },
    ]);
    expect(await store.get(sessionId)).toEqual(['ChaDri.change_drink']);
    expect(contents[3]?.parts?.map((part) => part.functionCall?.name)).toEqual(['ChaDri.change_drink', 'orders:get_status']);
    // The SDK rewrites the declarations it sends in place; the transformer's copies shield the caller's.
    expect(declarations[0]?.parameters).toBe(catalog[0]?.inputSchema);
    expect(last?.text).toBe("I've set the lights to 25% brightness with a warm color temperature.");
  });

  it('declares every tool in full under plan none, names still mapped', async () => {
    server = await startLocalServer((request, index) => {
      checkRequest(request, { deferring: false, full: [] });
      return index === 0 ? { body: callResponse([{ name: 'orders_get_status', args: { order_id: '7' } }]) } : { body: textTemplate };
    });
    const { executed } = await runLoop({ mechanism: 'client', threshold: 100 }, 2);
    expect(server.requests).toHaveLength(2);
    expect(executed).toEqual([{ name: 'orders:get_status', args: { order_id: '7' } }]);
  });

  it('fails the SDK call when a request breaks a preflight rule', async () => {
    server = await startLocalServer((request) => {
      checkRequest(request, { deferring: false, full: [] });
      return { body: textTemplate };
    });
    const ai = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: server.url } });
    await expect(
      ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi', config: { tools: [{ functionDeclarations: [{ name: 'send email' }] }] } }),
    ).rejects.toThrow(/invalid-tool-name/);
  });
});
