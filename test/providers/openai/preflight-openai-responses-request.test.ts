import { describe, expect, it } from 'vitest';
import { preflightOpenAIResponsesRequest } from '../../support/preflight/preflight-openai-responses-request.js';
import { responsesBody, responsesFunction, responsesNamespace } from '../../support/openai-responses-bodies.js';

const deferred = (name: string) => responsesFunction(name, { defer_loading: true });
const search = { type: 'tool_search' };
const call = (name: string, extra: Record<string, unknown> = {}) => ({ type: 'function_call', call_id: 'call_1', name, arguments: '{}', ...extra });
const addition = (tools: unknown[], extra: Record<string, unknown> = {}) => ({ type: 'additional_tools', role: 'developer', tools, ...extra });

describe('preflightOpenAIResponsesRequest', () => {
  it.each([
    { case: 'a body without tools', body: { model: 'gpt-5.4', input: 'hi' } },
    {
      case: 'hosted search with a namespace and a deferred top-level function',
      body: responsesBody([responsesNamespace('crm', [deferred('lookup')]), deferred('flat'), search]),
    },
    {
      case: 'a history with namespaces on every call that needs one',
      body: responsesBody([responsesFunction('keep'), responsesNamespace('crm', [deferred('lookup')]), deferred('flat'), search], {
        input: [call('keep'), call('lookup', { namespace: 'crm' }), call('flat', { namespace: 'flat' }), call('gone')],
      }),
    },
    {
      case: 'a client-executed tool search with nothing deferred (unverified, not flagged)',
      body: responsesBody([responsesFunction('a'), { type: 'tool_search', execution: 'client' }]),
    },
    { case: 'a deferred MCP server with tool search', body: responsesBody([{ type: 'mcp', server_label: 'docs', defer_loading: true }, search]) },
    {
      case: 'a tool_search_call with a 64-character call_id',
      body: responsesBody([], { input: [{ type: 'tool_search_call', call_id: 'c'.repeat(64), arguments: {} }] }),
    },
    {
      case: 'custom tool names outside the function-name pattern',
      body: responsesBody([{ type: 'custom', name: 'apply.patch / v2' }], {
        input: [{ type: 'custom_tool_call', call_id: 'c', name: 'apply.patch / v2', input: 'x' }],
      }),
    },
    { case: 'a loaded top-level function of 100 characters', body: responsesBody([responsesFunction('x'.repeat(100))]) },
    { case: 'tool search on an unknown or gateway model', body: { ...responsesBody([deferred('a'), search]), model: 'openai/gpt-4.1' } },
    {
      case: 'tools added by additional_tools items (function, custom, namespace) and called by their own names',
      body: responsesBody([responsesFunction('keep'), { type: 'tool_search', execution: 'client' }], {
        input: [
          addition([responsesFunction('lookup'), { type: 'custom', name: 'apply patch' }]),
          addition([responsesNamespace('crm', [responsesFunction('refund')])]),
          call('lookup'),
          call('refund', { namespace: 'crm' }),
        ],
        tool_choice: { type: 'allowed_tools', mode: 'auto', tools: [{ type: 'function', name: 'keep' }] },
      }),
    },
    {
      case: 'a tool both sent in tools and added (tool_choice may name it)',
      body: responsesBody([responsesFunction('lookup')], {
        input: [addition([responsesFunction('lookup')])],
        tool_choice: { type: 'function', name: 'lookup' },
      }),
    },
  ])('passes $case', ({ body }) => {
    expect(preflightOpenAIResponsesRequest(body)).toEqual({ ok: true, violations: [] });
  });

  it.each([
    { rule: 'invalid-body', body: [], path: '' },
    { rule: 'invalid-tools', body: { tools: {} }, path: 'tools' },
    { rule: 'invalid-tools', body: { tools: [{ name: 'a' }] }, path: 'tools[0]' },
    { rule: 'invalid-tool-name', body: responsesBody([responsesFunction('github.create_issue')]), path: 'tools[0].name' },
    { rule: 'invalid-tool-name', body: responsesBody([responsesFunction('x'.repeat(129))]), path: 'tools[0].name' },
    { rule: 'invalid-tool-name', body: responsesBody([responsesNamespace('n', [responsesFunction('a b')])]), path: 'tools[0].tools[0].name' },
    { rule: 'duplicate-tool-name', body: responsesBody([responsesFunction('a'), responsesFunction('a')]), path: 'tools[1].name' },
    {
      rule: 'duplicate-tool-name',
      body: responsesBody([responsesNamespace('n', [responsesFunction('a'), responsesFunction('a')])]),
      path: 'tools[0].tools[1].name',
    },
    { rule: 'invalid-namespace-name', body: responsesBody([responsesNamespace('File Operations', [responsesFunction('a')])]), path: 'tools[0].name' },
    {
      rule: 'duplicate-namespace-name',
      body: responsesBody([responsesNamespace('n', [responsesFunction('a')]), responsesNamespace('n', [responsesFunction('b')])]),
      path: 'tools[1].name',
    },
    {
      rule: 'namespace-without-description',
      body: responsesBody([{ type: 'namespace', name: 'n', tools: [responsesFunction('a')] }]),
      path: 'tools[0].description',
    },
    { rule: 'namespace-without-tools', body: responsesBody([{ type: 'namespace', name: 'n', description: 'N', tools: [] }]), path: 'tools[0].tools' },
    {
      rule: 'namespace-member-type',
      body: responsesBody([{ type: 'namespace', name: 'n', description: 'N', tools: [{ type: 'web_search' }] }]),
      path: 'tools[0].tools[0]',
    },
    {
      rule: 'namespace-defer-loading',
      body: responsesBody([{ ...responsesNamespace('n', [deferred('a')]), defer_loading: true }, search]),
      path: 'tools[0].defer_loading',
    },
    { rule: 'namespace-reserved-name', body: responsesBody([responsesNamespace('terminal', [deferred('a')]), search]), path: 'tools[0].name' },
    {
      rule: 'namespace-named-like-deferred-function',
      body: responsesBody([deferred('crm'), responsesNamespace('crm', [deferred('a')]), search]),
      path: 'tools[1].name',
    },
    { rule: 'deferred-function-reserved-name', body: responsesBody([deferred('terminal'), search]), path: 'tools[0].name' },
    { rule: 'deferred-without-tool-search', body: responsesBody([responsesNamespace('n', [deferred('a')])]), path: 'tools[0].tools[0].defer_loading' },
    { rule: 'deferred-without-tool-search', body: responsesBody([{ type: 'custom', name: 'c', defer_loading: true }]), path: 'tools[0].defer_loading' },
    { rule: 'tool-search-without-deferred', body: responsesBody([responsesFunction('a'), search]), path: 'tools[1]' },
    { rule: 'duplicate-tool-search', body: responsesBody([deferred('a'), search, search]), path: 'tools[2]' },
    { rule: 'lone-surrogate', body: responsesBody([responsesFunction('a', { description: 'Weather \ud83d' })]), path: 'tools[0].description' },
    { rule: 'lone-surrogate', body: responsesBody([], { instructions: '\udc00 note' }), path: 'instructions' },
    {
      rule: 'tool-choice-deferred-function',
      body: responsesBody([deferred('a'), search], { tool_choice: { type: 'function', name: 'a' } }),
      path: 'tool_choice.name',
    },
    { rule: 'tool-choice-tool-search', body: responsesBody([deferred('a'), search], { tool_choice: { type: 'tool_search' } }), path: 'tool_choice' },
    {
      rule: 'function-call-missing-namespace',
      body: responsesBody([responsesNamespace('crm', [deferred('lookup')]), search], { input: [call('lookup')] }),
      path: 'input[0].namespace',
    },
    { rule: 'function-call-missing-namespace', body: responsesBody([deferred('flat'), search], { input: [call('flat')] }), path: 'input[0].namespace' },
    {
      case: 'a function the history loaded into a namespace',
      rule: 'function-call-missing-namespace',
      body: responsesBody([], {
        input: [{ type: 'tool_search_output', tools: [{ type: 'tool_reference', function_name: 'refund', namespace: 'billing' }] }, call('refund')],
      }),
      path: 'input[1].namespace',
    },
    { rule: 'function-call-invalid-name', body: responsesBody([], { input: [call('crm.lookup')] }), path: 'input[0].name' },
    { rule: 'invalid-tool-name', body: responsesBody([{ type: 'custom', name: '' }]), path: 'tools[0].name' },
    { rule: 'invalid-namespace-name', body: responsesBody([responsesNamespace('n'.repeat(65), [responsesFunction('a')])]), path: 'tools[0].name' },
    { rule: 'deferred-function-name-length', body: responsesBody([deferred('x'.repeat(65)), search]), path: 'tools[0].name' },
    {
      rule: 'tool-choice-deferred-function',
      body: responsesBody([deferred('a'), search], { tool_choice: { type: 'allowed_tools', mode: 'required', tools: [{ type: 'function', name: 'a' }] } }),
      path: 'tool_choice.tools[0].name',
    },
    {
      rule: 'tool-choice-namespaced-function',
      body: responsesBody([responsesNamespace('crm', [responsesFunction('a')])], { tool_choice: { type: 'function', name: 'a' } }),
      path: 'tool_choice.name',
    },
    {
      case: 'a custom tool call',
      rule: 'function-call-missing-namespace',
      body: responsesBody([{ type: 'namespace', name: 'code', description: 'Code', tools: [{ type: 'custom', name: 'patch' }] }], {
        input: [{ type: 'custom_tool_call', call_id: 'c', name: 'patch', input: 'x' }],
      }),
      path: 'input[0].namespace',
    },
    {
      rule: 'function-call-invalid-namespace',
      body: responsesBody([], { input: [call('lookup', { namespace: 'File Operations' })] }),
      path: 'input[0].namespace',
    },
    {
      rule: 'function-call-invalid-namespace',
      body: responsesBody([], { input: [call('lookup', { namespace: 'n'.repeat(65) })] }),
      path: 'input[0].namespace',
    },
    { rule: 'tool-search-unsupported-model', body: { ...responsesBody([deferred('a'), search]), model: 'gpt-5.4-nano' }, path: 'tools[1]' },
    {
      rule: 'tool-search-unsupported-model',
      body: { ...responsesBody([responsesFunction('a'), { type: 'tool_search', execution: 'client' }]), model: 'gpt-4.1' },
      path: 'tools[1]',
    },
    {
      rule: 'tool-search-call-id-length',
      body: responsesBody([], { input: [{ type: 'tool_search_call', call_id: 'c'.repeat(65), arguments: {} }] }),
      path: 'input[0].call_id',
    },
    {
      rule: 'tool-search-call-id-length',
      body: responsesBody([], { input: [{ type: 'tool_search_output', call_id: '', tools: [] }] }),
      path: 'input[0].call_id',
    },
    {
      rule: 'output-only-field',
      body: responsesBody([], { input: [{ type: 'tool_search_call', arguments: {}, created_by: 'resp_1' }] }),
      path: 'input[0].created_by',
    },
    {
      rule: 'output-only-field',
      body: responsesBody([], { input: [addition([responsesFunction('a')], { created_by: 'resp_1' })] }),
      path: 'input[0].created_by',
    },
    { rule: 'additional-tools-role', body: responsesBody([], { input: [addition([responsesFunction('a')], { role: 'user' })] }), path: 'input[0].role' },
    {
      rule: 'additional-tools-role',
      body: responsesBody([], { input: [{ type: 'additional_tools', tools: [responsesFunction('a')] }] }),
      path: 'input[0].role',
    },
    {
      rule: 'additional-tools-cache-breakpoint',
      body: responsesBody([], { input: [addition([responsesFunction('a')], { prompt_cache_breakpoint: { mode: 'explicit' } })] }),
      path: 'input[0].prompt_cache_breakpoint',
    },
    { rule: 'additional-tools-invalid', body: responsesBody([], { input: [{ type: 'additional_tools', role: 'developer' }] }), path: 'input[0].tools' },
    {
      case: 'a role JSON cannot write (BigInt), told without throwing (no client can send the body)',
      rule: 'unserializable-value',
      body: responsesBody([], { input: [{ type: 'additional_tools', role: 1n, tools: [responsesFunction('a')] }] }),
      path: 'input[0].role',
    },
    {
      case: 'an added namespace whose name JSON cannot write (BigInt), told without throwing (no client can send the body)',
      rule: 'unserializable-value',
      body: responsesBody([], { input: [addition([{ type: 'namespace', name: 1n, description: 'd', tools: [responsesFunction('a')] }])] }),
      path: 'input[0].tools[0].name',
    },
    { rule: 'additional-tools-invalid', body: responsesBody([], { input: [addition([{ name: 'a' }])] }), path: 'input[0].tools[0]' },
    {
      case: 'an added function',
      rule: 'invalid-tool-name',
      body: responsesBody([], { input: ['hi', addition([responsesFunction('github.create_issue')])] }),
      path: 'input[1].tools[0].name',
    },
    {
      case: 'an added namespace member',
      rule: 'invalid-tool-name',
      body: responsesBody([], { input: [addition([responsesNamespace('crm', [responsesFunction('a b')])])] }),
      path: 'input[0].tools[0].tools[0].name',
    },
    {
      case: 'one addition',
      rule: 'duplicate-tool-name',
      body: responsesBody([], { input: [addition([responsesFunction('a'), responsesFunction('a')])] }),
      path: 'input[0].tools[1].name',
    },
    {
      case: 'an added namespace',
      rule: 'invalid-namespace-name',
      body: responsesBody([], { input: [addition([responsesNamespace('File Operations', [responsesFunction('a')])])] }),
      path: 'input[0].tools[0].name',
    },
    {
      case: 'an added namespace',
      rule: 'namespace-reserved-name',
      body: responsesBody([], { input: [addition([responsesNamespace('terminal', [responsesFunction('a')])])] }),
      path: 'input[0].tools[0].name',
    },
    {
      case: 'an added namespace',
      rule: 'namespace-member-type',
      body: responsesBody([], { input: [addition([{ type: 'namespace', name: 'n', description: 'N', tools: [{ type: 'web_search' }] }])] }),
      path: 'input[0].tools[0].tools[0]',
    },
    {
      case: 'a forced added function',
      rule: 'tool-choice-added-tool',
      body: responsesBody([], { input: [addition([responsesFunction('lookup')])], tool_choice: { type: 'function', name: 'lookup' } }),
      path: 'tool_choice.name',
    },
    {
      case: 'an allowed added custom tool',
      rule: 'tool-choice-added-tool',
      body: responsesBody([responsesFunction('keep')], {
        input: [addition([{ type: 'custom', name: 'patch' }])],
        tool_choice: {
          type: 'allowed_tools',
          mode: 'auto',
          tools: [
            { type: 'function', name: 'keep' },
            { type: 'custom', name: 'patch' },
          ],
        },
      }),
      path: 'tool_choice.tools[1].name',
    },
    {
      case: 'an allowed function added in a namespace',
      rule: 'tool-choice-added-tool',
      body: responsesBody([], {
        input: [addition([responsesNamespace('crm', [responsesFunction('refund')])])],
        tool_choice: { type: 'allowed_tools', mode: 'required', tools: [{ type: 'function', name: 'refund' }] },
      }),
      path: 'tool_choice.tools[0].name',
    },
    {
      case: 'a call of a function added in a namespace',
      rule: 'function-call-missing-namespace',
      body: responsesBody([], { input: [addition([responsesNamespace('crm', [responsesFunction('refund')])]), call('refund')] }),
      path: 'input[1].namespace',
    },
    {
      case: 'a call of a function added deferred',
      rule: 'function-call-missing-namespace',
      body: responsesBody([], { input: [addition([deferred('refund')]), call('refund')] }),
      path: 'input[1].namespace',
    },
  ] as { case?: string; rule: string; body: unknown; path: string }[])('flags $rule at $path', ({ rule, body, path }) => {
    const result = preflightOpenAIResponsesRequest(body);
    expect(result.ok).toBe(false);
    expect(result.violations.map((violation) => [violation.rule, violation.path])).toContainEqual([rule, path]);
  });

  it.each([
    {
      rule: 'deferred-without-tool-search',
      body: responsesBody([deferred('a')]),
      text: "Invalid Value: 'tools.defer_loading'. Deferred tools require tools.tool_search.",
    },
    {
      rule: 'tool-search-without-deferred',
      body: responsesBody([search]),
      text: "Invalid Value: 'tools.tool_search'. tools.tool_search requires at least one deferred tool.",
    },
    {
      rule: 'function-call-missing-namespace',
      body: responsesBody([deferred('flat'), search], { input: [call('flat')] }),
      text: "Missing namespace for function_call 'flat'. It does not exist in the default namespace.",
    },
    {
      rule: 'deferred-function-reserved-name',
      body: responsesBody([deferred('terminal'), search]),
      text: "Function 'terminal.terminal' is not allowed in reserved namespace 'terminal'.",
    },
  ])("quotes the API's message for $rule", ({ rule, body, text }) => {
    const violation = preflightOpenAIResponsesRequest(body).violations.find((candidate) => candidate.rule === rule);
    expect(violation?.message).toContain(text);
  });

  it('lists every broken rule', () => {
    const body = responsesBody([responsesFunction('a.b', { defer_loading: true })], { input: [call('x', { created_by: 'y' })] });
    expect(preflightOpenAIResponsesRequest(body).violations.map((violation) => violation.rule)).toEqual(['invalid-tool-name', 'output-only-field']);
  });
});
