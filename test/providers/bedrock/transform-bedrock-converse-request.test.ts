import { describe, expect, it } from 'vitest';
import { transformBedrockConverseRequest } from '../../../src/providers/bedrock/index.js';
import { preflightBedrockConverseRequest } from '../../support/preflight/preflight-bedrock-converse-request.js';
import { formatToolSearchResult } from '../../../src/client/tool-search-result.js';
import { STUB_INPUT_SCHEMA, TOOL_SEARCH_TOOL_DEFINITION } from '../../../src/tools/tool-search-tool-definition.js';
import { TOOL_SEARCH_GUIDANCE } from '../../../src/client/tool-search-guidance.js';
import { ToolSearchError } from '../../../src/errors/tool-search-error.js';
import type { ToolSearchPlan } from '../../../src/plan/tool-search-plan.js';
import type { BedrockConverseRequest } from '../../../src/providers/bedrock/bedrock-converse-api.js';
import { bedrockBody, bedrockPlan, bedrockTool, bedrockToolSummary, bedrockTools } from '../../support/bedrock-converse-bodies.js';

const CACHE_POINT = { cachePoint: { type: 'default' } };
const twenty = bedrockTools(20);
const found = (names: string[]) => formatToolSearchResult({ status: 'found', tools: names.map((name) => ({ name, inputSchema: { type: 'object' } })) });

/** Transforms, and checks what every transformed body must be: accepted by the preflight, the input unchanged, stable on its own output. */
function transform(body: object, plan: ToolSearchPlan, revealed: string[] = []) {
  const before = JSON.stringify(body);
  const result = transformBedrockConverseRequest(body as BedrockConverseRequest, plan, { revealed });
  expect(preflightBedrockConverseRequest(result.body).violations).toEqual([]);
  expect(JSON.stringify(body)).toBe(before);
  expect(JSON.stringify(transformBedrockConverseRequest(result.body, plan, { revealed }).body)).toBe(JSON.stringify(result.body));
  return result;
}

