import { describe, expect, it } from 'vitest';
import type { ToolSearchConfigInput } from '../../../src/config/tool-search-config.js';
import type { ModelReference } from '../../../src/models/model-reference.js';
import { resolveToolSearch } from '../../../src/plan/resolve-tool-search.js';
import type { ToolSearchPlan } from '../../../src/plan/tool-search-plan.js';
import { transformOpenAIResponsesRequest, type TransformOpenAIResponsesRequestOptions } from '../../../src/providers/openai/index.js';
import { TOOL_SEARCH_TOOL_DEFINITION } from '../../../src/tools/tool-search-tool-definition.js';
import type { ToolDefinition } from '../../../src/tools/tool-definition.js';
import { tool } from '../../support/tools.js';
import { toResponsesFunction } from '../../support/openai-responses-bodies.js';

const HOSTED: ModelReference = { id: 'gpt-5.4', api: 'openai-responses' };
const CLIENT: ModelReference = { id: 'gpt-5.2', api: 'openai-responses' };

/** One tool of a test body: a planned function (its definition makes the plan), or a tool the plan does not manage. */
type BodyTool =
  | { readonly kind: 'planned'; readonly definition: ToolDefinition; readonly group?: string }
  | { readonly kind: 'unmanaged'; readonly name: string; readonly deferred: boolean; readonly group?: string }
  | { readonly kind: 'search'; readonly clientExecuted: boolean }
  | { readonly kind: 'own' };

function planned(name: string, extra: Partial<ToolDefinition> = {}, group?: string): BodyTool {
  const definition = tool(name, undefined, extra);
  return group === undefined ? { kind: 'planned', definition } : { kind: 'planned', definition, group };
}

function unmanaged(name: string, deferred: boolean, extra: { group?: string } = {}): BodyTool {
  return { kind: 'unmanaged', name, deferred, ...extra };
}

/** The body tool a test tool stands for: functions without their category (the plan has it), custom tools, search tools. */
function toBodyTool(entry: BodyTool): Record<string, unknown> {
  switch (entry.kind) {
    case 'planned': {
      const { category: _category, deferrable: _deferrable, ...definition } = entry.definition;
      return { ...toResponsesFunction(definition) };
    }
    case 'unmanaged':
      return { type: 'custom', name: entry.name, ...(entry.deferred ? { defer_loading: true } : {}) };
    case 'search':
      return entry.clientExecuted ? { type: 'tool_search', execution: 'client', parameters: { type: 'object' } } : { type: 'tool_search' };
    case 'own':
      return { ...toResponsesFunction(TOOL_SEARCH_TOOL_DEFINITION) };
  }
}

/** The body's tools (consecutive tools of one group in one namespace), and each test tool's body tool, in order. */
function toBodyTools(tools: readonly BodyTool[]): { list: Record<string, unknown>[]; flat: Record<string, unknown>[] } {
  const list: Record<string, unknown>[] = [];
  const flat = tools.map(toBodyTool);
  let namespace: { name: string; tools: Record<string, unknown>[] } | undefined;
  tools.forEach((entry, index) => {
    const group = 'group' in entry ? entry.group : undefined;
    const bodyTool = flat[index] as Record<string, unknown>;
    if (group === undefined) {
      namespace = undefined;
      list.push(bodyTool);
    } else if (namespace?.name === group) namespace.tools.push(bodyTool);
    else {
      namespace = { name: group, tools: [bodyTool] };
      list.push({ type: 'namespace', description: `The ${group} tools`, ...namespace });
    }
  });
  return { list, flat };
}

/** The transform of a body holding these tools, with a plan made from their definitions. */
function decide(
  tools: readonly BodyTool[],
  model: ModelReference,
  config: ToolSearchConfigInput,
  extra: { readonly forced?: readonly string[]; readonly options?: TransformOpenAIResponsesRequestOptions } = {},
  mechanism?: ToolSearchPlan['mechanism'],
) {
  const definitions = tools.flatMap((entry) => (entry.kind === 'planned' ? [entry.definition] : []));
  const resolved = resolveToolSearch(model, definitions, config);
  // A plan without a mechanism, as a stored plan or one for a model without tool search may hold.
  const plan: ToolSearchPlan =
    mechanism === 'none'
      ? { ...resolved, mechanism, tools: resolved.tools.map((entry) => ({ name: entry.name, status: 'loaded', reason: 'no-mechanism' })) }
      : resolved;
  const [forced] = extra.forced ?? [];
  const { list, flat } = toBodyTools(tools);
  const body = { model: 'gpt-5', input: 'hi', tools: list, ...(forced === undefined ? {} : { tool_choice: { type: 'function', name: forced } }) };
  const result = transformOpenAIResponsesRequest(body, plan, extra.options);
  const sent = (result.body.tools ?? []) as Record<string, unknown>[];
  return { result, tools, flat, sent, instructions: result.body.instructions };
}

