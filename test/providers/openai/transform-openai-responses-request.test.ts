import { preflightOpenAIResponsesRequest } from '../../support/preflight/preflight-openai-responses-request.js';
import { earlierResult } from '../../support/tools.js';
import { describe, expect, it } from 'vitest';
import { resolveToolSearch } from '../../../src/plan/resolve-tool-search.js';
import { TOOL_SEARCH_GUIDANCE } from '../../../src/client/tool-search-guidance.js';
import { SEED_NOTE, tool, withSeedBehaviour } from '../../support/tools.js';
import { CALL_TOOL_DEFINITION, STUB_INPUT_SCHEMA, TOOL_SEARCH_TOOL_DEFINITION } from '../../../src/tools/tool-search-tool-definition.js';
import { formatToolSearchResult } from '../../../src/client/tool-search-result.js';
import { isToolSearchError } from '../../../src/errors/tool-search-error.js';
import type { ToolDefinition } from '../../../src/tools/tool-definition.js';
import type { ToolSearchPlan } from '../../../src/plan/tool-search-plan.js';
import { resolveOwnToolsSent } from '../../../src/plan/resolve-own-tools-sent.js';
import { transformOpenAIResponsesRequest } from '../../../src/providers/openai/index.js';
import { parseOpenAIResponsesTools } from '../../../src/providers/openai/parse-openai-responses-tools.js';
import { createOpenAIToolSearchOutput } from '../../../src/providers/openai/create-openai-tool-search-output.js';
import {
  deepFreeze,
  describeTools,
  planFor,
  readOpenAIFixture,
  responsesBody,
  responsesFunction,
  responsesFunctions,
  responsesNamespace,
  toResponsesFunction,
  transformChecked,
} from '../../support/openai-responses-bodies.js';

const HOSTED = { id: 'gpt-5.4', api: 'openai-responses' } as const;
const CLIENT = { id: 'gpt-5.2', api: 'openai-responses' } as const;

interface SeedFixture {
  tools: (Omit<ToolDefinition, 'inputSchema'> & { inputSchema?: never })[];
  cases: { threshold: number; seed: string[]; expected: string[] }[];
}
const seed = readOpenAIFixture<SeedFixture>('seed-conformance.json');
const seedTools: ToolDefinition[] = seed.tools.map((tool) => ({ ...tool, inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }));

function errorOf(run: () => unknown): { code: string; message: string; name: string } {
  try {
    run();
  } catch (error) {
    if (!isToolSearchError(error)) throw error;
    return { code: error.code, message: error.message, name: error.name };
  }
  throw new Error('expected a ToolSearchError');
}

function codes(warnings: readonly { code: string }[]): string[] {
  return warnings.map((warning) => warning.code);
}

