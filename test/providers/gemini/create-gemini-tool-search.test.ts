import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CallableTool, Tool } from '@google/genai';
import type { CreateGeminiToolSearchOptions } from '../../../src/providers/gemini/create-gemini-tool-search.js';
import { createGeminiToolSearch } from '../../../src/providers/gemini/create-gemini-tool-search.js';
import { GITHUB_MCP_TOOLS } from '../../support/github-mcp-tools.js';

const tools = [
  { functionDeclarations: GITHUB_MCP_TOOLS.map((tool) => ({ name: tool.name, description: tool.description ?? '', parametersJsonSchema: tool.inputSchema })) },
];
const sessionId = 's';

describe('createGeminiToolSearch', () => {
  it('fills the tools of a REST body and of an SDK body without them', async () => {
    const toolSearch = createGeminiToolSearch({ tools });
    const rest = await toolSearch.prepare({ contents: [] }, { sessionId });
    expect((rest.body as { tools?: unknown[] }).tools).toHaveLength(1);
    const sdk = await toolSearch.prepare({ model: 'gemini-2.5-flash', contents: [] }, { sessionId });
    expect((sdk.body as { config?: { tools?: unknown[] } }).config?.tools).toHaveLength(1);
    expect(sdk.plan.model).toBe('gemini-2.5-flash');
  });

  it('sends a plain object output as the response, anything else as { output }, with the call’s id', async () => {
    const request = await createGeminiToolSearch({ tools }).prepare({ model: 'gemini-2.5-flash', contents: [] }, { sessionId });
    const call = (id: string, name: string) => ({ functionCall: { id, name: 'call_tool', args: { name, arguments: {} } } });
    const outputs: Record<string, unknown> = { get_me: { login: 'octo' }, get_teams: 'none' };
    const turn = await request.handle(
      { candidates: [{ content: { role: 'model', parts: [call('1', 'get_me'), call('2', 'get_teams')] } }] },
      async (name) => outputs[name],
    );
    expect(turn.contents[1]).toEqual({
      role: 'user',
      parts: [
        { functionResponse: { id: '1', name: 'call_tool', response: { login: 'octo' } } },
        { functionResponse: { id: '2', name: 'call_tool', response: { output: 'none' } } },
      ],
    });
  });

  it('rejects a response without a candidate', async () => {
    const request = await createGeminiToolSearch({ tools }).prepare({ model: 'gemini-2.5-flash', contents: [] }, { sessionId });
    await expect(request.handle({ candidates: [] }, async () => '')).rejects.toMatchObject({ code: 'invalid-request' });
  });

  it('sends the declarations it wrote for an earlier request again, in a new list, with their warnings', async () => {
    const pick = { name: 'pick', description: 'Pick one', parameters: { type: 'object', properties: { x: { const: 1 } } } };
    const toolSearch = createGeminiToolSearch({ tools: [{ functionDeclarations: [pick, { name: 'drop', description: 'Drop one' }] }] });
    const declarationsOf = (body: unknown) => (body as { config: { tools: { functionDeclarations: unknown[] }[] } }).config.tools[0]!.functionDeclarations;
    const first = await toolSearch.prepare({ model: 'gemini-2.5-flash', contents: [] }, { sessionId });
    const second = await toolSearch.prepare({ model: 'gemini-2.5-flash', contents: [] }, { sessionId });
    expect(declarationsOf(second.body)).not.toBe(declarationsOf(first.body));
    expect(declarationsOf(second.body)).toEqual(declarationsOf(first.body));
    for (const [index, declaration] of declarationsOf(second.body).entries()) expect(declaration).toBe(declarationsOf(first.body)[index]);
    expect(second.warnings).toEqual(first.warnings);
    expect(first.warnings.map((warning) => warning.code)).toContain('parameters-sent-as-json-schema');
    // A request of the other shape (whose `parameters` rules differ) is written for itself.
    const rest = await toolSearch.prepare({ contents: [] }, { sessionId });
    expect((rest.body as unknown as { tools: { functionDeclarations: unknown[] }[] }).tools[0]!.functionDeclarations).toEqual(declarationsOf(first.body));
  });

  describe('its `tools` option (type-checked by `npm run typecheck`)', () => {
    it('takes @google/genai’s Tool and CallableTool', () => {
      expectTypeOf<Tool[]>().toExtend<CreateGeminiToolSearchOptions['tools']>();
      expectTypeOf<CallableTool[]>().toExtend<CreateGeminiToolSearchOptions['tools']>();
      const sdkTools: Tool[] = [...tools, { googleSearch: {} }];
      expect(createGeminiToolSearch({ tools: sdkTools }).toolSearch.tools).toHaveLength(117);
    });

    it('does not compile with an object of no API’s shape, which also throws invalid-tools', () => {
      // @ts-expect-error: not a tool
      expect(() => createGeminiToolSearch({ tools: [{ nonsense: true }] })).toThrow(expect.objectContaining({ code: 'invalid-tools' }));
    });
  });
});
