import { describe, expect, it } from 'vitest';
import { createToolNameMapping } from '../../../src/names/create-tool-name-mapping.js';
import type { ToolSearchConfigInput } from '../../../src/config/tool-search-config.js';
import type { ModelReference } from '../../../src/models/model-reference.js';
import { resolveToolSearch } from '../../../src/plan/resolve-tool-search.js';
import type { ToolSearchPlan } from '../../../src/plan/tool-search-plan.js';
import type { RequestTool } from '../../../src/request/request-tools.js';
import { resolveForcedTools } from '../../../src/request/resolve-forced-tools.js';
import { resolveGroupedTools, type ResolveGroupedToolsInput } from '../../../src/providers/openai/resolve-grouping-api-request.js';
import type { ToolDefinition } from '../../../src/tools/tool-definition.js';
import { tool } from '../../support/tools.js';

const HOSTED: ModelReference = { id: 'gpt-5.4', api: 'openai-responses' };
const CLIENT: ModelReference = { id: 'gpt-5.2', api: 'openai-responses' };
const RULE = { label: 'test', allowed: /[a-zA-Z0-9_-]/, maxLength: 64 };

function planned(name: string, extra: Partial<ToolDefinition> = {}, group?: string): RequestTool {
  const definition = tool(name, undefined, extra);
  return group === undefined
    ? { kind: 'planned', name, path: name, definition, deferred: false }
    : { kind: 'planned', name, path: name, definition, deferred: false, group };
}

function unmanaged(name: string, deferred: boolean, extra: { group?: string; deferredAloneRejected?: boolean } = {}): RequestTool {
  return { kind: 'unmanaged', name, path: `tools[${name}]`, deferred, deferredAloneRejected: extra.deferredAloneRejected ?? false, ...extra };
}

/** The decision for these tools, with a plan made from their definitions. */
function decide(
  tools: readonly RequestTool[],
  model: ModelReference,
  config: ToolSearchConfigInput,
  extra: Partial<Omit<ResolveGroupedToolsInput, 'forced'>> & { readonly forced?: readonly string[] } = {},
  mechanism?: ToolSearchPlan['mechanism'],
): ReturnType<typeof resolveGroupedTools> & { plan: ToolSearchPlan } {
  const definitions = tools.flatMap((entry) => (entry.kind === 'planned' ? [entry.definition] : []));
  const resolved = resolveToolSearch(model, definitions, config);
  // A plan without a mechanism, as a stored plan or one for a model without tool search may hold.
  const plan: ToolSearchPlan =
    mechanism === 'none'
      ? { ...resolved, mechanism, tools: resolved.tools.map((entry) => ({ name: entry.name, status: 'loaded', reason: 'no-mechanism' })) }
      : resolved;
  const names = createToolNameMapping(
    plan.tools.map((entry) => entry.name),
    RULE,
  );
  const result = resolveGroupedTools({
    plan,
    planned: new Map(plan.tools.map((entry) => [entry.name, entry])),
    tools,
    revealed: [],
    names,
    byPrefix: false,
    ...extra,
    forced: resolveForcedTools(plan, extra.forced ?? []),
  });
  return { ...result, plan };
}

const forms = (decided: { forms: readonly { form: string; group?: string }[] }) =>
  decided.forms.map((entry) => (entry.group === undefined ? entry.form : `${entry.form}@${entry.group}`));
const codes = (decided: { warnings: readonly { code: string }[] }) => decided.warnings.map((warning) => warning.code);