describe('transformBedrockConverseRequest', () => {
  describe('with the default configuration (reveals in the conversation, the names listing)', () => {
    const body = bedrockBody(twenty, undefined, { system: [{ text: 'You are helpful.' }] });
    const plan = bedrockPlan(body, { listing: 'auto', reveal: 'conversation', search: 'auto', neverDefer: ['tool_0'] });

    it('sends the loaded tools, tool_search and call_tool, and names the deferred tools in a system block of its own', () => {
      const { body: output, warnings } = transform(body, plan);
      expect(bedrockToolSummary(output)).toEqual(['tool_0:full', 'tool_search:search', 'call_tool:call']);
      expect(output.system?.[0]).toEqual({ text: 'You are helpful.' });
      expect(JSON.stringify(output.system?.[1])).toContain('These tools are available but not in your tool list: tool_1, tool_2');
      expect(warnings).toEqual([]);
    });

    it('sends the same tools and system after a search, and reads the reveal back from the toolResult', () => {
      const first = transform(body, plan);
      const messages = [
        { role: 'user', content: [{ text: 'hi' }] },
        { role: 'assistant', content: [{ toolUse: { toolUseId: 'tooluse_1', name: 'tool_search', input: { query: 'tool_3' } } }] },
        { role: 'user', content: [{ toolResult: { toolUseId: 'tooluse_1', content: [{ text: found(['tool_3']) }] } }] },
      ];
      const second = transform({ ...body, messages }, plan);
      expect(JSON.stringify(second.body.toolConfig)).toBe(JSON.stringify(first.body.toolConfig));
      expect(JSON.stringify(second.body.system)).toBe(JSON.stringify(first.body.system));
      expect(second.loaded).toEqual(['tool_3']);
    });

    it('reads a reveal from a `json` result block too, and never from a caller tool whose output looks like one', () => {
      const history = (name: string) => [
        { role: 'user', content: [{ text: 'hi' }] },
        { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name, input: {} } }] },
        { role: 'user', content: [{ toolResult: { toolUseId: 't1', content: [{ json: JSON.parse(found(['tool_4'])) }] } }] },
      ];
      expect(transform({ ...body, messages: history('tool_search') }, plan).loaded).toEqual(['tool_4']);
      expect(transform({ ...body, messages: history('tool_1') }, plan).loaded).toEqual([]);
    });
  });

  describe('with the seed behaviour (full listing, reveals in the tool list)', () => {
    const body = bedrockBody(twenty);
    const plan = bedrockPlan(body);

    it('sends a stub per deferred tool and the package’s tool_search with its own schema', () => {
      const { body: output } = transform(body, plan);
      const tools = output.toolConfig?.tools as { toolSpec: { name: string; inputSchema: { json: unknown } } }[];
      expect(tools[0]?.toolSpec).toMatchObject({ name: 'tool_search', description: TOOL_SEARCH_TOOL_DEFINITION.description });
      expect(tools[1]?.toolSpec).toEqual({ name: 'tool_0', description: 'Does tool_0.', inputSchema: { json: STUB_INPUT_SCHEMA } });
      expect(output.system).toHaveLength(1);
      expect(output.system?.[0]).toMatchObject({ text: expect.stringContaining(TOOL_SEARCH_GUIDANCE) });
    });

    it('sends a revealed tool in full, in place of its stub', () => {
      expect(bedrockToolSummary(transform(body, plan, ['tool_2']).body).slice(0, 4)).toEqual([
        'tool_search:search',
        'tool_0:stub',
        'tool_1:stub',
        'tool_2:full',
      ]);
    });

    it('sends the tool `toolChoice` forces in full, under its wire name', () => {
      const dotted = bedrockBody([...twenty, bedrockTool('files.read')], undefined, { toolConfig: undefined });
      const withChoice = { ...dotted, toolConfig: { tools: [...twenty, bedrockTool('files.read')], toolChoice: { tool: { name: 'files.read' } } } };
      const { body: output, names } = transform(withChoice, bedrockPlan(withChoice));
      expect(output.toolConfig?.toolChoice).toEqual({ tool: { name: 'files_read' } });
      expect(bedrockToolSummary(output)).toContain('files_read:full');
      expect(names.fromWire('files_read')).toBe('files.read');
    });
  });

  describe('names', () => {
    it('maps tool names and the history’s toolUse names to [a-zA-Z0-9_-]{1,64}, and back', () => {
      const body = bedrockBody(
        [bedrockTool('github.create_issue'), bedrockTool('orders:get')],
        [
          { role: 'user', content: [{ text: 'hi' }] },
          { role: 'assistant', content: [{ text: 'On it.' }, { toolUse: { toolUseId: 't1', name: 'github.create_issue', input: {} } }] },
          { role: 'user', content: [{ toolResult: { toolUseId: 't1', content: [{ text: 'ok' }] } }] },
        ],
      );
      const { body: output, names } = transform(body, bedrockPlan(body, { mechanism: 'client', threshold: 100 }));
      expect(bedrockToolSummary(output)).toEqual(['github_create_issue:full', 'orders_get:full']);
      expect(output.messages?.[1]?.content[1]).toEqual({ toolUse: { toolUseId: 't1', name: 'github_create_issue', input: {} } });
      expect(names.fromWire('orders_get')).toBe('orders:get');
    });
  });

  describe('cache checkpoints', () => {
    const plan = (body: object) => bedrockPlan(body, { listing: 'auto', reveal: 'conversation', search: 'auto', neverDefer: ['tool_0', 'tool_1'] });

    it('keeps a checkpoint after a loaded tool there, and moves the one after the last tool to the end of the list', () => {
      const body = bedrockBody([...twenty.slice(0, 2), CACHE_POINT, ...twenty.slice(2), CACHE_POINT]);
      expect(bedrockToolSummary(transform(body, plan(body)).body)).toEqual([
        'tool_0:full',
        'tool_1:full',
        'cachePoint',
        'tool_search:search',
        'call_tool:call',
        'cachePoint',
      ]);
    });

    it('moves a checkpoint after a deferred tool to the end, never adding one', () => {
      const body = bedrockBody([...twenty.slice(0, 5), CACHE_POINT, ...twenty.slice(5)]);
      expect(bedrockToolSummary(transform(body, plan(body)).body)).toEqual([
        'tool_0:full',
        'tool_1:full',
        'tool_search:search',
        'call_tool:call',
        'cachePoint',
      ]);
    });

    it('puts the note before the system’s trailing checkpoint, so the cached prefix holds it', () => {
      const body = bedrockBody(twenty, undefined, { system: [{ text: 'You are helpful.' }, CACHE_POINT] });
      const system = transform(body, plan(body)).body.system as Record<string, unknown>[];
      expect(system).toHaveLength(3);
      expect(system[0]).toEqual({ text: 'You are helpful.' });
      expect(String(system[1]?.text)).toContain(TOOL_SEARCH_GUIDANCE);
      expect(system[2]).toEqual(CACHE_POINT);
    });

    it('keeps checkpoints in the messages as they are', () => {
      const messages = [{ role: 'user', content: [{ text: 'hi' }, CACHE_POINT] }];
      const body = bedrockBody(twenty, messages);
      expect(transform(body, plan(body)).body.messages).toEqual(messages);
    });
  });

  describe('edge cases', () => {
    it('sends every tool in full, names mapped and no note, under plan none', () => {
      const body = bedrockBody([bedrockTool('a.b'), bedrockTool('c')], undefined, { system: [{ text: 'x' }] });
      const { body: output } = transform(body, bedrockPlan(body, { mechanism: 'client', threshold: 100 }));
      expect(bedrockToolSummary(output)).toEqual(['a_b:full', 'c:full']);
      expect(output.system).toEqual([{ text: 'x' }]);
    });

    it('falls back to the client mechanism for a hosted plan, with a warning', () => {
      const body = bedrockBody(twenty);
      const { warnings, body: output } = transform(body, bedrockPlan(body, undefined, 'claude-opus-4-5'));
      expect(warnings.map((warning) => warning.code)).toEqual(['hosted-mechanism-unsupported']);
      expect(bedrockToolSummary(output)).toContain('tool_search:search');
    });

    it('removes a toolConfig with no tool left, with a warning', () => {
      const body = bedrockBody([CACHE_POINT]);
      const { body: output, warnings } = transform(body, bedrockPlan(body));
      expect('toolConfig' in output).toBe(false);
      expect(warnings.map((warning) => warning.code)).toEqual(['empty-tools-removed']);
    });

    it('keeps system tools in place', () => {
      const body = bedrockBody([{ systemTool: { name: 'nova_grounding' } }, ...twenty]);
      const { toolConfig } = transform(body, bedrockPlan(body)).body as { toolConfig: { tools: unknown[] } };
      expect(toolConfig.tools[0]).toEqual({ systemTool: { name: 'nova_grounding' } });
    });

    it.each<[string, unknown, RegExp]>([
      ['a body that is not an object', 'hi', /Converse request object/],
      ['tools that are not an array', { modelId: 'm', toolConfig: { tools: {} } }, /`toolConfig.tools` must be an array/],
      [
        'a toolSpec without inputSchema.json',
        { modelId: 'm', toolConfig: { tools: [{ toolSpec: { name: 'a', inputSchema: {} } }] } },
        /inputSchema.json of `a`/,
      ],
      ['two tools with one name', bedrockBody([bedrockTool('a'), bedrockTool('a')]), /`a` is defined twice/],
      ['messages that are not an array', { modelId: 'm', messages: 'hi' }, /`messages` must be an array/],
    ])('throws invalid-request for %s', (_, body, message) => {
      const plan = bedrockPlan(bedrockBody([]));
      expect(() => transformBedrockConverseRequest(body as object, plan)).toThrow(ToolSearchError);
      expect(() => transformBedrockConverseRequest(body as object, plan)).toThrow(
        expect.objectContaining({ code: 'invalid-request', message: expect.stringMatching(message) }),
      );
    });
  });
});