type Decided = ReturnType<typeof decide>;

/** Where each sent function or custom tool is, by name: its namespace and the tool as sent. */
function sentByName(sent: readonly Record<string, unknown>[]): Map<string, { tool: Record<string, unknown>; group?: string }> {
  const found = new Map<string, { tool: Record<string, unknown>; group?: string }>();
  for (const entry of sent) {
    if (entry.type === 'namespace')
      for (const member of entry.tools as Record<string, unknown>[]) found.set(member.name as string, { tool: member, group: entry.name as string });
    else if (entry.type === 'function' || entry.type === 'custom') found.set(entry.name as string, { tool: entry });
  }
  return found;
}

/** How each tool of the body is sent, in body order: `loaded`, `defer-loading`, `omitted`, `as-is`, `undeferred`, `dropped`, with `@namespace`. */
function forms({ tools, flat, sent, result }: Decided): string[] {
  const byName = sentByName(sent);
  return tools.map((entry, index) => {
    // The body's own search tool is sent as it is, or not at all; the package's own tool is never sent as the body's.
    if (entry.kind === 'own' || entry.kind === 'search') return sent.includes(flat[index] as Record<string, unknown>) ? 'as-is' : 'dropped';
    const name = entry.kind === 'planned' ? result.names.toWire(entry.definition.name) : entry.name;
    const found = byName.get(name);
    if (found === undefined) return 'omitted';
    const form =
      entry.kind === 'planned'
        ? found.tool.defer_loading === true
          ? 'defer-loading'
          : 'loaded'
        : entry.deferred && found.tool.defer_loading !== true
          ? 'undeferred'
          : 'as-is';
    return found.group === undefined ? form : `${form}@${found.group}`;
  });
}

/** The tool search tool sent last: the body's own (by its index among the body's tools), the library's, OpenAI's hosted one. */
function searchOf({ flat, sent }: Decided) {
  const last = sent.at(-1);
  if (last?.type !== 'tool_search') return undefined;
  const index = flat.indexOf(last);
  if (index >= 0) return { source: 'body', index };
  return last.execution === 'client' ? { source: 'library' } : { source: 'hosted' };
}

const codes = ({ result }: Decided) => result.warnings.map((warning) => warning.code);

