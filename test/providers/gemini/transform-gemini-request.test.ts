import { earlierResult } from '../../support/tools.js';
import { describe, expect, it } from 'vitest';
import { transformGeminiRequest } from '../../../src/providers/gemini/index.js';
import { preflightGeminiRequest } from '../../support/preflight/preflight-gemini-request.js';
import { SEED_NOTE } from '../../support/tools.js';
import { resolveToolSearch } from '../../../src/plan/resolve-tool-search.js';
import { parseGeminiTools } from '../../../src/providers/gemini/index.js';
import { formatToolSearchResult } from '../../../src/client/tool-search-result.js';
import { STUB_INPUT_SCHEMA, TOOL_SEARCH_TOOL_DEFINITION } from '../../../src/tools/tool-search-tool-definition.js';
import { ToolSearchError } from '../../../src/errors/tool-search-error.js';
import type { ToolListing } from '../../../src/config/tool-search-config.js';
import type { ToolDefinition } from '../../../src/tools/tool-definition.js';
import type { GeminiContent } from '../../../src/providers/gemini/gemini-api.js';
import {
  geminiDeclaration,
  geminiDeclarations,
  geminiParameters,
  geminiPlan,
  geminiRESTBody,
  geminiToolSummary,
  geminiToolsOf,
  readGeminiFixture,
  toGeminiDeclaration,
  transformGeminiChecked as transform,
} from '../../support/gemini-bodies.js';

const bfcl = readGeminiFixture<ToolDefinition[]>('bfcl-tools.json');
const twenty = geminiDeclarations(20);
const found = (loaded: string[]) => formatToolSearchResult(earlierResult({ status: 'found', query: loaded.join(' '), tools: [], loaded, message: 'Loaded.' }));
const shapes = [
  [
    'SDK',
    (declarations: readonly unknown[], contents?: GeminiContent[], settings: Record<string, unknown> = {}) =>
      geminiParameters(declarations, contents, settings),
  ],
  [
    'REST',
    (declarations: readonly unknown[], contents?: GeminiContent[], settings: Record<string, unknown> = {}) => geminiRESTBody(declarations, contents, settings),
  ],
] as const;
const settingsOf = (body: unknown): Record<string, unknown> => (body as { config?: Record<string, unknown> }).config ?? (body as Record<string, unknown>);

