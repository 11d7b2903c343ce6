import { earlierResult } from '../../support/tools.js';
import { describe, expect, it } from 'vitest';
import { formatToolSearchResult } from '../../../src/client/tool-search-result.js';
import { preflightOpenAIResponsesRequest } from '../../support/preflight/preflight-openai-responses-request.js';
import { planFor, responsesBody, responsesFunction, responsesNamespace, transformChecked } from '../../support/openai-responses-bodies.js';

const HOSTED = { id: 'gpt-5.4', api: 'openai-responses' } as const;

/** keep: loaded top-level; crm.*: a namespace; File Operations: a namespace with an invalid name; flat, ChaDri.change_drink: deferred top-level. */
const tools = [
  responsesFunction('keep'),
  responsesNamespace('crm', [responsesFunction('lookup'), responsesFunction('list_orders')]),
  responsesNamespace('File Operations', [responsesFunction('write_file')]),
  { type: 'namespace', name: 'code', description: 'Code tools', tools: [{ type: 'custom', name: 'apply_patch' }, responsesFunction('format')] },
  responsesFunction('flat'),
  responsesFunction('ChaDri.change_drink'),
];
const config = { threshold: 0, neverDefer: ['keep'] };

/** The history item after a transform, with `item` replayed as the only item. */
function replay(item: Record<string, unknown>, before: unknown[] = []) {
  const body = responsesBody(tools, { input: [...before, item] });
  const result = transformChecked(body, planFor(body, HOSTED, config));
  const input = result.body.input as unknown[];
  return { item: input[input.length - 1], warnings: result.warnings.map((warning) => warning.code) };
}

const call = (name: string, extra: Record<string, unknown> = {}) => ({
  type: 'function_call',
  id: 'fc_1',
  call_id: 'call_1',
  name,
  arguments: '{}',
  status: 'completed',
  ...extra,
});