describe('transformOpenAIResponsesRequest: which tools are sent in which form', () => {
  describe("under OpenAI's hosted search", () => {
    const provider = { threshold: 0, search: 'provider' } as const;

    it('defers what the plan defers, groups by category, and sends the hosted search tool', () => {
      const decided = decide([planned('a', { category: 'files' }), planned('b'), planned('c', { deferrable: 'never' })], HOSTED, provider);
      expect(forms(decided)).toEqual(['defer-loading@files', 'defer-loading', 'loaded']);
      expect(searchOf(decided)).toEqual({ source: 'hosted' });
      expect(decided.instructions).toBeUndefined();
      expect(decided.result.warnings).toEqual([]);
    });

    it('sends a forced tool loaded and ungrouped, with a warning', () => {
      const decided = decide([planned('a', { category: 'files' }), planned('b')], HOSTED, provider, { forced: ['a'] });
      expect(forms(decided)).toEqual(['loaded', 'defer-loading']);
      expect(codes(decided)).toEqual(['forced-tool-kept-loaded']);
    });

    it('keeps a tool loaded that the API rejects deferred alone, and defers it in a group', () => {
      // `terminal` is a reserved namespace: a deferred top-level function of that name is called in it.
      expect(forms(decide([planned('terminal'), planned('b')], HOSTED, provider))).toEqual(['loaded', 'defer-loading']);
      const grouped = decide([planned('terminal', { category: 'shell' }), planned('b')], HOSTED, provider);
      expect(forms(grouped)).toEqual(['defer-loading@shell', 'defer-loading']);
    });

    it('groups tools without a category by a shared name prefix when asked', () => {
      const tools = [planned('github__a'), planned('github__b'), planned('slack__post')];
      const options = { options: { uncategorized: 'name-prefix' } } as const;
      expect(forms(decide(tools, HOSTED, provider, options))).toEqual(['defer-loading@github', 'defer-loading@github', 'defer-loading']);
    });

    it('keeps the deferral of tools the caller deferred itself, and reuses the body’s own search tool', () => {
      const decided = decide([planned('a', { deferrable: 'never' }), unmanaged('docs', true), { kind: 'search', clientExecuted: false }], HOSTED, provider);
      expect(forms(decided)).toEqual(['loaded', 'as-is', 'as-is']);
      expect(searchOf(decided)).toEqual({ source: 'body', index: 2 });
    });

    it('sends no search tool, and drops the body’s, when nothing is deferred', () => {
      const decided = decide([planned('a', { deferrable: 'never' }), { kind: 'search', clientExecuted: false }], HOSTED, provider);
      expect(searchOf(decided)).toBeUndefined();
      expect(codes(decided)).toEqual(['tool-search-tool-removed']);
    });

    it('names the groups past the recommended size that hold a deferred tool', () => {
      const tools = Array.from({ length: 11 }, (_, index) => planned(`t${index}`, { category: 'big' }));
      expect(codes(decide(tools, HOSTED, provider))).toEqual(['namespace-over-recommended-size']);
      expect(codes(decide(tools.slice(1), HOSTED, provider))).toEqual([]);
    });
  });

  describe("with the library's search", () => {
    it.each([
      ['names', ['omitted', 'omitted', 'loaded']],
      ['none', ['omitted', 'omitted', 'loaded']],
      ['full', ['defer-loading', 'defer-loading', 'loaded']],
      ['compact', ['defer-loading', 'defer-loading', 'loaded']],
    ] as const)('the %s listing gives %j', (listing, expected) => {
      const description = 'Does a. And more.';
      const decided = decide([planned('a', { description }), planned('b'), planned('c', { deferrable: 'never' })], HOSTED, {
        threshold: 0,
        search: 'library',
        listing,
      });
      expect(forms(decided)).toEqual(expected);
      expect(searchOf(decided)).toEqual({ source: 'library' });
      const a = sentByName(decided.sent).get('a')?.tool;
      expect(a === undefined ? undefined : a.description !== description).toBe(listing === 'compact' ? true : listing === 'full' ? false : undefined);
      expect(typeof decided.instructions).toBe('string');
    });

    it('removes the deferral of tools the caller deferred itself: only one tool search tool fits', () => {
      const decided = decide([planned('a'), unmanaged('docs', true)], HOSTED, { threshold: 0, search: 'library', listing: 'full' });
      expect(forms(decided)).toEqual(['defer-loading', 'undeferred']);
      expect(codes(decided)).toEqual(['deferral-removed']);
    });

    it('sends the hosted search tool for the caller’s deferrals when the plan defers nothing', () => {
      const decided = decide([planned('a', { deferrable: 'never' }), unmanaged('docs', true)], HOSTED, { threshold: 0, search: 'library' });
      expect(forms(decided)).toEqual(['loaded', 'as-is']);
      expect(searchOf(decided)).toEqual({ source: 'hosted' });
      expect(codes(decided)).toEqual(['hosted-search-for-caller-deferral']);
    });
  });

  describe('with no mechanism', () => {
    it('loads everything, keeps the body groups, and removes the caller’s deferrals', () => {
      const decided = decide([planned('a', {}, 'crm'), unmanaged('notes', true, { group: 'crm' }), unmanaged('docs', true)], HOSTED, {}, {}, 'none');
      expect(forms(decided)).toEqual(['loaded@crm', 'undeferred@crm', 'undeferred']);
      expect(searchOf(decided)).toBeUndefined();
      expect(codes(decided)).toEqual(['deferral-removed']);
    });
  });

  describe('under the client-side mechanism', () => {
    it('sends the client list, and leaves the list’s tools to it', () => {
      const decided = decide([planned('a'), planned('b', { deferrable: 'never' }), { kind: 'own' }], CLIENT, { threshold: 0 });
      expect(forms(decided)).toEqual(['omitted', 'loaded', 'dropped']);
      expect(decided.sent.map((entry) => `${entry.name as string}:${entry.strict === false && entry.name !== 'b' ? 'stub' : 'full'}`)).toEqual([
        'b:full',
        'tool_search:stub',
        'call_tool:stub',
      ]);
    });

    it('reveals a forced deferred tool, with a warning', () => {
      const decided = decide([planned('a'), planned('b')], CLIENT, { threshold: 0 }, { forced: ['a'] });
      expect(sentByName(decided.sent).get('a')?.tool.parameters).toEqual(tool('a').inputSchema);
      expect(codes(decided)).toEqual(['forced-tool-kept-loaded']);
    });

    it('keeps a client-executed search tool of the body only when nothing is deferred', () => {
      const search: BodyTool = { kind: 'search', clientExecuted: true };
      expect(searchOf(decide([planned('a', { deferrable: 'never' }), search], CLIENT, { threshold: 0 }))).toEqual({ source: 'body', index: 1 });
      const deferring = decide([planned('a'), search], CLIENT, { threshold: 0 });
      expect(searchOf(deferring)).toBeUndefined();
      expect(codes(deferring)).toEqual(['tool-search-tool-removed']);
    });
  });
});