describe('resolveGroupedTools', () => {
  describe("under OpenAI's hosted search", () => {
    const provider = { threshold: 0, search: 'provider' } as const;

    it('defers what the plan defers, groups by category, and sends the hosted search tool', () => {
      const decided = decide([planned('a', { category: 'files' }), planned('b'), planned('c', { deferrable: 'never' })], HOSTED, provider);
      expect(forms(decided)).toEqual(['defer-loading@files', 'defer-loading', 'loaded']);
      expect(decided.search).toEqual({ source: 'hosted' });
      expect(decided.guidance).toBeNull();
      expect(decided.warnings).toEqual([]);
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
      expect(forms(decide(tools, HOSTED, provider, { byPrefix: true }))).toEqual(['defer-loading@github', 'defer-loading@github', 'defer-loading']);
    });

    it('keeps the deferral of tools the caller deferred itself, and reuses the body’s own search tool', () => {
      const decided = decide([planned('a', { deferrable: 'never' }), unmanaged('docs', true), { kind: 'search', clientExecuted: false }], HOSTED, provider);
      expect(forms(decided)).toEqual(['loaded', 'as-is', 'as-is']);
      expect(decided.search).toEqual({ source: 'body', index: 2 });
    });

    it('sends no search tool, and drops the body’s, when nothing is deferred', () => {
      const decided = decide([planned('a', { deferrable: 'never' }), { kind: 'search', clientExecuted: false }], HOSTED, provider);
      expect(decided.search).toBeUndefined();
      expect(codes(decided)).toEqual(['tool-search-tool-removed']);
    });

    it('names the groups past the recommended size that hold a deferred tool', () => {
      const tools = Array.from({ length: 11 }, (_, index) => planned(`t${index}`, { category: 'big' }));
      expect(decide(tools, HOSTED, provider).oversized).toEqual(new Set(['big']));
      expect(decide(tools.slice(1), HOSTED, provider).oversized).toEqual(new Set());
    });
  });

  describe("with the library's search", () => {
    it.each([
      ['names', ['omitted', 'omitted', 'loaded']],
      ['none', ['omitted', 'omitted', 'loaded']],
      ['full', ['defer-loading', 'defer-loading', 'loaded']],
      ['compact', ['defer-loading', 'defer-loading', 'loaded']],
    ] as const)('the %s listing gives %j', (listing, expected) => {
      const decided = decide([planned('a'), planned('b'), planned('c', { deferrable: 'never' })], HOSTED, { threshold: 0, search: 'library', listing });
      expect(forms(decided)).toEqual(expected);
      expect(decided.search).toEqual({ source: 'library' });
      expect(decided.compact).toBe(listing === 'compact');
      expect(decided.guidance).not.toBeNull();
      expect(decided.omitted).toEqual(new Set(listing === 'names' || listing === 'none' ? ['a', 'b'] : []));
    });

    it('removes the deferral of tools the caller deferred itself: only one tool search tool fits', () => {
      const decided = decide([planned('a'), unmanaged('docs', true)], HOSTED, { threshold: 0, search: 'library', listing: 'full' });
      expect(forms(decided)).toEqual(['defer-loading', 'undeferred']);
      expect(codes(decided)).toEqual(['deferral-removed']);
    });

    it('sends the hosted search tool for the caller’s deferrals when the plan defers nothing', () => {
      const decided = decide([planned('a', { deferrable: 'never' }), unmanaged('docs', true)], HOSTED, { threshold: 0, search: 'library' });
      expect(forms(decided)).toEqual(['loaded', 'as-is']);
      expect(decided.search).toEqual({ source: 'hosted' });
      expect(codes(decided)).toEqual(['hosted-search-for-caller-deferral']);
    });
  });

  describe('with no mechanism', () => {
    it('loads everything, keeps the body groups, and removes the caller’s deferrals', () => {
      const decided = decide([planned('a', {}, 'crm'), unmanaged('notes', true, { group: 'crm' }), unmanaged('docs', true)], HOSTED, {}, {}, 'none');
      expect(forms(decided)).toEqual(['loaded@crm', 'undeferred@crm', 'undeferred']);
      expect(decided.search).toBeUndefined();
      expect(codes(decided)).toEqual(['deferral-removed']);
    });
  });

  describe('under the client-side mechanism', () => {
    it('returns the client list, and leaves the list’s tools to it', () => {
      const decided = decide([planned('a'), planned('b', { deferrable: 'never' }), { kind: 'own' }], CLIENT, { threshold: 0 });
      expect(forms(decided)).toEqual(['omitted', 'loaded', 'dropped']);
      expect(decided.list?.tools.map((entry) => `${entry.name}:${entry.status}`)).toEqual(['b:loaded', 'tool_search:search', 'call_tool:call']);
    });

    it('reveals a forced deferred tool, with a warning', () => {
      const decided = decide([planned('a'), planned('b')], CLIENT, { threshold: 0 }, { forced: ['a'] });
      expect(decided.list?.tools.find((entry) => entry.name === 'a')?.status).toBe('revealed');
      expect(codes(decided)).toEqual(['forced-tool-kept-loaded']);
    });

    it('keeps a client-executed search tool of the body only when nothing is deferred', () => {
      const search: RequestTool = { kind: 'search', clientExecuted: true };
      expect(decide([planned('a', { deferrable: 'never' }), search], CLIENT, { threshold: 0 }).search).toEqual({ source: 'body', index: 1 });
      const deferring = decide([planned('a'), search], CLIENT, { threshold: 0 });
      expect(deferring.search).toBeUndefined();
      expect(codes(deferring)).toEqual(['tool-search-tool-removed']);
    });
  });
});