describe('transformOpenAIResponsesRequest on the history (input)', () => {
  describe('restores a missing namespace', () => {
    it.each([
      { case: 'of a namespaced function', item: call('lookup'), expected: call('lookup', { namespace: 'crm' }) },
      { case: 'of a deferred top-level function (its own name)', item: call('flat'), expected: call('flat', { namespace: 'flat' }) },
      { case: 'of a function in a renamed namespace', item: call('write_file'), expected: call('write_file', { namespace: 'File_Operations' }) },
      {
        case: 'of a function replayed under its original name',
        item: call('ChaDri.change_drink'),
        expected: call('ChaDri_change_drink', { namespace: 'ChaDri_change_drink' }),
      },
      {
        case: 'of a custom tool call',
        item: { type: 'custom_tool_call', call_id: 'call_2', name: 'apply_patch', input: 'diff' },
        expected: { type: 'custom_tool_call', call_id: 'call_2', name: 'apply_patch', input: 'diff', namespace: 'code' },
      },
    ])('$case', ({ item, expected }) => {
      const result = replay(item);
      expect(result.item).toEqual(expected);
      expect(result.warnings).toContain('function-call-namespace-restored');
    });

    it('of a custom tool call whose name two namespaces hold (the first namespace sent; found by the property test, FC_SEED=-1185983531)', () => {
      const body = responsesBody(
        [
          ...tools,
          { type: 'namespace', name: 'files', description: 'Files', tools: [{ type: 'custom', name: 'constructor' }] },
          { type: 'namespace', name: 'accounts', description: 'Accounts', tools: [{ type: 'custom', name: 'constructor' }] },
        ],
        {
          input: [
            { type: 'custom_tool_call', call_id: 'call_3', name: 'constructor', input: 'x' },
            { type: 'custom_tool_call_output', call_id: 'call_3', output: 'done' },
          ],
        },
      );
      const result = transformChecked(body, planFor(body, HOSTED, config));
      expect((result.body.input as unknown[])[0]).toEqual({
        type: 'custom_tool_call',
        call_id: 'call_3',
        name: 'constructor',
        input: 'x',
        namespace: 'accounts',
      });
      expect(result.warnings.find((warning) => warning.code === 'function-call-namespace-restored')?.message).toContain(
        'it is in `accounts`, `files`, and the first was given',
      );
      expect(preflightOpenAIResponsesRequest(result.body).ok).toBe(true);
    });

    it('of a tool no longer in the body, from where the history loaded it', () => {
      const loaded = {
        type: 'tool_search_output',
        id: 'tso_1',
        call_id: null,
        execution: 'server',
        status: 'completed',
        tools: [
          {
            type: 'namespace',
            name: 'billing',
            description: 'Billing',
            tools: [{ type: 'function', name: 'refund', defer_loading: true, parameters: { type: 'object' } }],
          },
        ],
      };
      expect(replay(call('refund'), [loaded]).item).toEqual(call('refund', { namespace: 'billing' }));
    });
  });

  describe('maps a namespace to the one sent', () => {
    it.each([
      {
        case: 'the category label',
        item: call('write_file', { namespace: 'File Operations' }),
        expected: call('write_file', { namespace: 'File_Operations' }),
      },
      {
        case: 'the original name of a deferred top-level function',
        item: call('ChaDri.change_drink', { namespace: 'ChaDri.change_drink' }),
        expected: call('ChaDri_change_drink', { namespace: 'ChaDri_change_drink' }),
      },
    ])('given as $case', ({ item, expected }) => {
      expect(replay(item).item).toEqual(expected);
    });
  });

  describe('leaves alone', () => {
    it.each([
      { case: 'a call of a loaded top-level function', item: call('keep') },
      { case: 'a call with its namespace', item: call('lookup', { namespace: 'crm' }) },
      { case: 'a call of a tool nobody knows', item: call('gone') },
      { case: 'an item of an unknown type', item: { type: 'future_item', created_by: 'x', payload: [1] } },
      { case: 'a message', item: { type: 'message', role: 'user', content: 'hello' } },
      { case: 'the name of a custom tool call, free text', item: { type: 'custom_tool_call', call_id: 'call_3', name: 'apply.patch v2', input: 'diff' } },
      { case: 'a function_call_output that is not a tool_search result', item: { type: 'function_call_output', call_id: 'call_1', output: '{"status":"ok"}' } },
    ])('$case (the same object)', ({ item }) => {
      expect(replay(item).item).toBe(item);
    });

    it('the name of a call of a removed tool, unless the API would reject it', () => {
      expect(replay(call('gone.tool')).item).toEqual(call('gone_tool'));
      expect(replay(call('other.tool'), [call('other_tool')]).item).toMatchObject({ name: expect.stringMatching(/^other_tool_[0-9a-z]+$/) });
    });

    it('a string input', () => {
      const body = responsesBody(tools, { input: 'hello' });
      expect(transformChecked(body, planFor(body, HOSTED, config)).body.input).toBe('hello');
    });
  });

  describe('keeps tool search items', () => {
    const searchCall = {
      type: 'tool_search_call',
      id: 'tsc_1',
      call_id: null,
      execution: 'server',
      arguments: { paths: ['crm'], query: 'open orders' },
      status: 'completed',
    };
    const searchOutput = {
      type: 'tool_search_output',
      id: 'tso_1',
      call_id: null,
      execution: 'server',
      status: 'completed',
      tools: [
        { type: 'namespace', name: 'crm', description: 'The crm tools', tools: [{ ...responsesFunction('lookup'), defer_loading: true }] },
        { type: 'tool_reference', function_name: 'list_orders', namespace: 'crm' },
        { type: 'future_entry', anything: true },
      ],
    };

    it.each([
      { case: 'a tool_search_call', item: searchCall },
      { case: 'a tool_search_output with tool references and unknown entries', item: searchOutput },
    ])('$case exactly, minus created_by', ({ item }) => {
      expect(replay({ ...item, created_by: 'resp_1' }).item).toEqual(item);
      expect(replay(item).item).toBe(item);
    });

    it('maps an original name a caller put into a tool_search_output', () => {
      const output = {
        type: 'tool_search_output',
        call_id: 'call_ts',
        execution: 'client',
        tools: [{ type: 'function', name: 'ChaDri.change_drink', defer_loading: true, parameters: null, strict: false }],
      };
      expect(replay(output).item).toEqual({ ...output, tools: [{ ...output.tools[0], name: 'ChaDri_change_drink' }] });
    });
  });

  describe('keeps additional_tools items', () => {
    const addition = {
      type: 'additional_tools',
      role: 'developer',
      id: 'at_1',
      tools: [
        { ...responsesFunction('refund'), strict: true },
        { type: 'custom', name: 'apply patch' },
        { type: 'namespace', name: 'billing', description: 'Billing', tools: [responsesFunction('invoice')] },
      ],
    };

    it('exactly, at their place, minus created_by', () => {
      expect(replay({ ...addition, created_by: 'resp_1' }).item).toEqual(addition);
      expect(replay(addition).item).toBe(addition);
      const body = responsesBody(tools, { input: [{ type: 'message', role: 'user', content: 'hi' }, addition, call('refund')] });
      const input = transformChecked(body, planFor(body, HOSTED, config)).body.input as unknown[];
      expect(input[1]).toBe(addition);
    });

    it('maps an original name a caller put into one, as in calls', () => {
      const given = { type: 'additional_tools', role: 'developer', tools: [responsesFunction('ChaDri.change_drink')] };
      expect(replay(given).item).toEqual({ ...given, tools: [{ ...given.tools[0], name: 'ChaDri_change_drink' }] });
    });

    it('gives a removed tool whose name the API rejects the same valid name in the item and in its calls; custom names stay', () => {
      const given = {
        type: 'additional_tools',
        role: 'developer',
        tools: [
          responsesFunction('gone.tool'),
          { type: 'custom', name: 'apply patch' },
          { type: 'namespace', name: 'Old Files', description: 'Old', tools: [responsesFunction('read_old')] },
        ],
      };
      const body = responsesBody(tools, { input: [given, call('gone.tool'), call('read_old', { namespace: 'Old Files' })] });
      const input = transformChecked(body, planFor(body, HOSTED, config)).body.input as Record<string, unknown>[];
      const [item, goneCall, oldCall] = input as [typeof given, Record<string, unknown>, Record<string, unknown>];
      expect(item.tools[0]).toEqual({ ...given.tools[0], name: 'gone_tool' });
      expect(item.tools[1]).toBe(given.tools[1]);
      expect(goneCall.name).toBe('gone_tool');
      expect(oldCall.namespace).toBe((item.tools[2] as { name: string }).name);
      expect(oldCall.namespace).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    });

    it('gives a tool the body lacks, named like the wire name of a tool in the same item, a name of its own in the item and its calls (issue 24 item 8, seed 11)', () => {
      // `🢁` is sent as `_`; the caller's own `_` is not in the body. An item naming both in the caller's spelling holds two tools.
      const body = responsesBody([responsesFunction('keep'), responsesFunction('🢁'), ...tools.slice(1)], {
        input: [
          { type: 'additional_tools', role: 'developer', tools: [responsesFunction('🢁'), responsesFunction('_')] },
          call('_'),
          { type: 'function_call_output', call_id: 'call_1', output: 'done' },
        ],
      });
      const plan = planFor(body, HOSTED, config);
      const result = transformChecked(body, plan);
      const [item, replayed] = result.body.input as [{ tools: { name: string }[] }, { name: string }];
      const [sent, other] = item.tools.map((tool) => tool.name) as [string, string];
      expect(sent).toBe(result.names.toWire('🢁'));
      expect(other).not.toBe(sent);
      expect(other).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      expect(replayed.name).toBe(other);
      // Stable on its own output.
      expect(JSON.stringify(transformChecked(result.body, plan).body)).toBe(JSON.stringify(result.body));
    });

    it('reads where a call of an added tool lives: top-level needs no namespace, a namespaced one gets it back', () => {
      expect(replay(call('refund'), [addition]).item).toEqual(call('refund'));
      expect(replay(call('invoice'), [addition]).item).toEqual(call('invoice', { namespace: 'billing' }));
    });
  });

  it('removes created_by from the items that have it on output', () => {
    expect(replay(call('lookup', { namespace: 'crm', created_by: 'resp_1' })).item).toEqual(call('lookup', { namespace: 'crm' }));
    expect(replay({ type: 'function_call_output', call_id: 'call_1', output: 'ok', created_by: 'user_1' }).item).toEqual({
      type: 'function_call_output',
      call_id: 'call_1',
      output: 'ok',
    });
  });

  it("maps the names in this package's tool_search results to the names the model can call", () => {
    const result = formatToolSearchResult(
      earlierResult({
        status: 'found',
        query: 'change drink',
        tools: [{ name: 'ChaDri.change_drink', inputSchema: { type: 'object' } }],
        loaded: ['ChaDri.change_drink'],
        message: 'Loaded.',
      }),
    );
    const output = replay({ type: 'function_call_output', call_id: 'call_1', output: result }).item as { output: string };
    expect(JSON.parse(output.output)).toMatchObject({ tools: [{ name: 'ChaDri_change_drink' }], loaded: ['ChaDri_change_drink'] });
  });

  it('passes preflight where the untransformed history would fail it', () => {
    const body = responsesBody(tools, { input: [call('lookup'), call('ChaDri.change_drink', { created_by: 'x' })] });
    expect(preflightOpenAIResponsesRequest(body).ok).toBe(false);
    transformChecked(body, planFor(body, HOSTED, config));
  });
});