describe('transformOpenAIResponsesRequest', () => {
  describe('with the default configuration', () => {
    const functions = [responsesFunction('read_file'), ...responsesFunctions(20), responsesNamespace('crm', [responsesFunction('get_customer')])];
    const body = responsesBody(functions, { instructions: 'You are helpful.' });
    const plan = (model: typeof HOSTED | typeof CLIENT) => resolveToolSearch(model, parseOpenAIResponsesTools(body), { neverDefer: ['read_file'] });

    describe('on a model with tool search (the library’s search, the API loads what it returns)', () => {
      it('sends the loaded tools and a client-executed tool_search, and no deferred tool at all', () => {
        const { body: sent, warnings } = transformChecked(body, plan(HOSTED));
        expect(describeTools(sent.tools)).toEqual(['read_file', 'tool_search']);
        expect(sent.tools?.[1]).toEqual({
          type: 'tool_search',
          execution: 'client',
          description: TOOL_SEARCH_TOOL_DEFINITION.description,
          parameters: TOOL_SEARCH_TOOL_DEFINITION.inputSchema,
        });
        expect(sent.instructions).toContain('These tools are available but not in your tool list: tool_0,');
        expect(sent.instructions).toContain('Once `tool_search` has returned a tool, call it directly.');
        expect(warnings).toEqual([]);
      });

      it('keeps the request the same after a client tool search loaded a tool', () => {
        const first = transformChecked(body, plan(HOSTED)).body;
        const output = createOpenAIToolSearchOutput({ call_id: 'ts_1' }, { status: 'found', tools: [{ name: 'tool_3', inputSchema: { type: 'object' } }] });
        const input = [
          { role: 'user', content: 'hi' },
          { type: 'tool_search_call', call_id: 'ts_1', execution: 'client', arguments: { query: 'tool 3' }, status: 'completed' },
          output,
          { type: 'function_call', call_id: 'c1', name: 'tool_3', namespace: 'tool_3', arguments: '{"path":"a"}' },
          { type: 'function_call_output', call_id: 'c1', output: 'done' },
        ];
        const next = transformChecked({ ...body, input }, plan(HOSTED));
        expect(JSON.stringify(next.body.tools)).toBe(JSON.stringify(first.tools));
        expect(next.body.instructions).toBe(first.instructions);
        expect(next.body.input).toEqual(input);
        // The tool the search output loaded, for the next search.
        expect(next.loaded).toEqual(['tool_3']);
        expect(transformChecked(body, plan(HOSTED)).loaded).toEqual([]);
      });

      it('sends deferred tools with defer_loading in the full listing, for OpenAI to show by name and description', () => {
        const full = resolveToolSearch(HOSTED, parseOpenAIResponsesTools(body), { neverDefer: ['read_file'], listing: 'full' });
        const sent = transformChecked(body, full).body;
        expect(describeTools(sent.tools)).toEqual([
          'read_file',
          'ns:crm[get_customer+defer]',
          ...responsesFunctions(20).map((tool) => `${tool.name}+defer`),
          'tool_search',
        ]);
        expect(sent.instructions).toContain('Tools shown with full parameter schemas do not need to be searched for.');
        expect(sent.instructions).not.toContain('not in your tool list');
      });

      it('keeps a client-executed tool_search the body already has', () => {
        const own = {
          type: 'tool_search',
          execution: 'client',
          description: 'Find project tools',
          parameters: { type: 'object', properties: { goal: { type: 'string' } } },
        };
        const sent = transformChecked(responsesBody([...functions, own]), plan(HOSTED)).body;
        expect(sent.tools?.at(-1)).toEqual(own);
      });

      it('reads its own output again as the same request', () => {
        const first = transformChecked(body, plan(HOSTED)).body;
        expect(transformChecked(first, plan(HOSTED)).body).toEqual(first);
      });
    });

    describe('on a model without tool search (the client-side mechanism)', () => {
      it('sends loaded tools, tool_search and call_tool as functions, and the same ones after a search', () => {
        const first = transformChecked(body, plan(CLIENT)).body;
        expect(describeTools(first.tools)).toEqual(['read_file', 'tool_search', 'call_tool']);
        const input = [
          { role: 'user', content: 'hi' },
          { type: 'function_call', call_id: 'c1', name: 'tool_search', arguments: '{"query":"tool 3"}' },
          {
            type: 'function_call_output',
            call_id: 'c1',
            output: formatToolSearchResult({ status: 'found', tools: [{ name: 'tool_3', inputSchema: { type: 'object' } }] }),
          },
        ];
        const next = transformChecked({ ...body, input }, plan(CLIENT), { revealed: ['tool_3'] }).body;
        expect(JSON.stringify(next.tools)).toBe(JSON.stringify(first.tools));
        expect(next.instructions).toBe(first.instructions);
        expect(transformChecked({ ...body, input }, plan(CLIENT)).loaded).toEqual(['tool_3']);
      });

      it('reads its own output again as the same request', () => {
        const first = transformChecked(body, plan(CLIENT)).body;
        expect(transformChecked(first, plan(CLIENT)).body).toEqual(first);
      });
    });
  });

  describe('with hosted tool search (openai-hosted)', () => {
    it.each(seed.cases)('orders the seed conformance fixture at threshold $threshold as planned', ({ threshold, expected }) => {
      const body = responsesBody(seedTools.map(toResponsesFunction));
      const plan = resolveToolSearch(HOSTED, seedTools, withSeedBehaviour({ threshold }));
      expect(describeTools(transformChecked(body, plan).body.tools)).toEqual(expected);
    });

    it('sends an empty tool list as an empty tool list', () => {
      const body = responsesBody([]);
      const result = transformChecked(body, planFor(body, HOSTED, { threshold: 0 }));
      expect(result.body.tools).toEqual([]);
    });

    it.each([
      {
        case: 'loaded tools first, then namespaces sorted by category, then uncategorized deferred tools, then tool_search',
        tools: [
          responsesFunction('keep', { description: 'always on' }),
          responsesNamespace('zeta', [responsesFunction('z1')]),
          responsesFunction('loose_1'),
          responsesNamespace('alpha', [responsesFunction('a1'), responsesFunction('a2')]),
          responsesFunction('loose_2'),
        ],
        config: { threshold: 0, neverDefer: ['keep'] },
        expected: ['keep', 'ns:alpha[a1+defer,a2+defer]', 'ns:zeta[z1+defer]', 'loose_1+defer', 'loose_2+defer', 'tool_search'],
      },
      {
        case: 'a loaded tool with a category stays in its namespace, without defer_loading',
        tools: [responsesNamespace('files', [responsesFunction('read_file'), responsesFunction('write_file')])],
        config: { threshold: 0, neverDefer: ['read_file'] },
        expected: ['ns:files[read_file,write_file+defer]', 'tool_search'],
      },
      {
        case: 'other tools stay in place among the loaded ones',
        tools: [{ type: 'web_search' }, responsesFunction('keep'), { type: 'file_search', vector_store_ids: ['vs_1'] }, responsesFunction('defer_me')],
        config: { threshold: 0, neverDefer: ['keep'] },
        expected: ['web_search', 'keep', 'file_search', 'defer_me+defer', 'tool_search'],
      },
      {
        case: 'nothing deferred: no defer_loading and no tool_search, same places',
        tools: [responsesFunction('keep'), responsesNamespace('files', [responsesFunction('read_file')])],
        config: { threshold: 99 },
        expected: ['keep', 'ns:files[read_file]'],
      },
    ])('orders $case', ({ tools, config, expected }) => {
      const body = responsesBody(tools);
      expect(describeTools(transformChecked(body, planFor(body, HOSTED, config)).body.tools)).toEqual(expected);
    });

    it.each([
      { threshold: 5, deferred: true },
      { threshold: 6, deferred: false },
    ])('with 5 tools and threshold $threshold defers: $deferred (the plan decides)', ({ threshold, deferred }) => {
      const body = responsesBody([responsesNamespace('group', responsesFunctions(3)), ...responsesFunctions(2, 'loose')]);
      const plan = planFor(body, HOSTED, { threshold });
      const { body: sent } = transformChecked(body, plan);
      const suffix = deferred ? '+defer' : '';
      expect(describeTools(sent.tools)).toEqual([
        ...(deferred ? [] : [`loose_0`, `loose_1`]),
        `ns:group[tool_0${suffix},tool_1${suffix},tool_2${suffix}]`,
        ...(deferred ? ['loose_0+defer', 'loose_1+defer', 'tool_search'] : []),
      ]);
    });

    it('keeps full schemas and every other field of a deferred function', () => {
      const tool = responsesFunction('lookup', { output_schema: { type: 'object' }, allowed_callers: ['direct'] });
      const body = responsesBody([tool]);
      const sent = transformChecked(body, planFor(body, HOSTED, { threshold: 0 })).body.tools?.[0];
      expect(sent).toEqual({ ...tool, defer_loading: true });
    });

    it('removes defer_loading from a function the plan keeps loaded', () => {
      const body = responsesBody([responsesFunction('keep', { defer_loading: false }), responsesFunction('other')]);
      const sent = transformChecked(body, planFor(body, HOSTED, { threshold: 0, neverDefer: ['keep'] })).body.tools?.[0];
      expect(sent).not.toHaveProperty('defer_loading');
    });

    describe('namespaces', () => {
      it.each([
        { label: 'File Operations', wire: 'File_Operations' },
        { label: 'crm', wire: 'crm' },
        { label: 'tool_search', wire: 'tool_search_namespace' },
        { label: 'terminal', wire: 'terminal_namespace' },
        { label: 'Terminal', wire: 'Terminal_namespace' },
        { label: 'functions', wire: 'functions_namespace' },
      ])('names the category $label as $wire', ({ label, wire }) => {
        const tools: ToolDefinition[] = [
          { name: 'member', inputSchema: { type: 'object' }, category: label },
          { name: 'other', inputSchema: { type: 'object' } },
        ];
        const body = responsesBody(tools.map(toResponsesFunction));
        const { body: sent } = transformChecked(body, resolveToolSearch(HOSTED, tools, withSeedBehaviour({ threshold: 0 })));
        expect(sent.tools?.find((tool) => tool.type === 'namespace')).toMatchObject({ name: wire, description: `Tools for ${label}` });
      });

      it('never names a namespace like a top-level function', () => {
        const tools: ToolDefinition[] = [
          { name: 'crm', inputSchema: { type: 'object' } },
          { name: 'crm_lookup', inputSchema: { type: 'object' }, category: 'crm' },
        ];
        const body = responsesBody(tools.map(toResponsesFunction));
        const { body: sent } = transformChecked(body, resolveToolSearch(HOSTED, tools, withSeedBehaviour({ threshold: 0 })));
        expect(describeTools(sent.tools)).toEqual(['ns:crm_namespace[crm_lookup+defer]', 'crm+defer', 'tool_search']);
      });

      it('gives colliding categories distinct names that do not depend on order', () => {
        const tools: ToolDefinition[] = [
          { name: 'one', inputSchema: { type: 'object' }, category: 'a b' },
          { name: 'two', inputSchema: { type: 'object' }, category: 'a.b' },
        ];
        const names = (list: ToolDefinition[]) => {
          const body = responsesBody(list.map(toResponsesFunction));
          const sent = transformChecked(body, resolveToolSearch(HOSTED, list, withSeedBehaviour({ threshold: 0 }))).body.tools ?? [];
          return Object.fromEntries(
            sent
              .filter((tool) => tool.type === 'namespace')
              .map((tool) => [(tool as { tools: { name: string }[] }).tools[0]?.name, (tool as { name: string }).name]),
          );
        };
        const forward = names(tools);
        expect(forward.one).not.toEqual(forward.two);
        expect(forward.one).toMatch(/^a_b_[0-9a-z]+$/);
        expect(names([...tools].reverse())).toEqual(forward);
      });

      it("keeps the body namespace's description, also under the name it was sent as", () => {
        const body = responsesBody([responsesNamespace('File Operations', [responsesFunction('read_file')], 'Read and write files.')]);
        const plan = planFor(body, HOSTED, { threshold: 0 });
        const first = transformChecked(body, plan);
        expect(first.body.tools?.[0]).toMatchObject({ name: 'File_Operations', description: 'Read and write files.' });
        expect(transformChecked(first.body, plan).body.tools?.[0]).toMatchObject({ name: 'File_Operations', description: 'Read and write files.' });
        expect(codes(first.warnings)).toEqual(['namespace-renamed']);
      });

      it('merges a category with the body namespace of the same name', () => {
        const tools: ToolDefinition[] = [{ name: 'outside', inputSchema: { type: 'object' }, category: 'crm' }];
        const body = responsesBody([responsesNamespace('crm', [responsesFunction('inside')]), toResponsesFunction(tools[0] as ToolDefinition)]);
        const plan = resolveToolSearch(
          HOSTED,
          [...parseOpenAIResponsesTools(body).slice(0, 1), { ...(tools[0] as ToolDefinition) }],
          withSeedBehaviour({ threshold: 0 }),
        );
        expect(describeTools(transformChecked(body, plan).body.tools)).toEqual(['ns:crm[inside+defer,outside+defer]', 'tool_search']);
      });

      it('merges two body namespaces of the same name', () => {
        const body = responsesBody([
          responsesNamespace('crm', [responsesFunction('one')], 'First.'),
          responsesNamespace('crm', [responsesFunction('two')], 'Second.'),
        ]);
        const { body: sent } = transformChecked(body, planFor(body, HOSTED, { threshold: 0 }));
        expect(describeTools(sent.tools)).toEqual(['ns:crm[one+defer,two+defer]', 'tool_search']);
        expect(sent.tools?.[0]).toMatchObject({ description: 'First.' });
      });

      it('moves a tool other than function and custom tools out of a namespace, with a warning', () => {
        const body = responsesBody([{ type: 'namespace', name: 'mixed', description: 'Mixed', tools: [responsesFunction('inside'), { type: 'web_search' }] }]);
        const result = transformChecked(body, planFor(body, HOSTED, { threshold: 0 }));
        expect(describeTools(result.body.tools)).toEqual(['web_search', 'ns:mixed[inside+defer]', 'tool_search']);
        expect(codes(result.warnings)).toEqual(['namespace-member-moved']);
      });

      it('keeps custom tools in their namespace as they are', () => {
        const custom = { type: 'custom', name: 'apply_patch', description: 'Apply a patch', defer_loading: true };
        const body = responsesBody([{ type: 'namespace', name: 'code', description: 'Code tools', tools: [custom, responsesFunction('format')] }]);
        const result = transformChecked(body, planFor(body, HOSTED, { threshold: 99 }));
        expect(result.body.tools).toEqual([
          { type: 'namespace', name: 'code', description: 'Code tools', tools: [custom, responsesFunction('format')] },
          { type: 'tool_search' },
        ]);
      });

      it('maps a namespace name longer than 64 characters (a call’s namespace is at most 64)', () => {
        const long = 'n'.repeat(80);
        const body = responsesBody([responsesNamespace(long, [responsesFunction('inside')]), responsesFunction('other')]);
        const result = transformChecked(body, planFor(body, HOSTED, { threshold: 0 }));
        const namespace = result.body.tools?.find((tool) => tool.type === 'namespace') as { name: string };
        expect(namespace.name.length).toBeLessThanOrEqual(64);
        expect(codes(result.warnings)).toEqual(['namespace-renamed']);
      });

      it('keeps a custom tool with the functions of its namespace on a second pass (an invalid name like café)', () => {
        const body = responsesBody([
          { type: 'namespace', name: 'café', description: 'Café tools', tools: [responsesFunction('order'), { type: 'custom', name: 'brew' }] },
          ...responsesFunctions(2),
        ]);
        const plan = planFor(body, HOSTED, { threshold: 0 });
        const once = transformChecked(body, plan);
        expect(describeTools(once.body.tools)).toEqual(['ns:caf_[order+defer,brew]', 'tool_0+defer', 'tool_1+defer', 'tool_search']);
        expect(JSON.stringify(transformChecked(once.body, plan).body)).toBe(JSON.stringify(once.body));
      });

      it('names a namespace after a left-out deferred function of its name the same way on a second pass (the library’s search)', () => {
        // `crm` is also a deferred top-level function, which the library's search leaves out and later loads at the
        // top level (called in a namespace of its own name): the namespace gives way on both passes.
        const body = responsesBody([
          responsesNamespace('crm', [responsesFunction('list_contacts')], 'CRM tools'),
          responsesFunction('crm', { defer_loading: true }),
          ...responsesFunctions(2),
        ]);
        const plan = planFor(body, HOSTED, { threshold: 0, search: 'library', listing: 'names', neverDefer: ['list_contacts'] });
        const once = transformChecked(body, plan);
        expect(describeTools(once.body.tools)).toEqual(['ns:crm_namespace[list_contacts]', 'tool_search']);
        expect(once.body.tools?.[0]).toMatchObject({ description: 'CRM tools' });
        expect(JSON.stringify(transformChecked(once.body, plan).body)).toBe(JSON.stringify(once.body));
      });

      it('repairs a replayed call’s invalid namespace (a b) to a name no label sent under another name has, the same on a second pass', () => {
        // With tool search the body namespace `a_b` gives way to the top-level function `a_b` (`a_b_namespace`): had
        // `a b` become `a_b`, a second pass would read that as the label and send `a_b_namespace`.
        for (const [model, called] of [
          [HOSTED, 'f'],
          [HOSTED, 'g'],
          [CLIENT, 'f'],
          [CLIENT, 'g'],
        ] as const) {
          const input = [
            { type: 'function_call', call_id: 'call_1', name: called, namespace: 'a b', arguments: '{}' },
            { type: 'function_call_output', call_id: 'call_1', output: 'done' },
          ];
          const body = responsesBody([responsesNamespace('a_b', [responsesFunction('f')]), responsesFunction('a_b'), ...responsesFunctions(2)], { input });
          const plan = planFor(body, model, { threshold: 0, neverDefer: ['a_b'] });
          const once = transformChecked(body, plan);
          expect(JSON.stringify(transformChecked(once.body, plan).body)).toBe(JSON.stringify(once.body));
          if (model === HOSTED) expect((once.body.input as { namespace?: string }[])[0]?.namespace).not.toBe('a_b');
        }
      });

      it('keeps a call’s own-name namespace on a second pass when a label has the sent name (café → caf_, label caf_)', () => {
        const input = [
          { type: 'function_call', call_id: 'call_1', name: 'café', namespace: 'café', arguments: '{}' },
          { type: 'function_call_output', call_id: 'call_1', output: 'done' },
        ];
        for (const model of [HOSTED, CLIENT]) {
          const body = responsesBody([responsesNamespace('caf_', [responsesFunction('f')]), responsesFunction('café'), ...responsesFunctions(2)], { input });
          const plan = planFor(body, model, { threshold: 0, neverDefer: ['café'] });
          const once = transformChecked(body, plan);
          expect(once.body.input).toMatchObject([{ name: 'caf_', namespace: 'caf_' }, {}]);
          expect(JSON.stringify(transformChecked(once.body, plan).body)).toBe(JSON.stringify(once.body));
        }
      });

      it('warns when a namespace holds more tools than OpenAI recommends', () => {
        const body = responsesBody([responsesNamespace('big', responsesFunctions(11))]);
        const result = transformChecked(body, planFor(body, HOSTED, { threshold: 0 }));
        expect(codes(result.warnings)).toEqual(['namespace-over-recommended-size']);
        expect(result.warnings[0]?.message).toContain('`big` holds 11 tools');
      });
    });

    describe('uncategorized tools', () => {
      const names = [
        'github__create_issue',
        'github__list_issues',
        'mcp__linear__create_ticket',
        'mcp__linear__list_tickets',
        'slack.post',
        'lonely.tool',
        'plain',
      ];
      const body = responsesBody(names.map((name) => responsesFunction(name)));

      it('stay top-level deferred functions by default', () => {
        const { body: sent } = transformChecked(body, planFor(body, HOSTED, { threshold: 0 }));
        expect(describeTools(sent.tools)).toEqual([
          'github__create_issue+defer',
          'github__list_issues+defer',
          'mcp__linear__create_ticket+defer',
          'mcp__linear__list_tickets+defer',
          'slack_post+defer',
          'lonely_tool+defer',
          'plain+defer',
          'tool_search',
        ]);
      });

      it('are grouped by shared name prefix with uncategorized: name-prefix', () => {
        const { body: sent } = transformChecked(body, planFor(body, HOSTED, { threshold: 0 }), { uncategorized: 'name-prefix' });
        expect(describeTools(sent.tools)).toEqual([
          'ns:github[github__create_issue+defer,github__list_issues+defer]',
          'ns:linear[mcp__linear__create_ticket+defer,mcp__linear__list_tickets+defer]',
          'slack_post+defer',
          'lonely_tool+defer',
          'plain+defer',
          'tool_search',
        ]);
        expect(sent.tools?.[0]).toMatchObject({ description: 'Tools for github' });
      });

      it('groups a prefix shared through dots after mapping the names', () => {
        const dotted = responsesBody(['ChaDri.change_drink', 'ChaDri.order_drink', 'ChaFod'].map((name) => responsesFunction(name)));
        const { body: sent } = transformChecked(dotted, planFor(dotted, HOSTED, { threshold: 0 }), { uncategorized: 'name-prefix' });
        expect(describeTools(sent.tools)).toEqual(['ns:ChaDri[ChaDri_change_drink+defer,ChaDri_order_drink+defer]', 'ChaFod+defer', 'tool_search']);
      });
    });

    describe('the tool search tool', () => {
      it("reuses the body's own tool search tool, moved last", () => {
        const search = { type: 'tool_search', execution: 'client', description: 'Find project tools', parameters: { type: 'object' } };
        const body = responsesBody([search, responsesFunction('lookup')]);
        const { body: sent, warnings } = transformChecked(body, planFor(body, HOSTED, { threshold: 0 }));
        expect(sent.tools).toEqual([{ ...responsesFunction('lookup'), defer_loading: true }, search]);
        expect(warnings).toEqual([]);
      });

      it("keeps the body's client-executed tool search tool when nothing is deferred", () => {
        const search = { type: 'tool_search', execution: 'client', description: 'Find project tools' };
        const body = responsesBody([search, responsesFunction('lookup')]);
        const result = transformChecked(body, planFor(body, HOSTED, { threshold: 99 }));
        expect(result.body.tools).toEqual([responsesFunction('lookup'), search]);
        expect(result.warnings).toEqual([]);
      });

      it("removes the body's tool search tool when nothing is deferred, with a warning", () => {
        const body = responsesBody([{ type: 'tool_search' }, responsesFunction('lookup')]);
        const result = transformChecked(body, planFor(body, HOSTED, { threshold: 99 }));
        expect(describeTools(result.body.tools)).toEqual(['lookup']);
        expect(codes(result.warnings)).toEqual(['tool-search-tool-removed']);
        expect(result.warnings[0]?.message).toContain('rejects `tool_search` without a deferred tool');
      });

      it('is added when only a tool the plan does not manage is deferred', () => {
        const mcp = { type: 'mcp', server_label: 'docs', server_url: 'https://example.com/mcp', defer_loading: true };
        const body = responsesBody([mcp, responsesFunction('lookup')]);
        const { body: sent } = transformChecked(body, planFor(body, HOSTED, { threshold: 99 }));
        expect(sent.tools).toEqual([mcp, responsesFunction('lookup'), { type: 'tool_search' }]);
      });

      it('warns when a function named tool_search sits next to it', () => {
        const body = responsesBody([responsesFunction('tool_search'), responsesFunction('lookup')]);
        const result = transformChecked(body, planFor(body, HOSTED, { threshold: 0 }));
        expect(describeTools(result.body.tools)).toEqual(['tool_search', 'lookup+defer', 'tool_search']);
        expect(codes(result.warnings)).toEqual(['search-tool-name-conflict']);
      });
    });

    it('keeps a deferred top-level function named like a reserved namespace loaded, with a warning', () => {
      const body = responsesBody([responsesFunction('terminal'), responsesFunction('lookup')]);
      const result = transformChecked(body, planFor(body, HOSTED, { threshold: 0 }));
      expect(describeTools(result.body.tools)).toEqual(['terminal', 'lookup+defer', 'tool_search']);
      expect(codes(result.warnings)).toEqual(['reserved-name-kept-loaded']);
    });

    it('defers a function named like a reserved namespace inside a namespace', () => {
      const body = responsesBody([responsesNamespace('shell', [responsesFunction('terminal')])]);
      const result = transformChecked(body, planFor(body, HOSTED, { threshold: 0 }));
      expect(describeTools(result.body.tools)).toEqual(['ns:shell[terminal+defer]', 'tool_search']);
      expect(result.warnings).toEqual([]);
    });

    it('sends a function tool_choice forces out of its namespace, loaded (tool_choice has no namespace)', () => {
      const body = responsesBody([responsesNamespace('crm', [responsesFunction('lookup'), responsesFunction('update')]), ...responsesFunctions(3)], {
        tool_choice: { type: 'function', name: 'lookup' },
      });
      const result = transformChecked(body, planFor(body, HOSTED, { threshold: 0 }));
      expect(describeTools(result.body.tools)).toEqual(['lookup', 'ns:crm[update+defer]', 'tool_0+defer', 'tool_1+defer', 'tool_2+defer', 'tool_search']);
      expect(codes(result.warnings)).toEqual(['forced-tool-kept-loaded']);
    });

    it.each(['auto', 'required'] as const)('loads the deferred functions allowed_tools (mode %s) names, at the top level', (mode) => {
      const body = responsesBody([responsesNamespace('crm', [responsesFunction('lookup')]), ...responsesFunctions(3)], {
        tool_choice: {
          type: 'allowed_tools',
          mode,
          tools: [
            { type: 'function', name: 'lookup' },
            { type: 'function', name: 'tool_1' },
          ],
        },
      });
      const result = transformChecked(body, planFor(body, HOSTED, { threshold: 0 }));
      expect(describeTools(result.body.tools)).toEqual(['lookup', 'tool_1', 'tool_0+defer', 'tool_2+defer', 'tool_search']);
      expect(codes(result.warnings)).toEqual(['forced-tool-kept-loaded']);
    });

    it('maps a deferred top-level function name longer than 64 characters (its calls carry it as their namespace)', () => {
      const long = 'x'.repeat(100);
      const body = responsesBody([responsesFunction(long), responsesFunction('other')]);
      const { body: sent, names } = transformChecked(body, planFor(body, HOSTED, { threshold: 0 }));
      const wire = names.toWire(long);
      expect(wire.length).toBeLessThanOrEqual(64);
      expect(describeTools(sent.tools)).toEqual([`${wire}+defer`, 'other+defer', 'tool_search']);
      expect(names.fromWire(wire)).toBe(long);
    });

    it('keeps a tool forced by tool_choice loaded, with a warning', () => {
      const body = responsesBody([responsesFunction('forced.tool'), responsesFunction('other')], { tool_choice: { type: 'function', name: 'forced.tool' } });
      const result = transformChecked(body, planFor(body, HOSTED, { threshold: 0 }));
      expect(describeTools(result.body.tools)).toEqual(['forced_tool', 'other+defer', 'tool_search']);
      expect(result.body.tool_choice).toEqual({ type: 'function', name: 'forced_tool' });
      expect(codes(result.warnings)).toEqual(['forced-tool-kept-loaded']);
    });
  });

  describe('names', () => {
    it('maps names the API rejects and maps them back', () => {
      const body = responsesBody([
        responsesFunction('ChaDri.change_drink'),
        responsesNamespace('orders', [responsesFunction('orders/list')]),
        responsesFunction('valid_name'),
      ]);
      const { body: sent, names } = transformChecked(body, planFor(body, HOSTED, { threshold: 0 }));
      expect(describeTools(sent.tools)).toEqual(['ns:orders[orders_list+defer]', 'ChaDri_change_drink+defer', 'valid_name+defer', 'tool_search']);
      expect(names.fromWire('ChaDri_change_drink')).toBe('ChaDri.change_drink');
      expect(names.fromWire('orders_list')).toBe('orders/list');
      expect(names.renamed).toEqual([
        ['ChaDri.change_drink', 'ChaDri_change_drink'],
        ['orders/list', 'orders_list'],
      ]);
    });

    it('maps names longer than 128 characters to distinct names', () => {
      const long = (suffix: string) => `${'x'.repeat(130)}${suffix}`;
      const body = responsesBody([responsesFunction(long('a')), responsesFunction(long('b'))]);
      const { body: sent, names } = transformChecked(body, planFor(body, HOSTED, { threshold: 0 }));
      const sentNames = (sent.tools ?? []).filter((tool) => tool.type === 'function').map((tool) => (tool as { name: string }).name);
      expect(new Set(sentNames).size).toBe(2);
      for (const name of sentNames) expect(name.length).toBeLessThanOrEqual(128);
      expect(sentNames.map((name) => names.fromWire(name))).toEqual([long('a'), long('b')]);
    });

    it('maps names in tool_choice allowed_tools', () => {
      const body = responsesBody([responsesFunction('a.b')], {
        tool_choice: {
          type: 'allowed_tools',
          mode: 'auto',
          tools: [
            { type: 'function', name: 'a.b' },
            { type: 'mcp', server_label: 'x' },
          ],
        },
      });
      const { body: sent } = transformChecked(body, planFor(body, HOSTED, { threshold: 99 }));
      expect(sent.tool_choice).toEqual({
        type: 'allowed_tools',
        mode: 'auto',
        tools: [
          { type: 'function', name: 'a_b' },
          { type: 'mcp', server_label: 'x' },
        ],
      });
    });

    it('keeps custom tool names as they are (the function-name pattern does not apply to them) and maps no function onto one', () => {
      const body = responsesBody([{ type: 'custom', name: 'apply.patch' }, { type: 'custom', name: 'a_b' }, responsesFunction('a.b')]);
      const { body: sent, names } = transformChecked(body, planFor(body, HOSTED, { threshold: 99 }));
      expect(sent.tools?.slice(0, 2)).toEqual([
        { type: 'custom', name: 'apply.patch' },
        { type: 'custom', name: 'a_b' },
      ]);
      expect(names.toWire('a.b')).toMatch(/^a_b_[0-9a-z]+$/);
      expect(names.fromWire('apply.patch')).toBe('apply.patch');
    });
  });

  describe('with the client mechanism (gpt-5.2 on Responses)', () => {
    const tools = [responsesFunction('read_file'), responsesFunction('search_issues'), responsesFunction('create_issue')];

    it('sends loaded tools, then tool_search, then stubs with strict off, and appends the guidance once', () => {
      const body = responsesBody(tools, { instructions: 'You are helpful.' });
      const plan = planFor(body, CLIENT, { threshold: 0, neverDefer: ['read_file'] });
      expect(plan.mechanism).toBe('client');
      const { body: sent, warnings } = transformChecked(body, plan);
      expect(sent.tools).toEqual([
        tools[0],
        {
          type: 'function',
          name: 'tool_search',
          description: TOOL_SEARCH_TOOL_DEFINITION.description,
          parameters: TOOL_SEARCH_TOOL_DEFINITION.inputSchema,
          strict: false,
        },
        { type: 'function', name: 'search_issues', description: 'does search_issues', parameters: STUB_INPUT_SCHEMA, strict: false },
        { type: 'function', name: 'create_issue', description: 'does create_issue', parameters: STUB_INPUT_SCHEMA, strict: false },
      ]);
      expect(sent.instructions).toBe(`You are helpful.\n\n${SEED_NOTE}`);
      expect(warnings).toEqual([]);
      expect(transformChecked(sent, plan).body.instructions).toBe(sent.instructions);
    });

    it('sets the guidance as the instructions when there are none', () => {
      const body = responsesBody(tools);
      expect(transformChecked(body, planFor(body, CLIENT, { threshold: 0 })).body.instructions).toBe(SEED_NOTE);
    });

    it('sends revealed tools in full, from the store and from the history', () => {
      const found = formatToolSearchResult(
        earlierResult({
          status: 'found',
          query: 'create issue',
          tools: [{ name: 'create_issue', inputSchema: { type: 'object' } }],
          loaded: ['create_issue'],
          message: 'Loaded.',
        }),
      );
      const body = responsesBody(tools, {
        input: [
          { type: 'function_call', call_id: 'call_1', name: 'tool_search', arguments: '{"query":"create issue"}' },
          { type: 'function_call_output', call_id: 'call_1', output: found },
        ],
      });
      const plan = planFor(body, CLIENT, { threshold: 0, neverDefer: ['read_file'] });
      const { body: sent } = transformChecked(body, plan, { revealed: ['search_issues'] });
      expect(sent.tools?.[0]).toEqual(tools[0]);
      expect(sent.tools?.slice(2)).toEqual([tools[1], tools[2]]);
    });

    it('lists deferred tools only by name in the names listing', () => {
      const body = responsesBody(tools);
      const plan = planFor(body, CLIENT, { threshold: 0, neverDefer: ['read_file'], listing: 'names' });
      const { body: sent } = transformChecked(body, plan, { revealed: ['create_issue'] });
      expect(describeTools(sent.tools)).toEqual(['read_file', 'tool_search', 'create_issue']);
      expect(sent.tools?.[2]).toEqual(tools[2]);
      expect(sent.instructions).toContain('search_issues');
    });

    it('lists the deferred tools by their wire names in the names listing note', () => {
      const body = responsesBody([responsesFunction('read_file'), responsesFunction('Cafe.change_drink'), responsesFunction('math.gcd')]);
      const { body: sent } = transformChecked(body, planFor(body, CLIENT, { threshold: 0, neverDefer: ['read_file'], listing: 'names' }));
      expect(sent.instructions).toContain(': Cafe_change_drink, math_gcd.');
    });

    it.each([
      { case: 'replaces a stale note', plan: { threshold: 0, neverDefer: ['read_file'], listing: 'names' as const }, expected: 'Be brief.\n\nNOTE' },
      { case: 'removes the note when nothing is deferred', plan: { threshold: 99 }, expected: 'Be brief.' },
    ])('$case an earlier transform left in the instructions', ({ plan, expected }) => {
      const stale = `Be brief.\n\n${TOOL_SEARCH_GUIDANCE} These tools are available but not in your tool list: gone.`;
      const body = responsesBody(tools, { instructions: stale });
      const resolved = planFor(body, CLIENT, plan);
      const { body: sent } = transformChecked(body, resolved);
      const note = `${TOOL_SEARCH_GUIDANCE} These tools are available but not in your tool list: search_issues, create_issue. A tool it returns is in your tool list from your next step on.`;
      expect(sent.instructions).toBe(expected.replace('NOTE', note));
    });

    it('flattens namespaces and strips deferral the API cannot honour, with warnings', () => {
      const mcp = { type: 'mcp', server_label: 'docs', server_url: 'https://example.com/mcp', defer_loading: true };
      const body = responsesBody([mcp, responsesNamespace('files', [responsesFunction('read_file')]), { type: 'tool_search' }, responsesFunction('other')]);
      const result = transformChecked(body, planFor(body, CLIENT, { threshold: 0, neverDefer: ['read_file'] }));
      expect(describeTools(result.body.tools)).toEqual(['mcp', 'read_file', 'tool_search', 'other']);
      expect(result.body.tools?.[0]).toEqual({ type: 'mcp', server_label: 'docs', server_url: 'https://example.com/mcp' });
      expect(codes(result.warnings).sort()).toEqual(['deferral-removed', 'namespaces-flattened', 'tool-search-tool-removed']);
    });

    it('reveals a deferred tool forced by tool_choice', () => {
      const body = responsesBody(tools, { tool_choice: { type: 'function', name: 'create_issue' } });
      const result = transformChecked(body, planFor(body, CLIENT, { threshold: 0 }));
      expect(result.body.tools?.at(-1)).toEqual(tools[2]);
      expect(codes(result.warnings)).toEqual(['forced-tool-kept-loaded']);
    });

    it("keeps the caller's own tool_search function and sends the package's as tool_search_2", () => {
      const own = responsesFunction('tool_search', { description: 'my search' });
      const body = responsesBody([own, ...tools]);
      const plan = planFor(body, CLIENT, { threshold: 0 });
      expect(codes(plan.warnings)).toEqual(['own-tool-renamed']);
      const { body: sent } = transformChecked(body, plan);
      expect(sent.tools?.filter((tool) => (tool as { name?: string }).name === 'tool_search')).toEqual([own]);
      expect(sent.tools?.[1]).toMatchObject({ name: 'tool_search_2', description: TOOL_SEARCH_TOOL_DEFINITION.description });
    });

    it('gives namespaced custom tools that flattening would make clash a qualified name', () => {
      const body = responsesBody([
        { type: 'namespace', name: 'a', description: 'A', tools: [{ type: 'custom', name: 'run' }, responsesFunction('fa')] },
        {
          type: 'namespace',
          name: 'b',
          description: 'B',
          tools: [
            { type: 'custom', name: 'run' },
            { type: 'custom', name: 'read_file' },
          ],
        },
        ...tools,
      ]);
      const result = transformChecked(body, planFor(body, CLIENT, { threshold: 0 }));
      const sent = describeTools(result.body.tools);
      expect(sent.filter((name) => !name.startsWith('tool_search'))).toEqual([
        'run',
        'b.run',
        'b.read_file',
        'fa',
        'read_file',
        'search_issues',
        'create_issue',
      ]);
      expect(codes(result.warnings)).toEqual(['namespaces-flattened']);
      expect(result.warnings[0]?.message).toContain('`b.run`');
    });

    it('qualifies a namespaced custom tool named like a deferred function the names listing leaves out, and is stable on its output', () => {
      const body = responsesBody([
        { type: 'namespace', name: 'crm', description: 'CRM', tools: [responsesFunction('terminal', { defer_loading: true })] },
        { type: 'namespace', name: 'files', description: 'Files', tools: [{ type: 'custom', name: 'terminal' }] },
        ...tools,
      ]);
      const plan = planFor(body, CLIENT, { threshold: 0, listing: 'names', reveal: 'conversation' });
      const once = transformChecked(body, plan);
      // The function stays `terminal` (named in the note, called through call_tool); the custom tool gives way.
      expect(describeTools(once.body.tools)).toEqual(['files.terminal', 'tool_search', 'call_tool']);
      expect(once.names.toWire('terminal')).toBe('terminal');
      expect(once.body.instructions).toContain('terminal,');
      expect(JSON.stringify(transformChecked(once.body, plan).body)).toBe(JSON.stringify(once.body));
    });

    it('keeps a caller’s top-level custom tool named tool_search; the package’s goes by tool_search_2, stable on its output', () => {
      const mine = { type: 'custom', name: 'tool_search', description: 'my own search' };
      const body = responsesBody([mine, ...tools]);
      const plan = planFor(body, CLIENT, { threshold: 0 });
      const once = transformChecked(body, plan);
      expect(once.body.tools?.[0]).toBe(mine);
      expect(describeTools(once.body.tools)).toEqual(['tool_search', 'tool_search_2', 'read_file', 'search_issues', 'create_issue']);
      expect(once.body.tools?.[1]).toMatchObject({ type: 'function', name: 'tool_search_2' });
      expect(once.warnings).toEqual([]);
      expect(once.body.instructions).toContain('`tool_search_2`');
      // The plan as the body applies it names the custom tool, so the session and the call check route by it too.
      expect(once.plan?.unmanagedToolNames).toEqual(['tool_search']);
      expect(resolveOwnToolsSent(once.plan as ToolSearchPlan).searchName).toBe('tool_search_2');
      const twice = transformChecked(once.body, plan);
      expect(JSON.stringify(twice.body)).toBe(JSON.stringify(once.body));
      expect(twice.plan).toEqual(once.plan);
    });

    it('keeps a caller’s custom tool_search_2 beside its function tool_search; the package’s goes by tool_search_3', () => {
      const body = responsesBody([responsesFunction('tool_search', { description: 'mine' }), { type: 'custom', name: 'tool_search_2' }, ...tools]);
      const plan = planFor(body, CLIENT, { threshold: 0 });
      const once = transformChecked(body, plan);
      expect(describeTools(once.body.tools)).toEqual(['tool_search', 'tool_search_2', 'tool_search_3', 'read_file', 'search_issues', 'create_issue']);
      expect(once.body.tools?.[1]).toEqual({ type: 'custom', name: 'tool_search_2' });
      expect(JSON.stringify(transformChecked(once.body, plan).body)).toBe(JSON.stringify(once.body));
    });

    it('keeps a caller’s top-level custom tool named call_tool in the names listing; the package’s goes by call_tool_2', () => {
      const body = responsesBody([{ type: 'custom', name: 'call_tool' }, ...tools]);
      const plan = planFor(body, CLIENT, { threshold: 0, listing: 'names', reveal: 'conversation' });
      const once = transformChecked(body, plan);
      expect(describeTools(once.body.tools)).toEqual(['call_tool', 'tool_search', 'call_tool_2']);
      expect(once.body.instructions).toContain('`call_tool_2`');
      expect(JSON.stringify(transformChecked(once.body, plan).body)).toBe(JSON.stringify(once.body));
    });

    it.each(['auto', 'required'] as const)('reveals the deferred functions allowed_tools (mode %s) names', (mode) => {
      const body = responsesBody(tools, { tool_choice: { type: 'allowed_tools', mode, tools: [{ type: 'function', name: 'create_issue' }] } });
      const result = transformChecked(body, planFor(body, CLIENT, { threshold: 0 }));
      expect(result.body.tools?.at(-1)).toEqual(tools[2]);
      expect(codes(result.warnings)).toEqual(['forced-tool-kept-loaded']);
    });

    it('gives the same body on its own output with a caller function tool_search and a custom a/b beside a function a.b', () => {
      const body = responsesBody([
        responsesFunction('tool_search', { description: 'mine' }),
        { type: 'custom', name: 'a/b' },
        responsesFunction('a.b'),
        ...tools,
      ]);
      const plan = planFor(body, CLIENT, { threshold: 0 });
      const once = transformChecked(body, plan);
      expect(JSON.stringify(transformChecked(once.body, plan).body)).toBe(JSON.stringify(once.body));
    });

    it('sends full schemas and no tool_search below the threshold', () => {
      const body = responsesBody(tools, { instructions: 'Be brief.' });
      const { body: sent } = transformChecked(body, planFor(body, CLIENT, { threshold: 99 }));
      expect(sent.tools).toEqual(tools);
      expect(sent.instructions).toBe('Be brief.');
    });
  });

  it('falls back to the client-side mechanism for a claude-hosted plan, with a warning', () => {
    const body = responsesBody([responsesNamespace('files', [responsesFunction('read_file')]), ...responsesFunctions(3)]);
    const plan = resolveToolSearch({ id: 'claude-opus-4-5' }, parseOpenAIResponsesTools(body), { threshold: 0 });
    expect(plan.mechanism).toBe('claude-hosted');
    const result = transformChecked(body, plan);
    const client = transformChecked(body, { ...plan, mechanism: 'client' });
    expect(JSON.stringify(result.body)).toBe(JSON.stringify(client.body));
    expect(codes(result.warnings)).toEqual(['plan-for-another-api', 'namespaces-flattened']);
    expect(result.warnings[0]?.message).toContain('the same tools are deferred with the client-side `tool_search` instead');
  });

  it('reveals in the conversation for a native plan made for a model known not to take tool additions (a stored plan), with a warning', () => {
    const body = responsesBody(responsesFunctions(4), { model: 'gpt-5.2' });
    const made = resolveToolSearch({ id: 'gpt-5.2', api: 'openai-responses' }, parseOpenAIResponsesTools(body), {
      mechanism: 'client',
      reveal: 'native',
      threshold: 0,
    });
    expect(made.reveal).toBe('native');
    const result = transformChecked(body, { ...made, model: 'claude-sonnet-5' });
    expect(codes(result.warnings)).toEqual(['reveal-not-for-model']);
    expect((result.body.tools as { name?: string }[]).map((tool) => tool.name)).toContain('call_tool');
  });

  it('falls back to the client-side mechanism for an openai-hosted plan made for a model without tool search (a stored plan), with a warning', () => {
    const body = responsesBody(responsesFunctions(4), { model: 'gpt-5.2' });
    const made = resolveToolSearch(CLIENT, parseOpenAIResponsesTools(body), { threshold: 0 });
    const result = transformChecked(body, { ...made, mechanism: 'openai-hosted', search: 'provider' });
    expect(codes(result.warnings)).toContain('mechanism-not-for-model');
    expect((result.body.tools as { type: string; defer_loading?: boolean }[]).some((tool) => tool.type === 'tool_search' || tool.defer_loading === true)).toBe(
      false,
    );
    expect(preflightOpenAIResponsesRequest(result.body).ok).toBe(true);
  });

  describe('with native delivery (reveal: native, the client mechanism)', () => {
    const functions = [responsesFunction('read_file'), ...responsesFunctions(6), responsesNamespace('crm', [responsesFunction('get_customer')])];
    const body = responsesBody(functions, { instructions: 'You are helpful.' });
    const native = (model: typeof HOSTED | typeof CLIENT = CLIENT) =>
      resolveToolSearch(model, parseOpenAIResponsesTools(body), { mechanism: 'client', reveal: 'native', threshold: 0, neverDefer: ['read_file'] });
    const addition = (...names: string[]) => ({
      type: 'additional_tools',
      role: 'developer',
      tools: names.map((name) => responsesFunction(name)),
    });
    /** A session's history after a search that loaded tool_3 and get_customer, a call of each, and a second search. */
    const history = [
      { role: 'user', content: 'hi' },
      { type: 'function_call', call_id: 'c1', name: 'tool_search', arguments: '{"query":"tool 3"}' },
      {
        type: 'function_call_output',
        call_id: 'c1',
        output: formatToolSearchResult({
          status: 'found',
          tools: [
            { name: 'tool_3', inputSchema: {} },
            { name: 'get_customer', inputSchema: {} },
          ],
        }),
      },
      addition('tool_3', 'get_customer'),
      { type: 'function_call', call_id: 'c2', name: 'tool_3', arguments: '{"path":"a"}' },
      { type: 'function_call_output', call_id: 'c2', output: 'done' },
      { type: 'function_call', call_id: 'c3', name: 'get_customer', arguments: '{"path":"b"}' },
      { type: 'function_call_output', call_id: 'c3', output: 'done' },
      { type: 'function_call', call_id: 'c4', name: 'tool_search', arguments: '{"query":"tool 4"}' },
      { type: 'function_call_output', call_id: 'c4', output: formatToolSearchResult({ status: 'found', tools: [{ name: 'tool_4', inputSchema: {} }] }) },
      addition('tool_4'),
    ];

    it.each([
      { case: 'a model before GPT-5.4 (opted in)', model: CLIENT },
      { case: 'GPT-5.4', model: HOSTED },
    ])('on $case sends the loaded tools and tool_search, no call_tool and no deferred tool, with the native guidance', ({ model }) => {
      const plan = native(model);
      expect([plan.reveal, plan.additions]).toEqual(['native', 'value']);
      const { body: sent, warnings } = transformChecked(body, plan);
      expect(describeTools(sent.tools)).toEqual(['read_file', 'tool_search']);
      expect(sent.instructions).toContain('These tools are available but not in your tool list: tool_0, tool_1, tool_2, tool_3, tool_4, tool_5, get_customer.');
      expect(sent.instructions).toContain('call it by its own name like any other tool');
      expect(sent.instructions).not.toContain('call_tool');
      // As on the client mechanism, namespaced functions are sent (and added) at the top level.
      expect(codes(warnings)).toEqual(['namespaces-flattened']);
    });

    it('sends byte-identical tools and instructions on every request, keeps the additions in place and never resends an added tool', () => {
      const first = transformChecked(body, native()).body;
      for (let length = 2; length <= history.length; length += 1) {
        const input = history.slice(0, length);
        const next = transformChecked({ ...body, input }, native());
        expect(JSON.stringify(next.body.tools)).toBe(JSON.stringify(first.tools));
        expect(next.body.instructions).toBe(first.instructions);
        // Replayed as they are: the additions at their place, the calls of added tools by their own names, no namespace.
        expect(next.body.input).toEqual(input);
      }
    });

    it('reports the tools the history added as loaded, for the call check and the next search', () => {
      expect(transformChecked({ ...body, input: history }, native()).loaded).toEqual(expect.arrayContaining(['tool_3', 'get_customer', 'tool_4']));
    });

    it('sends a tool tool_choice names in full even when the history added it (tool_choice cannot name an added tool)', () => {
      const forced = { ...body, input: history, tool_choice: { type: 'function', name: 'tool_3' } };
      const plan = resolveToolSearch(CLIENT, parseOpenAIResponsesTools(forced), {
        mechanism: 'client',
        reveal: 'native',
        threshold: 0,
        neverDefer: ['read_file'],
      });
      const sent = transformChecked(forced, plan).body;
      expect(describeTools(sent.tools)).toEqual(['read_file', 'tool_search', 'tool_3']);
    });

    it('maps the names in additions and calls alike when the API rejects a caller name', () => {
      const dotted = responsesBody([responsesFunction('read_file'), responsesFunction('Cafe.order'), ...responsesFunctions(3)]);
      const plan = resolveToolSearch(CLIENT, parseOpenAIResponsesTools(dotted), {
        mechanism: 'client',
        reveal: 'native',
        threshold: 0,
        neverDefer: ['read_file'],
      });
      const input = [addition('Cafe.order'), { type: 'function_call', call_id: 'c1', name: 'Cafe.order', arguments: '{}' }];
      const result = transformChecked({ ...dotted, input }, plan);
      expect(result.body.input).toEqual([
        { ...addition('Cafe.order'), tools: [{ ...responsesFunction('Cafe.order'), name: 'Cafe_order' }] },
        { type: 'function_call', call_id: 'c1', name: 'Cafe_order', arguments: '{}' },
      ]);
      expect(result.names.fromWire('Cafe_order')).toBe('Cafe.order');
    });

    it('reads its own output again as the same request', () => {
      const first = transformChecked({ ...body, input: history }, native()).body;
      expect(transformChecked(first, native()).body).toEqual(first);
    });
  });

  describe('with tools the caller deferred itself (an mcp server, a custom tool)', () => {
    const mcp = { type: 'mcp', server_label: 'docs', server_url: 'https://example.com/mcp', defer_loading: true };
    const toolTypes = (tools: unknown) =>
      (tools as { type: string; execution?: string; defer_loading?: boolean }[]).map(
        (tool) => `${tool.type}${tool.execution === undefined ? '' : `:${tool.execution}`}${tool.defer_loading === true ? ' (deferred)' : ''}`,
      );

    it('sends OpenAI’s hosted tool search for them when the library’s search defers nothing in this request (below the threshold), with a warning', () => {
      const body = responsesBody([...responsesFunctions(3), mcp]);
      const result = transformChecked(body, planFor(body, HOSTED, { threshold: 10, search: 'library' }));
      expect(toolTypes(result.body.tools)).toEqual(['function', 'function', 'function', 'mcp (deferred)', 'tool_search']);
      expect(codes(result.warnings)).toEqual(['hosted-search-for-caller-deferral']);
    });

    it('sends them without defer_loading when the library’s client-executed search is sent (it cannot load them, and one tool search fits a request), with a warning', () => {
      const body = responsesBody([...responsesFunctions(3), mcp, { type: 'custom', name: 'patch', defer_loading: true }]);
      const result = transformChecked(body, planFor(body, HOSTED, { threshold: 0, search: 'library' }));
      const tools = result.body.tools as { type: string; defer_loading?: boolean; execution?: string }[];
      expect(tools.filter((tool) => tool.type === 'mcp' || tool.type === 'custom').map((tool) => tool.defer_loading)).toEqual([undefined, undefined]);
      expect(tools.filter((tool) => tool.type === 'tool_search').map((tool) => tool.execution)).toEqual(['client']);
      const warning = result.warnings.find((entry) => entry.code === 'deferral-removed');
      expect(warning?.message).toContain("the library's client-executed `tool_search`");
      expect(warning?.message).toContain('`docs`');
    });

    it('keeps them deferred beside the hosted tool search under the provider’s search, below the threshold too', () => {
      const body = responsesBody([...responsesFunctions(3), mcp]);
      const result = transformChecked(body, planFor(body, HOSTED, { threshold: 10, search: 'provider' }));
      expect(toolTypes(result.body.tools)).toEqual(['function', 'function', 'function', 'mcp (deferred)', 'tool_search']);
      expect(result.warnings).toEqual([]);
    });

    it('sends a deferred top-level custom tool named like a reserved namespace without defer_loading, with a warning', () => {
      const body = responsesBody([...responsesFunctions(3), { type: 'custom', name: 'tool_search', defer_loading: true }]);
      const result = transformChecked(body, planFor(body, HOSTED, { threshold: 10, search: 'provider' }));
      expect(codes(result.warnings)).toEqual(['reserved-name-kept-loaded']);
      expect((result.body.tools as { defer_loading?: boolean }[]).some((tool) => tool.defer_loading === true)).toBe(false);
    });
  });

  describe('with no deferral', () => {
    it.each([
      { mechanism: 'none', model: { id: 'gpt-4.1', api: 'openai-responses' }, config: { mechanism: 'openai', threshold: 0 }, warning: [] as string[] },
    ] as const)('($mechanism) sends full schemas and keeps the body namespaces', ({ mechanism, model, config, warning }) => {
      const body = responsesBody([
        responsesNamespace('files', [responsesFunction('read_file', { defer_loading: true })]),
        responsesFunction('other', { defer_loading: true }),
        { type: 'tool_search' },
      ]);
      const plan = resolveToolSearch(model, parseOpenAIResponsesTools(body), withSeedBehaviour(config));
      expect(plan.mechanism).toBe(mechanism);
      const result = transformChecked(body, plan);
      expect(result.body.tools).toEqual([responsesFunction('other'), responsesNamespace('files', [responsesFunction('read_file')])]);
      expect(codes(result.warnings)).toEqual([...warning, 'tool-search-tool-removed']);
    });
  });

  it('renames an invalid body namespace with no deferral too', () => {
    const body = responsesBody([responsesNamespace('File Operations', [responsesFunction('read_file')])]);
    const result = transformChecked(body, planFor(body, { id: 'gpt-4.1', api: 'openai-responses' }, { mechanism: 'openai' }));
    expect(describeTools(result.body.tools)).toEqual(['ns:File_Operations[read_file]']);
    expect(codes(result.warnings)).toEqual(['namespace-renamed']);
  });

  describe('is pure', () => {
    const history = [
      { type: 'message', role: 'user', content: 'hi' },
      { type: 'tool_search_call', id: 'tsc_1', call_id: null, execution: 'server', arguments: { paths: ['crm'] }, status: 'completed', created_by: 'resp_1' },
      { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'crm.lookup', arguments: '{}', status: 'completed' },
      { type: 'function_call_output', call_id: 'call_1', output: 'done' },
    ];
    const body = () =>
      responsesBody([{ type: 'web_search' }, responsesNamespace('crm', [responsesFunction('crm.lookup')]), ...responsesFunctions(3), { type: 'tool_search' }], {
        input: history,
        instructions: 'Be brief.',
        tool_choice: 'auto',
      });
    const cases = [
      { mechanism: 'openai-hosted', model: HOSTED, config: { threshold: 0 }, options: {} },
      { mechanism: 'openai-hosted, name-prefix', model: HOSTED, config: { threshold: 0 }, options: { uncategorized: 'name-prefix' as const } },
      { mechanism: 'client, full listing', model: CLIENT, config: { threshold: 0 }, options: { revealed: ['tool_1'] } },
      { mechanism: 'client, compact listing', model: CLIENT, config: { threshold: 0, listing: 'compact' as const }, options: {} },
      { mechanism: 'none', model: { id: 'gpt-4.1', api: 'openai-responses' as const }, config: { mechanism: 'openai' as const }, options: {} },
    ];

    it.each(cases)('does not change its input ($mechanism)', ({ model, config, options }) => {
      const input = body();
      const before = structuredClone(input);
      transformChecked(deepFreeze(input), planFor(input, model, config), options);
      expect(input).toEqual(before);
    });

    it.each(cases)('gives byte-identical output for equal input ($mechanism)', ({ model, config, options }) => {
      const first = transformChecked(body(), planFor(body(), model, config), options);
      const second = transformChecked(body(), planFor(body(), model, config), options);
      expect(JSON.stringify(second.body)).toBe(JSON.stringify(first.body));
      expect(second.warnings).toEqual(first.warnings);
    });

    it.each(cases)('gives the same body when run on its own output ($mechanism)', ({ model, config, options }) => {
      const plan = planFor(body(), model, config);
      const once = transformChecked(body(), plan, options);
      const twice = transformChecked(once.body, plan, options);
      expect(JSON.stringify(twice.body)).toBe(JSON.stringify(once.body));
    });

    it('re-transforms its own output in the names listing, which no longer holds the unrevealed tools', () => {
      const plan = planFor(body(), CLIENT, { threshold: 0, listing: 'names' });
      const once = transformChecked(body(), plan);
      expect(transformChecked(once.body, plan).body).toEqual(once.body);
    });

    it('says to transform the original body when its own output lacks a tool it must now send in full', () => {
      const plan = planFor(body(), CLIENT, { threshold: 0, listing: 'names' });
      const once = transformChecked(body(), plan);
      const error = errorOf(() => transformOpenAIResponsesRequest(once.body, plan, { revealed: [plan.tools[0]?.name as string] }));
      expect(error.code).toBe('plan-mismatch');
    });
  });

  describe('rejects bad input', () => {
    const plan = planFor(responsesBody([responsesFunction('lookup')]), HOSTED, { threshold: 0 });

    it.each([
      { case: 'a body that is null', body: null, code: 'invalid-request', message: 'The request body must be an object, got null' },
      { case: 'a body that is an array', body: [], code: 'invalid-request', message: 'The request body must be an object, got an array' },
      { case: 'a body that is a string', body: 'hi', code: 'invalid-request', message: 'The request body must be an object, got "hi" (a string)' },
      { case: 'tools that are not an array', body: { tools: {} }, code: 'invalid-request', message: '`tools` must be an array of tools, got an object' },
      {
        case: 'a tool without a name',
        body: { tools: [{ type: 'function', parameters: {} }] },
        code: 'invalid-request',
        message: '`tools[0].name` (a function) must be a non-empty string, got nothing (undefined)',
      },
      {
        case: 'a tool without a type',
        body: { tools: [{ name: 'x' }] },
        code: 'invalid-request',
        message: '`tools[0].type` must be a tool type such as "function", got nothing (undefined)',
      },
      {
        case: 'input that is a number',
        body: { tools: [responsesFunction('lookup')], input: 3 },
        code: 'invalid-request',
        message: '`input` must be a string or an array of items, got 3',
      },
      {
        case: 'an input item that is not an object',
        body: { tools: [responsesFunction('lookup')], input: ['hi'] },
        code: 'invalid-request',
        message: '`input[0]` must be an item object, got "hi" (a string)',
      },
      {
        case: 'instructions that are not a string',
        body: { tools: [responsesFunction('lookup')], instructions: 42 },
        code: 'invalid-request',
        message: '`instructions` must be a string, got 42',
      },
      {
        case: 'a history function_call without a name',
        body: { tools: [responsesFunction('lookup')], input: [{ type: 'function_call', call_id: 'c', arguments: '{}' }] },
        code: 'invalid-request',
        message: '`input[0].name` (a function_call item) must be a non-empty string, got nothing (undefined)',
      },
    ])('$case', ({ body, code, message }) => {
      const error = errorOf(() => transformOpenAIResponsesRequest(body as never, plan));
      expect(error).toEqual({ code, message, name: 'ToolSearchError' });
    });

    it.each([
      {
        case: 'a tool the plan lacks',
        tools: [responsesFunction('lookup'), responsesFunction('extra')],
        message: 'the body has `extra`, which the plan lacks',
      },
      { case: 'a tool the body lacks', tools: [], message: "the plan has `lookup`, which the body's tools lack" },
    ])('throws plan-mismatch for $case', ({ tools, message }) => {
      const error = errorOf(() => transformOpenAIResponsesRequest(responsesBody(tools), plan));
      expect(error.code).toBe('plan-mismatch');
      expect(error.message).toContain(message);
    });

    it('throws invalid-request when a tool appears under its original and its wire name', () => {
      const original = responsesBody([responsesFunction('a.b')]);
      const twice = responsesBody([responsesFunction('a.b'), responsesFunction('a_b')]);
      const error = errorOf(() => transformOpenAIResponsesRequest(twice, planFor(original, HOSTED)));
      expect(error.code).toBe('invalid-request');
      expect(error.message).toContain('are the same tool `a.b`');
    });

    describe('matches the body with the plan', () => {
      const definitions = [tool('a'), tool('b'), tool('c', 'never')];
      const matched = resolveToolSearch(CLIENT, definitions, { threshold: 0, listing: 'full' });
      const bodyOf = (names: readonly string[]) => responsesBody(names.map((name) => responsesFunction(name)));

      it('accepts the body the plan was made for', () => {
        expect(() => transformOpenAIResponsesRequest(bodyOf(['a', 'b', 'c']), matched)).not.toThrow();
      });

      it('names what the plan has and the body lacks, and the other way round', () => {
        expect(errorOf(() => transformOpenAIResponsesRequest(bodyOf(['a', 'c', 'd']), matched))).toEqual({
          code: 'plan-mismatch',
          name: 'ToolSearchError',
          message:
            "The plan was made for different tools than the request body holds: the plan has `b`, which the body's tools lack; the body has `d`, which the plan lacks. Resolve the plan again from `parseOpenAIResponsesTools(body)`.",
        });
      });

      it('lets a listing that leaves deferred tools out read its own output back', () => {
        const names = resolveToolSearch(CLIENT, definitions, { threshold: 0, listing: 'names' });
        const output = transformOpenAIResponsesRequest(bodyOf(['a', 'b', 'c']), names).body;
        expect(() => transformOpenAIResponsesRequest(output, names)).not.toThrow();
        const ownOnly = { ...output, tools: (output.tools ?? []).filter((entry) => (entry as { name?: string }).name !== 'c') };
        expect(errorOf(() => transformOpenAIResponsesRequest(ownOnly, names)).message).toContain('This body looks like the output of an earlier transform');
      });

      it('rejects one tool under its original name and its wire name', () => {
        const twice = responsesBody([responsesFunction('a.b'), responsesFunction('a_b'), responsesFunction('c')]);
        const plan = resolveToolSearch(CLIENT, [tool('a.b'), tool('c')], { threshold: 0, listing: 'full' });
        expect(errorOf(() => transformOpenAIResponsesRequest(twice, plan))).toEqual({
          code: 'invalid-request',
          name: 'ToolSearchError',
          message: '`tools[0]` and `tools[1]` are the same tool `a.b` (once under its original name, once under its wire name)',
        });
      });
    });

    it.each([
      {
        case: 'a plan that is not a plan',
        plan: {},
        options: {},
        message: '`plan` must be a plan from `resolveToolSearch` (with `mechanism` and `tools`), got an object',
      },
      {
        case: 'revealed as a string',
        plan,
        options: { revealed: 'lookup' },
        message: '`options.revealed` must be an iterable of tool names (an array or a Set), got "lookup" (a string)',
      },
      {
        case: 'revealed holding a number',
        plan,
        options: { revealed: ['lookup', 3] },
        message: '`options.revealed` must hold tool names (strings), got 3 at position 1',
      },
      {
        case: 'an unknown uncategorized mode',
        plan,
        options: { uncategorized: 'prefix' },
        message: "`options.uncategorized` must be 'top-level' or 'name-prefix', got \"prefix\" (a string)",
      },
      {
        case: 'an unknown option',
        plan,
        options: { reveal: [] },
        message: 'unknown option `reveal`; the options are `revealed`, `uncategorized` and `predict`',
      },
      {
        case: 'options that are not an object',
        plan,
        options: 'fast',
        message: '`options` must be an object such as `{ revealed, uncategorized }`, got "fast" (a string)',
      },
    ])('throws invalid-options for $case', ({ plan: given, options, message }) => {
      const error = errorOf(() => transformOpenAIResponsesRequest(responsesBody([responsesFunction('lookup')]), given as ToolSearchPlan, options as never));
      expect(error.code).toBe('invalid-options');
      expect(error.message).toContain(message);
    });
  });
});