describe('transformOpenAIResponsesRequest: the namespace names sent', () => {
  /** The namespace each function or custom tool is sent in, for functions with these categories (and other body tools). */
  function namespaceOf(definitions: readonly ToolDefinition[], extra: readonly Record<string, unknown>[] = []): Map<string, string> {
    const body = { model: 'gpt-5', input: 'hi', tools: [...definitions.map((entry) => toBodyTool({ kind: 'planned', definition: entry })), ...extra] };
    return namespacesIn(transformOpenAIResponsesRequest(body, resolveToolSearch(HOSTED, definitions, { threshold: 0, search: 'provider' })).body.tools);
  }
  function namespacesIn(tools: readonly unknown[] | undefined): Map<string, string> {
    const found = new Map<string, string>();
    for (const entry of (tools ?? []) as Record<string, unknown>[]) {
      if (entry.type === 'namespace') for (const member of entry.tools as Record<string, unknown>[]) found.set(member.name as string, entry.name as string);
    }
    return found;
  }
  const inCategory = (name: string, category: string) => tool(name, undefined, { category });
  const customsIn = (name: string, custom: string) => ({
    type: 'namespace',
    name,
    description: `The ${name} tools`,
    tools: [{ type: 'custom', name: custom }],
  });

  it.each([
    { label: 'crm', wire: 'crm' },
    { label: 'File Operations', wire: 'File_Operations' },
    { label: 'github/issues', wire: 'github_issues' },
    { label: 'tool_search', wire: 'tool_search_namespace' },
    { label: 'terminal', wire: 'terminal_namespace' },
    { label: 'TERMINAL', wire: 'TERMINAL_namespace' },
    { label: 'functions', wire: 'functions_namespace' },
  ])('names $label as $wire', ({ label, wire }) => {
    expect(namespaceOf([inCategory('f', label)]).get('f')).toBe(wire);
  });

  it('avoids a reserved name reached by replacing characters, whatever the case', () => {
    const names = namespaceOf([inCategory('f', 'tool search'), inCategory('g', 'TOOL SEARCH')]);
    for (const name of names.values()) expect(name.toLowerCase()).not.toBe('tool_search');
    expect(new Set(names.values()).size).toBe(2);
  });

  describe('with secondary labels (namespaces only custom tools use)', () => {
    it('never changes a first label’s name and never takes it', () => {
      const names = namespaceOf([inCategory('f', 'café')], [customsIn('caf_', 'x'), customsIn('caf.', 'y')]);
      expect(names.get('f')).toBe('caf_');
      expect(names.get('x')).toBe('caf__namespace');
      expect(names.get('y')).toMatch(/^caf__[0-9a-z]+$/);
      expect(new Set(names.values()).size).toBe(3);
    });

    it('names an earlier output’s namespaces the same again', () => {
      const definitions = [inCategory('f', 'café')];
      const plan = resolveToolSearch(HOSTED, definitions, { threshold: 0, search: 'provider' });
      const body = {
        model: 'gpt-5',
        input: 'hi',
        tools: [toBodyTool({ kind: 'planned', definition: definitions[0] as ToolDefinition }), customsIn('caf_', 'x')],
      };
      const first = transformOpenAIResponsesRequest(body, plan).body;
      const second = transformOpenAIResponsesRequest(first, plan).body;
      expect(namespacesIn(second.tools)).toEqual(namespacesIn(first.tools));
      expect(namespacesIn(first.tools).get('x')).toBe('caf__namespace');
    });
  });

  it('avoids blocked names (the top-level function names of the request)', () => {
    const names = namespaceOf([inCategory('f', 'crm'), inCategory('g', 'lookup tools'), tool('crm'), tool('lookup_tools')]);
    expect(names.get('f')).toBe('crm_namespace');
    expect(names.get('g')).toMatch(/^lookup_tools_[0-9a-z]+$/);
  });

  it('gives colliding labels distinct names that depend only on the set of labels', () => {
    const definitions = ['a b', 'a.b', 'a_b'].map((label, index) => inCategory(`f${index}`, label));
    const forward = namespaceOf(definitions);
    const backward = namespaceOf([...definitions].reverse());
    expect(forward.get('f2')).toBe('a_b');
    expect(new Set(forward.values()).size).toBe(3);
    expect([...backward].sort()).toEqual([...forward].sort());
  });

  it('shortens labels longer than 128 characters to distinct names', () => {
    const names = [...namespaceOf([inCategory('f', 'x'.repeat(200)), inCategory('g', `${'x'.repeat(199)}y`)]).values()];
    expect(new Set(names).size).toBe(2);
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
  });
});