describe('transformGeminiRequest', () => {
  describe.each(shapes)('with the default configuration (reveals in the conversation, the names listing), in the %s shape', (_, make) => {
    const body = make(twenty, undefined, { systemInstruction: { parts: [{ text: 'You are helpful.' }] } });
    const plan = resolveToolSearch({ id: 'gemini-2.5-flash', api: 'gemini' }, parseGeminiTools(body), { neverDefer: ['tool_0'] });

    it('declares the loaded tools, tool_search and call_tool, and names the deferred tools in the note', () => {
      const { body: output, warnings } = transform(body, plan);
      expect(geminiToolSummary(output)).toEqual(['tool_0:full', 'tool_search:search', 'call_tool:full']);
      expect(JSON.stringify(settingsOf(output).systemInstruction)).toContain('These tools are available but not in your tool list: tool_1, tool_2');
      expect(warnings).toEqual([]);
    });

    it('declares the same tools and system instruction after a search and a call through call_tool', () => {
      const first = transform(body, plan).body;
      const contents: GeminiContent[] = [
        { role: 'user', parts: [{ text: 'hi' }] },
        { role: 'model', parts: [{ functionCall: { name: 'tool_search', args: { query: 'tool_3' } } }] },
        {
          role: 'user',
          parts: [
            {
              functionResponse: {
                name: 'tool_search',
                response: { output: formatToolSearchResult({ status: 'found', tools: [{ name: 'tool_3', inputSchema: { type: 'object' } }] }) },
              },
            },
          ],
        },
        { role: 'model', parts: [{ functionCall: { name: 'call_tool', args: { name: 'tool_3', arguments: { path: 'a' } } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'call_tool', response: { output: 'done' } } }] },
      ];
      const later = make(twenty, contents, { systemInstruction: { parts: [{ text: 'You are helpful.' }] } });
      const next = transform(later, plan, { revealed: ['tool_3'] }).body;
      expect(JSON.stringify(settingsOf(next).tools)).toBe(JSON.stringify(settingsOf(first).tools));
      expect(settingsOf(next).systemInstruction).toEqual(settingsOf(first).systemInstruction);
      // What the history holds schemas of, for the next search (whatever the store passed as `revealed` says).
      expect(transform(body, plan, { revealed: ['tool_3'] }).loaded).toEqual([]);
      expect(transform(later, plan).loaded).toEqual(['tool_3']);
    });

    it('declares a function allowedFunctionNames lists in full', () => {
      const forced = make(twenty, undefined, { toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['tool_5'] } } });
      expect(geminiToolSummary(transform(forced, plan).body)).toEqual(['tool_0:full', 'tool_search:search', 'call_tool:full', 'tool_5:full']);
    });
  });

  describe.each(shapes)('with the client mechanism, in the %s shape', (_, make) => {
    const body = make(twenty, undefined, { systemInstruction: { parts: [{ text: 'You are helpful.' }] } });

    it.each<[ToolListing, string[]]>([
      ['full', ['tool_0:full', 'tool_search:search', ...twenty.slice(1).map((tool) => `${tool.name}:stub`)]],
      ['compact', ['tool_0:full', 'tool_search:search', ...twenty.slice(1).map((tool) => `${tool.name}:stub`)]],
      ['names', ['tool_0:full', 'tool_search:search']],
    ])('declares the %s listing as loaded tools, then tool_search, then stubs', (listing, expected) => {
      const { body: output, warnings } = transform(body, geminiPlan(body, { listing, neverDefer: ['tool_0'] }));
      expect(geminiToolSummary(output)).toEqual(expected);
      expect(warnings).toEqual([]);
    });

    it.each<[ToolListing, string]>([
      ['full', 'Does tool_1. Second sentence with more detail.'],
      ['compact', 'Does tool_1.'],
    ])('declares a deferred tool in the %s listing with an open parametersJsonSchema, never parameters', (listing, description) => {
      const { body: output } = transform(body, geminiPlan(body, { listing }));
      const declarations = geminiToolsOf(output)[0]?.functionDeclarations as unknown[];
      expect(declarations[2]).toEqual({ name: 'tool_1', description, parametersJsonSchema: { ...STUB_INPUT_SCHEMA } });
    });

    it('declares tool_search with its JSON Schema', () => {
      const { body: output } = transform(body, geminiPlan(body));
      expect((geminiToolsOf(output)[0]?.functionDeclarations as unknown[])[0]).toEqual({
        name: 'tool_search',
        description: TOOL_SEARCH_TOOL_DEFINITION.description,
        parametersJsonSchema: TOOL_SEARCH_TOOL_DEFINITION.inputSchema,
      });
    });

    it('adds the note once, as its own part after the caller’s', () => {
      const { body: output } = transform(body, geminiPlan(body));
      expect(settingsOf(output).systemInstruction).toEqual({ parts: [{ text: 'You are helpful.' }, { text: SEED_NOTE }] });
    });

    it.each<ToolListing>(['full', 'compact'])('is stable on its own output in the %s listing', (listing) => {
      const named = make(bfcl.map(toGeminiDeclaration));
      const plan = geminiPlan(named, { listing });
      const first = transform(named, plan).body;
      expect(JSON.stringify(transform(first, plan).body)).toBe(JSON.stringify(first));
    });

    it('keeps the caller’s parameters form for loaded and revealed tools', () => {
      const withJSONSchema = make([
        ...twenty.slice(0, 19),
        toGeminiDeclaration({ name: 'json_tool', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } }),
      ]);
      const { body: output } = transform(withJSONSchema, geminiPlan(withJSONSchema), { revealed: ['tool_3', 'json_tool'] });
      const declarations = geminiToolsOf(output)[0]?.functionDeclarations as Record<string, unknown>[];
      expect(declarations[4]).toEqual(twenty[3]);
      expect(declarations[20]).toEqual({ name: 'json_tool', parametersJsonSchema: { type: 'object', properties: { a: { type: 'string' } } } });
    });

    it('restores reveals from function responses in the history', () => {
      const history = make(twenty, [
        { role: 'user', parts: [{ text: 'hi' }] },
        { role: 'model', parts: [{ functionCall: { name: 'tool_search', args: { query: 'tool_5' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'tool_search', response: { output: found(['tool_5']) } } }] },
        { role: 'model', parts: [{ functionCall: { name: 'tool_search', args: { query: 'tool_7' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'tool_search', response: JSON.parse(found(['tool_7'])) as Record<string, unknown> } }] },
      ]);
      const { body: output } = transform(history, geminiPlan(history, { listing: 'names' }), { revealed: ['tool_9'] });
      expect(geminiToolSummary(output)).toEqual(['tool_search:search', 'tool_9:full', 'tool_5:full', 'tool_7:full']);
    });

    it.each<[string, (text: string) => Record<string, unknown>]>([
      ['{ output }', (text) => ({ output: text })],
      ['{ result }', (text) => ({ result: text })],
      ['{ content }', (text) => ({ content: text })],
      ['{ name, content } (the Vercel AI SDK)', (text) => ({ name: 'tool_search', content: text })],
      ['{ content: [text parts] }', (text) => ({ content: [{ type: 'text', text }] })],
      ['{ result: parsed }', (text) => ({ result: JSON.parse(text) as unknown })],
      ['the parsed result', (text) => JSON.parse(text) as Record<string, unknown>],
    ])('restores a reveal from a tool_search result sent as %s', (_label, shape) => {
      const history = make(twenty, [
        { role: 'user', parts: [{ text: 'hi' }] },
        { role: 'model', parts: [{ functionCall: { name: 'tool_search', args: { query: 'tool_5' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'tool_search', response: shape(found(['tool_5'])) } }] },
      ]);
      const { body: output } = transform(history, geminiPlan(history, { listing: 'names' }));
      expect(geminiToolSummary(output)).toEqual(['tool_search:search', 'tool_5:full']);
    });

    it('declares the functions allowedFunctionNames lists with full schemas', () => {
      const forced = make(twenty, undefined, { toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['tool_4'] } } });
      const { body: output } = transform(forced, geminiPlan(forced, { listing: 'names' }));
      expect(geminiToolSummary(output)).toEqual(['tool_search:search', 'tool_4:full']);
    });

    it.each([
      [14, false],
      [15, true],
    ])('with %i tools and the default threshold (15), defers: %s', (count, deferring) => {
      const sized = make(geminiDeclarations(count));
      const { body: output } = transform(sized, geminiPlan(sized));
      expect(geminiToolSummary(output).includes('tool_search:search')).toBe(deferring);
      expect(settingsOf(output).systemInstruction).toEqual(deferring ? { parts: [{ text: SEED_NOTE }] } : undefined);
    });
  });

  describe('in systemInstruction', () => {
    const note = SEED_NOTE;
    it.each<[string, unknown, unknown]>([
      ['sets a content when there is none', undefined, { parts: [{ text: note }] }],
      ['appends to a string with a blank line', 'Rules.', `Rules.\n\n${note}`],
      ['adds a part to a content', { role: 'user', parts: [{ text: 'Rules.' }] }, { role: 'user', parts: [{ text: 'Rules.' }, { text: note }] }],
      ['turns a single part into a content', { text: 'Rules.' }, { parts: [{ text: 'Rules.' }, { text: note }] }],
      ['adds a part to a part list', ['Rules.', { text: 'More.' }], ['Rules.', { text: 'More.' }, { text: note }]],
    ])('%s', (_, systemInstruction, expected) => {
      const body = geminiParameters(twenty, undefined, systemInstruction === undefined ? {} : { systemInstruction });
      const { body: output } = transform(body, geminiPlan(body));
      expect(output.config?.systemInstruction).toEqual(expected);
      expect(transform(output, geminiPlan(body)).body.config?.systemInstruction).toEqual(expected);
    });

    it('replaces a note another plan left in kept contents, and removes it when nothing is deferred any more', () => {
      const start = geminiRESTBody(twenty, undefined, { systemInstruction: { parts: [{ text: 'Rules.' }] } });
      const sent = transform(start, geminiPlan(start, { listing: 'names', neverDefer: ['tool_1'] })).body;
      const next = { ...start, systemInstruction: sent.systemInstruction };
      const after = transform(next, geminiPlan(next, { listing: 'names' })).body;
      expect(JSON.stringify(after.systemInstruction).split(SEED_NOTE.slice(0, 40))).toHaveLength(2);
      expect(JSON.stringify(after.systemInstruction)).toContain(': tool_0, tool_1, tool_2');
      expect(transform(next, geminiPlan(next, { threshold: 100 })).body.systemInstruction).toEqual({ parts: [{ text: 'Rules.' }] });
    });

    it('removes the systemInstruction it set when nothing is deferred any more', () => {
      const start = geminiParameters(twenty);
      const deferred = transform(start, geminiPlan(start)).body;
      expect('systemInstruction' in (transform(deferred, geminiPlan(start, { threshold: 100 })).body.config ?? {})).toBe(false);
    });

    it('warns when systemInstruction cannot be read', () => {
      const body = geminiParameters(twenty, undefined, { systemInstruction: 42 });
      const { body: output, warnings } = transform(body, geminiPlan(body));
      expect(output.config?.systemInstruction).toBe(42);
      expect(warnings.map((warning) => warning.code)).toEqual(['guidance-not-added']);
    });
  });

  describe('tools entries', () => {
    it('puts every declaration in the first entry that had any, keeping built-in tools in place', () => {
      const body = geminiParameters([], undefined, {
        tools: [
          { googleSearch: {} },
          { functionDeclarations: twenty.slice(0, 10), codeExecution: {} },
          { functionDeclarations: twenty.slice(10) },
          { urlContext: {} },
        ],
      });
      const { body: output } = transform(body, geminiPlan(body));
      const tools = geminiToolsOf(output);
      expect(tools.map((tool) => Object.keys(tool))).toEqual([['googleSearch'], ['functionDeclarations', 'codeExecution'], ['urlContext']]);
      expect(geminiToolSummary(output)).toHaveLength(21);
    });

    it('passes an SDK CallableTool through, with a warning', () => {
      const callable = { tool: async () => ({}), callTool: async () => [] };
      const body = geminiParameters([], undefined, { tools: [{ functionDeclarations: twenty }, callable] });
      const { body: output, warnings } = transform(body, geminiPlan(body));
      expect(geminiToolsOf(output)[1]).toBe(callable);
      expect(warnings.map((warning) => warning.code)).toEqual(['callable-tool-not-deferred']);
    });

    it('switches to the names listing rather than send more than 512 declarations', () => {
      const many = geminiParameters(geminiDeclarations(600));
      const { body: output, warnings } = transform(many, geminiPlan(many));
      expect(geminiToolSummary(output)).toEqual(['tool_search:search']);
      expect(JSON.stringify(output.config?.systemInstruction)).toContain('tool_599');
      expect(warnings.map((warning) => warning.code)).toEqual(['listing-changed-to-names']);
    });

    it('defers the last loaded tools when more than 512 are loaded, each still reachable through tool_search and call_tool', () => {
      const many = geminiParameters(geminiDeclarations(600));
      const { body: output, warnings } = transformGeminiRequest(many, geminiPlan(many, { threshold: 1000 }));
      const summary = geminiToolSummary(output);
      expect(summary).toHaveLength(512);
      expect(summary.slice(-2).map((entry) => entry.split(':')[0])).toEqual(['tool_search', 'call_tool']);
      expect(warnings.map((warning) => warning.code)).toEqual(['tools-deferred-for-limit']);
      expect(JSON.stringify(output.config?.systemInstruction)).toContain('tool_599');
      expect(preflightGeminiRequest(output).ok).toBe(true);
    });
  });

  describe('tool names', () => {
    const odd = ['github:create_issue', '3d.render', 'send email', 'ChaDri.change_drink', 'x'.repeat(70)];
    const body = geminiParameters(
      odd.map((name) => geminiDeclaration(name)),
      [
        { role: 'user', parts: [{ text: 'file it' }] },
        { role: 'model', parts: [{ functionCall: { name: 'github:create_issue', args: { path: 'a' } }, thoughtSignature: 'sig' }] },
        { role: 'user', parts: [{ functionResponse: { name: 'github:create_issue', response: { output: 'ok' } } }] },
        { role: 'model', parts: [{ functionCall: { name: 'old:removed', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'old:removed', response: { output: 'gone' } } }] },
      ],
      { toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['send email'] } } },
    );

    it('maps names sent, in the history and in allowedFunctionNames, to the safe Gemini rule', () => {
      const { body: output } = transform(body, geminiPlan(body));
      expect(geminiToolSummary(output).map((entry) => entry.split(':full')[0])).toEqual([
        'github_create_issue',
        '_3d.render',
        'send_email',
        'ChaDri.change_drink',
        expect.stringMatching(/^x{50,}_[0-9a-z]+$/),
      ]);
      const contents = output.contents as GeminiContent[];
      expect(contents[1]?.parts?.[0]).toEqual({ functionCall: { name: 'github_create_issue', args: { path: 'a' } }, thoughtSignature: 'sig' });
      expect(contents[2]?.parts?.[0]?.functionResponse?.name).toBe('github_create_issue');
      expect(contents[3]?.parts?.[0]?.functionCall?.name).toBe('old_removed');
      expect(output.config?.toolConfig?.functionCallingConfig?.allowedFunctionNames).toEqual(['send_email']);
    });

    it('lists wire names in the names listing’s note', () => {
      const { body: output } = transform(body, geminiPlan(body, { listing: 'names', threshold: 1 }));
      expect(JSON.stringify(output.config?.systemInstruction)).toContain(': github_create_issue, _3d.render, send_email, ChaDri.change_drink, x');
    });

    it('keeps a current tool’s wire name whatever the history holds (an old call of a b leaves a:b as a_b)', () => {
      const withOldCall = geminiParameters(
        [geminiDeclaration('a:b')],
        [
          { role: 'user', parts: [{ text: 'go' }] },
          { role: 'model', parts: [{ functionCall: { name: 'a b', args: {} } }] },
          { role: 'user', parts: [{ functionResponse: { name: 'a b', response: { output: 'ok' } } }] },
        ],
      );
      const { body: output, names } = transform(withOldCall, geminiPlan(withOldCall));
      expect(names.toWire('a:b')).toBe('a_b');
      expect(names.fromWire('a_b')).toBe('a:b');
      expect((output.contents as GeminiContent[])[1]?.parts?.[0]?.functionCall?.name).toMatch(/^a_b_[0-9a-z]+$/);
    });

    it('maps the model’s calls back with names.fromWire', () => {
      const { names } = transform(body, geminiPlan(body));
      expect(names.fromWire('github_create_issue')).toBe('github:create_issue');
      expect(names.fromWire('_3d.render')).toBe('3d.render');
      expect(names.fromWire('ChaDri.change_drink')).toBe('ChaDri.change_drink');
      expect(names.renamed.map(([from]) => from)).not.toContain('ChaDri.change_drink');
    });
  });

  describe('schemas', () => {
    const additional = geminiDeclaration('open', { parameters: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false } });
    it('sends parameters the REST API would reject as parametersJsonSchema, with a warning', () => {
      const body = geminiRESTBody([additional]);
      const { body: output, warnings } = transform(body, geminiPlan(body));
      expect(geminiToolsOf(output)[0]?.functionDeclarations).toEqual([
        { name: 'open', description: additional.description, parametersJsonSchema: additional.parameters },
      ]);
      expect(warnings.map((warning) => warning.code)).toEqual(['parameters-sent-as-json-schema']);
    });

    it('leaves additionalProperties in parameters to the SDK, which drops it itself', () => {
      const body = geminiParameters([additional]);
      const { body: output, warnings } = transform(body, geminiPlan(body));
      expect(geminiToolsOf(output)[0]?.functionDeclarations).toEqual([additional]);
      expect(warnings).toEqual([]);
    });

    it('sends parameters with oneOf as JSON Schema, written in lower-case types', () => {
      const body = geminiParameters([
        geminiDeclaration('either', {
          parameters: { type: 'OBJECT', properties: { a: { oneOf: [{ type: 'STRING' }, { type: 'INTEGER', nullable: true }] } } },
        }),
      ]);
      const { body: output } = transform(body, geminiPlan(body));
      expect((geminiToolsOf(output)[0]?.functionDeclarations as Record<string, unknown>[])[0]?.parametersJsonSchema).toEqual({
        type: 'object',
        properties: { a: { oneOf: [{ type: 'string' }, { type: ['integer', 'null'] }] } },
      });
    });

    it('keeps parametersJsonSchema and drops parameters when a declaration has both, with a warning', () => {
      const both = geminiDeclaration('both', { parametersJsonSchema: { type: 'object' } });
      const body = geminiRESTBody([both]);
      const { body: output, warnings } = transform(body, geminiPlan(body));
      expect(geminiToolsOf(output)[0]?.functionDeclarations).toEqual([
        { name: 'both', description: both.description, parametersJsonSchema: { type: 'object' } },
      ]);
      expect(warnings.map((warning) => warning.code)).toEqual(['parameters-dropped']);
    });
  });

  describe('with other mechanisms', () => {
    it('declares every tool in full and adds nothing under plan none', () => {
      const body = geminiParameters(twenty);
      const plan = geminiPlan(body, { mechanism: 'openai' });
      expect(plan.mechanism).toBe('none');
      const { body: output, warnings } = transform(body, plan);
      expect(output).toEqual(body);
      expect(warnings).toEqual([]);
    });

    it.each(['gpt-5.4', 'claude-opus-4-5'])('falls back to the client-side mechanism for a hosted plan (%s), with a warning', (model) => {
      const body = geminiParameters(twenty);
      const plan = geminiPlan(body, { listing: 'compact' }, model);
      const { body: output, warnings } = transform(body, plan);
      expect(JSON.stringify(output)).toBe(JSON.stringify(transform(body, { ...plan, mechanism: 'client' }).body));
      expect(geminiToolSummary(output)).toContain('tool_search:search');
      expect(warnings.map((warning) => warning.code)).toEqual(['hosted-mechanism-unsupported']);
      expect(warnings[0]?.message).toContain('the same tools are deferred with the client-side `tool_search` instead');
      expect(warnings[0]?.message).toContain("api: 'gemini'");
    });
  });

  describe('passes through', () => {
    it('contents that are a string or parts, and every other field', () => {
      const body = geminiParameters(twenty, 'hello', { temperature: 0.1 });
      const { body: output } = transform(body, geminiPlan(body));
      expect(output.contents).toBe('hello');
      expect(output.config?.temperature).toBe(0.1);
      expect(Object.keys(output.config ?? {})).toEqual(['tools', 'temperature', 'systemInstruction']);
    });

    it('a single content, with names mapped', () => {
      const body = geminiParameters([geminiDeclaration('a:b')], { role: 'model', parts: [{ functionCall: { name: 'a:b' } }] });
      expect(transform(body, geminiPlan(body)).body.contents).toEqual({ role: 'model', parts: [{ functionCall: { name: 'a_b' } }] });
    });

    it('items of contents it cannot read, with a warning', () => {
      const body = geminiParameters(twenty, [{ role: 'user', parts: [{ text: 'hi' }] }, 7]);
      const { body: output, warnings } = transform(body, geminiPlan(body));
      expect((output.contents as unknown[])[1]).toBe(7);
      expect(warnings.map((warning) => warning.code)).toEqual(['unknown-content']);
    });

    it('an SDK body without config, adding one only when needed', () => {
      const bare = { model: 'gemini-2.5-flash', contents: 'hi' };
      expect(transform(bare, geminiPlan(bare)).body).toEqual(bare);
    });
  });

  describe('purity', () => {
    const body = geminiParameters(
      bfcl.map(toGeminiDeclaration),
      [
        { role: 'user', parts: [{ text: 'hi' }] },
        { role: 'model', parts: [{ functionCall: { name: 'tool_search', args: { query: 'drink' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'tool_search', response: { output: found(['ChaDri.change_drink']) } } }] },
      ],
      { systemInstruction: 'Rules.' },
    );

    it('does not mutate its input', () => {
      const before = structuredClone(body);
      const plan = geminiPlan(body);
      const planBefore = structuredClone(plan);
      transform(body, plan, { revealed: ['uber.ride'] });
      expect(body).toEqual(before);
      expect(plan).toEqual(planBefore);
    });

    it('gives byte-identical output for equal input', () => {
      const first = transform(structuredClone(body), geminiPlan(body), { revealed: ['uber.ride'] });
      const second = transform(structuredClone(body), geminiPlan(body), { revealed: ['uber.ride'] });
      expect(JSON.stringify(second.body)).toBe(JSON.stringify(first.body));
    });
  });

  describe('on bad input', () => {
    const good = geminiParameters(geminiDeclarations(2));
    const plan = geminiPlan(good);
    it.each<[string, unknown, string, string]>([
      ['a body that is not an object', 5, 'invalid-request', 'must be a Gemini request object, got 5'],
      ['config that is not an object', { model: 'm', contents: 'hi', config: 'x' }, 'invalid-request', '`config` must be an object'],
      ['config and top-level tools', { ...good, tools: [] }, 'invalid-request', 'has both `config` (the @google/genai SDK shape) and top-level `tools`'],
      ['tools that are not an array', { model: 'm', contents: [], config: { tools: {} } }, 'invalid-request', '`config.tools` must be an array of tools'],
      [
        'a tool that is not an object',
        { model: 'm', contents: [], config: { tools: [null] } },
        'invalid-request',
        '`config.tools[0]` must be a tool object, got null',
      ],
      [
        'functionDeclarations that are not an array',
        geminiRESTBody([], [], { tools: [{ functionDeclarations: {} }] }),
        'invalid-request',
        '`tools[0].functionDeclarations` must be an array',
      ],
      [
        'a declaration without a name',
        geminiRESTBody([{ description: 'x' }]),
        'invalid-request',
        '`tools[0].functionDeclarations[0].name` must be a non-empty string',
      ],
      [
        'parameters that are not an object',
        geminiRESTBody([{ name: 'a', parameters: [] }]),
        'invalid-request',
        '`tools[0].functionDeclarations[0].parameters` of `a` must be a schema object',
      ],
      [
        'two declarations with one name',
        geminiRESTBody([], [], { tools: [{ functionDeclarations: [geminiDeclaration('a')] }, { functionDeclarations: [geminiDeclaration('a')] }] }),
        'invalid-request',
        'function `a` is declared twice',
      ],
      [
        'snake_case declarations',
        geminiRESTBody([], [], { tools: [{ function_declarations: [] }] }),
        'invalid-request',
        '`tools[0].function_declarations` is the snake_case spelling',
      ],
      [
        'a snake_case systemInstruction',
        { contents: [], system_instruction: {} },
        'invalid-request',
        '`system_instruction` is the snake_case spelling of `systemInstruction`',
      ],
      [
        'a snake_case function call',
        geminiParameters(geminiDeclarations(2), [{ role: 'model', parts: [{ function_call: { name: 'a' } }] }]),
        'invalid-request',
        '`contents[0].parts[0].function_call` is a snake_case field',
      ],
      [
        'a plan made for other tools',
        geminiParameters(geminiDeclarations(2, 'other')),
        'plan-mismatch',
        'the plan has `tool_0`, `tool_1`, which the tool list lacks',
      ],
    ])('throws for %s', (_, input, code, message) => {
      const call = () => transformGeminiRequest(input as object, plan);
      expect(call).toThrow(ToolSearchError);
      expect(call).toThrow(expect.objectContaining({ code, message: expect.stringContaining(message) }));
    });

    it.each<[string, unknown, unknown, string]>([
      ['a plan that is not a plan', null, undefined, '`plan` must be a plan from `resolveToolSearch` (with `mechanism` and `tools`), got null'],
      ['revealed that is not iterable', plan, { revealed: 5 }, '`options.revealed` must be an iterable of tool names'],
      ['revealed with an object', plan, { revealed: [{}] }, '`options.revealed` must hold tool names (strings), got an object'],
    ])('throws invalid-options for %s', (_, badPlan, options, message) => {
      expect(() => transformGeminiRequest(good, badPlan as never, options as never)).toThrow(
        expect.objectContaining({ code: 'invalid-options', message: expect.stringContaining(message) }),
      );
    });
  });
});