// The grouping decision's rules, each checked on what the transformer returns (moved from the unit tests of
// `resolveSearchToolSource`, `resolveToolGroups`, `resolveCategoryLabel`, `resolveSharedNamePrefixes`,
// `resolvePlanWithUnmanagedNames` and `isOwnToolStandIn`, folded into the decision).
describe('transformOpenAIResponsesRequest: the grouping decision', () => {
  const functions = [responsesFunction('a'), responsesFunction('b'), responsesFunction('c')];
  const names = (tools: readonly unknown[] | undefined) => describeTools(tools);

  describe('which tool search tool is sent, last in the tools', () => {
    const HOSTED_TOOL = { type: 'tool_search', description: 'the body’s hosted search' };
    const CLIENT_TOOL = { type: 'tool_search', execution: 'client', description: 'the caller’s own search', parameters: { type: 'object' } };
    const mcp = { type: 'mcp', server_label: 'docs', server_url: 'https://example.com/mcp', defer_loading: true };
    /** A plan with no mechanism, as a stored plan or one for a model without tool search may hold. */
    const none = (body: unknown): ToolSearchPlan => {
      const resolved = planFor(body, HOSTED, { threshold: 0 });
      return { ...resolved, mechanism: 'none', tools: resolved.tools.map((entry) => ({ name: entry.name, status: 'loaded', reason: 'no-mechanism' })) };
    };
    const provider = { threshold: 0, search: 'provider' } as const;
    const library = { threshold: 0, search: 'library' } as const;
    const nothingDeferred = { threshold: 10, search: 'provider' } as const;
    const libraryDeferringNothing = { threshold: 10, search: 'library' } as const;
    it.each([
      ["hosted search, something deferred: OpenAI's tool", [], provider, { type: 'tool_search' }, []],
      ['hosted search, the body has one: the body’s', [CLIENT_TOOL, HOSTED_TOOL], provider, HOSTED_TOOL, ['tool-search-tool-removed']],
      ['hosted search, nothing deferred: none', [HOSTED_TOOL], nothingDeferred, undefined, ['tool-search-tool-removed']],
      ['hosted search, nothing deferred, a client-executed one of the body: kept', [CLIENT_TOOL], nothingDeferred, CLIENT_TOOL, []],
      [
        "the library's search: the library's tool",
        [],
        library,
        { type: 'tool_search', execution: 'client', description: TOOL_SEARCH_TOOL_DEFINITION.description },
        [],
      ],
      ["the library's search, the body's client-executed one: the body's", [CLIENT_TOOL], library, CLIENT_TOOL, []],
      [
        "the library's search deferring nothing, the caller's deferrals: OpenAI's tool",
        [mcp],
        libraryDeferringNothing,
        { type: 'tool_search' },
        ['hosted-search-for-caller-deferral'],
      ],
      ['no hosted search: none', [HOSTED_TOOL], 'none', undefined, ['tool-search-tool-removed']],
    ] as const)('%s', (_label, extra, config, search, expected) => {
      const body = responsesBody([...functions, ...extra]);
      const plan = config === 'none' ? none(body) : planFor(body, HOSTED, config);
      const result = transformOpenAIResponsesRequest(body, plan);
      const sent = (result.body.tools ?? []).filter((tool) => (tool as { type: string }).type === 'tool_search');
      expect(sent.length).toBe(search === undefined ? 0 : 1);
      if (search !== undefined) {
        expect(result.body.tools?.at(-1)).toMatchObject(search);
        if (search === HOSTED_TOOL || search === CLIENT_TOOL) expect(result.body.tools?.at(-1)).toBe(search);
      }
      expect(codes(result.warnings)).toEqual(expected);
    });
  });

  describe('which tools go together in one namespace', () => {
    /** A hosted plan deferring every tool of `definitions`, with their categories. */
    const hostedPlan = (definitions: readonly ToolDefinition[]) => resolveToolSearch(HOSTED, [...definitions], { threshold: 0, search: 'provider' });

    it('groups by the category first, then the body group, then the shared prefix', () => {
      const body = responsesBody([
        responsesNamespace('crm', [responsesFunction('a'), responsesFunction('b')]),
        responsesFunction('github__c'),
        responsesFunction('github__e'),
        responsesFunction('d'),
      ]);
      const plan = hostedPlan([tool('a', undefined, { category: 'Sales' }), tool('b'), tool('github__c'), tool('github__e'), tool('d')]);
      const result = transformChecked(body, plan, { uncategorized: 'name-prefix' });
      expect(names(result.body.tools)).toEqual([
        'ns:Sales[a+defer]',
        'ns:crm[b+defer]',
        'ns:github[github__c+defer,github__e+defer]',
        'd+defer',
        'tool_search',
      ]);
    });

    it('keeps the body groups alone without categories (no hosted search), and leaves ungrouped tools out', () => {
      const body = responsesBody([responsesNamespace('crm', [responsesFunction('a'), responsesFunction('b')])], {
        tool_choice: { type: 'function', name: 'b' },
      });
      const resolved = hostedPlan([tool('a', undefined, { category: 'Sales' }), tool('b', undefined, { category: 'Sales' })]);
      const plan: ToolSearchPlan = {
        ...resolved,
        mechanism: 'none',
        tools: resolved.tools.map((entry) => ({ name: entry.name, status: 'loaded', reason: 'no-mechanism', category: 'Sales' })),
      };
      const result = transformChecked(body, plan);
      expect(names(result.body.tools)).toEqual(['b', 'ns:crm[a]']);
    });

    it('puts an unmanaged tool where the planned tools of its body group went', () => {
      const body = responsesBody([
        { type: 'namespace', name: 'caf_', description: 'Café tools', tools: [responsesFunction('a'), { type: 'custom', name: 'notes' }] },
        { type: 'namespace', name: 'other', description: 'Other tools', tools: [{ type: 'custom', name: 'lone' }] },
      ]);
      const result = transformChecked(body, hostedPlan([tool('a', undefined, { category: 'café' })]));
      const namespaces = (result.body.tools ?? []).filter((entry) => (entry as { type: string }).type === 'namespace') as { tools: { name: string }[] }[];
      expect(namespaces.map((namespace) => namespace.tools.map((member) => member.name))).toEqual([['a', 'notes'], ['lone']]);
    });

    it.each([
      [undefined, undefined],
      ['  ', undefined],
      ['Files', 'Files'],
    ])('reads the category %j as the group %j', (category, label) => {
      const body = responsesBody(functions);
      const resolved = hostedPlan(functions.map((entry) => tool(entry.name)));
      const plan: ToolSearchPlan = {
        ...resolved,
        tools: resolved.tools.map((entry) => (entry.name === 'a' && category !== undefined ? { ...entry, category } : entry)),
      };
      const sent = names(transformOpenAIResponsesRequest(body, plan).body.tools);
      expect(sent[0]).toBe(label === undefined ? 'a+defer' : `ns:${label}[a+defer]`);
    });

    it.each([
      ['double underscores', ['github__create_issue', 'github__list_issues'], 'github'],
      ['dots', ['github.create_issue', 'github.list_issues'], 'github'],
      ['slashes', ['github/create_issue', 'github/list_issues'], 'github'],
      ['colons', ['github:create_issue', 'github:list_issues'], 'github'],
      ["Claude Code's mcp__ names", ['mcp__github__create_issue', 'mcp__github__list_issues'], 'github'],
    ])('reads the shared name prefix of %s (uncategorized: name-prefix)', (_label, given, prefix) => {
      const body = responsesBody(given.map((name) => responsesFunction(name)));
      const result = transformOpenAIResponsesRequest(body, hostedPlan(given.map((name) => tool(name))), { uncategorized: 'name-prefix' });
      const namespaces = (result.body.tools ?? []).filter((entry) => (entry as { type: string }).type === 'namespace') as { name: string; tools: unknown[] }[];
      expect(namespaces.map((namespace) => [namespace.name, namespace.tools.length])).toEqual([[prefix, 2]]);
    });

    it('leaves out a prefix only one tool has, and names without a prefix', () => {
      const given = ['github__a', 'github__b', 'slack__post', 'read_file', '__hidden', 'trailing__'];
      const body = responsesBody(given.map((name) => responsesFunction(name)));
      const result = transformChecked(body, hostedPlan(given.map((name) => tool(name))), { uncategorized: 'name-prefix' });
      expect(names(result.body.tools)).toEqual([
        'ns:github[github__a+defer,github__b+defer]',
        'slack__post+defer',
        'read_file+defer',
        '__hidden+defer',
        'trailing__+defer',
        'tool_search',
      ]);
    });
  });

  describe('a top-level custom tool named like one of the package’s own tools (the plan as the body applies it)', () => {
    const plan = resolveToolSearch(
      'gpt-5.2',
      ['a', 'b', 'c'].map((name) => tool(name)),
      { threshold: 0 },
    );
    const custom = (name: string) => ({ type: 'custom', name });

    it('returns no plan of its own when no unmanaged tool takes a name of the package', () => {
      expect(transformOpenAIResponsesRequest(responsesBody(functions), plan).plan).toBeUndefined();
      expect(transformOpenAIResponsesRequest(responsesBody([custom('grep'), custom('notes'), ...functions]), plan).plan).toBeUndefined();
    });

    it.each(['tool_search', 'call_tool'])('adds every unmanaged name when one is %s, so the package takes a free name', (name) => {
      const applied = transformOpenAIResponsesRequest(responsesBody([custom('grep'), custom(name), ...functions]), plan).plan as ToolSearchPlan;
      expect(applied.unmanagedToolNames).toEqual(['grep', name]);
      expect(resolveOwnToolsSent(applied)).toMatchObject(name === 'tool_search' ? { searchName: 'tool_search_2' } : { callToolName: 'call_tool_2' });
    });

    it('is idempotent: a plan that already names them comes back as it is', () => {
      const body = responsesBody([custom('tool_search'), ...functions]);
      const applied = transformOpenAIResponsesRequest(body, plan).plan as ToolSearchPlan;
      expect(transformOpenAIResponsesRequest(body, applied).plan).toBeUndefined();
    });
  });

  describe("one of the package's own tools left in the body by an earlier pass", () => {
    const own = (definition: ToolDefinition) => toResponsesFunction(definition);

    it('stands for the planned caller tool of its name that an earlier pass replaced', () => {
      const mine = responsesFunction('tool_search', { description: 'my search' });
      const plan = planFor(responsesBody([mine, ...functions]), HOSTED, { threshold: 0, search: 'provider' });
      const result = transformOpenAIResponsesRequest(responsesBody([own(TOOL_SEARCH_TOOL_DEFINITION), ...functions]), plan);
      // Read as the caller's tool (a loaded function; else the plan's `tool_search` would be missing), then OpenAI's tool search.
      expect(result.body.tools?.filter((entry) => (entry as { name?: string }).name === 'tool_search')).toMatchObject([{ type: 'function' }]);
      expect(result.body.tools?.at(-1)).toEqual({ type: 'tool_search' });
    });

    it('does not when the body still holds the caller tool', () => {
      const mine = responsesFunction('tool_search', { description: 'my search' });
      const body = responsesBody([mine, own(TOOL_SEARCH_TOOL_DEFINITION), ...functions]);
      const result = transformOpenAIResponsesRequest(body, planFor(responsesBody([mine, ...functions]), HOSTED, { threshold: 0, search: 'provider' }));
      expect(result.body.tools?.filter((entry) => (entry as { name?: string }).name === 'tool_search')).toEqual([mine]);
    });

    it('does not when the plan has no tool of its name', () => {
      const plan = planFor(responsesBody(functions), HOSTED, { threshold: 0, search: 'provider' });
      const result = transformOpenAIResponsesRequest(responsesBody([...functions, own(CALL_TOOL_DEFINITION)]), plan);
      expect(names(result.body.tools)).toEqual(['a+defer', 'b+defer', 'c+defer', 'tool_search']);
    });
  });
});
