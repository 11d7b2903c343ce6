import { describe, expect, it } from 'vitest';
import { createToolCatalog } from '../../src/catalog/create-tool-catalog.js';
import { ToolSearchError } from '../../src/errors/tool-search-error.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import type { ToolSearchPlan } from '../../src/plan/tool-search-plan.js';
import type { HistoryReference, HistoryToolChange, NeutralTool } from '../../src/request/neutral-request.js';
import type { WireCapabilities } from '../../src/request/request-decision.js';
import { resolveDeferLoadingAPIRequest } from '../../src/request/resolve-defer-loading-api-request.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { manyTools, tool } from '../support/tools.js';

const tools = [...manyTools(4), tool('keep', 'never')];
const plan = (model: string, config: { mechanism?: 'client'; threshold?: number; listing?: 'names' } = {}) =>
  resolveToolSearch({ id: model, api: 'anthropic-messages' }, tools, { threshold: 3, listing: 'full', reveal: 'conversation', search: 'provider', ...config });
// No configuration gives `none` on a Claude model with tools; a stored plan can.
const withoutDeferral = (): ToolSearchPlan => ({ ...plan('claude-opus-4-5', { threshold: 10 }), mechanism: 'none' });
const api: WireCapabilities<string> = {
  api: 'anthropic-messages',
  label: 'test',
  rule: { label: 'test', allowed: /[a-zA-Z0-9_-]/, maxLength: 64 },
  decide: resolveDeferLoadingAPIRequest,
  reader: 'parseAnthropicMessagesTools(body)',
};
/** What a request's body and history hold, as the decision reads them back (by original name; the names are the wire's). */
interface Extra {
  readonly chosen?: string[];
  readonly body?: ToolDefinition[];
  readonly catalog?: ReadonlyMap<string, ToolDefinition>;
  /** History references (`tool_reference`). */
  readonly referenced?: ReadonlySet<string>;
  /** Tools the history added by value. */
  readonly added?: ReadonlySet<string>;
  /** History calls (`tool_use`). */
  readonly calls?: string[];
  readonly ownInBody?: string[];
  readonly otherNames?: ReadonlySet<string>;
  readonly callerDeferred?: { label: string; partly: boolean }[];
  readonly hostedSearchInBody?: boolean;
}
const decide = (given: ToolSearchPlan, extra: Extra = {}) => {
  const body = (extra.body ?? tools).map((definition): NeutralTool => ({ kind: 'function', index: 0, definition, deferred: false }));
  const others: NeutralTool[] = [
    ...(extra.ownInBody ?? []).map((name): NeutralTool => ({ kind: 'own', index: 0, name })),
    ...[...(extra.otherNames ?? [])].map((name): NeutralTool => ({ kind: 'other', index: 0, name, deferred: false })),
    ...(extra.callerDeferred ?? []).map(({ label, partly }): NeutralTool => ({ kind: 'other', index: 0, label, partly, deferred: true })),
    ...(extra.hostedSearchInBody === true ? [{ kind: 'hosted-search', index: 0 } as const] : []),
  ];
  const references: HistoryReference[] = [
    ...[...(extra.referenced ?? [])].map((name): HistoryReference => ({ name, kind: 'tool_reference', path: 'messages' })),
    ...(extra.calls ?? []).map((name): HistoryReference => ({ name, kind: 'tool_use', path: 'messages' })),
  ];
  const changes = [...(extra.added ?? [])].map((name): HistoryToolChange => ({ change: 'addition', name, form: 'value', custom: true }));
  const warnings: Parameters<typeof resolveDeferLoadingAPIRequest>[2] = [];
  const request = {
    tools: [...body, ...others],
    otherNames: [],
    forced: extra.chosen ?? [],
    history: { names: [], outputs: [], references, changes },
    read: undefined,
  };
  const catalog = extra.catalog === undefined ? {} : { catalog: createToolCatalog([...extra.catalog.values()]) };
  return resolveDeferLoadingAPIRequest(given, { plan: given, request, api, revealed: [], ...catalog }, warnings);
};
const summary = (list: ReturnType<typeof decide>) => list.entries.map((entry) => `${entry.name}:${entry.status}`);
const codes = (list: ReturnType<typeof decide>) => list.warnings.map((warning) => warning.code);

describe('resolveDeferLoadingAPIRequest', () => {
  describe('under the client-side mechanism', () => {
    it('is the client-side tool list, with its note', () => {
      const list = decide(plan('claude-3-5-haiku'));
      expect(summary(list)).toEqual(['keep:loaded', 'tool_search:search', 'tool_0:deferred', 'tool_1:deferred', 'tool_2:deferred', 'tool_3:deferred']);
      expect(list).toMatchObject({ leading: 0, trailing: 0, hostedSearch: false, callerDeferral: 'kept' });
      expect(list.guidance).toEqual(expect.any(String));
    });

    it('reveals a forced deferred tool, with a note', () => {
      const list = decide(plan('claude-3-5-haiku'), { chosen: ['tool_1'] });
      expect(summary(list)).toContain('tool_1:revealed');
      expect(codes(list)).toEqual(['forced-tool-loaded']);
    });

    it('sends a tool the history references that the names listing would leave out', () => {
      const list = decide(plan('claude-3-5-haiku', { listing: 'names' }), { referenced: new Set(['tool_2']) });
      expect(summary(list)).toEqual(['keep:loaded', 'tool_search:search', 'call_tool:call', 'tool_2:revealed']);
    });

    it('keeps the body’s hosted search tool, with a note', () => {
      expect(codes(decide(plan('claude-3-5-haiku'), { hostedSearchInBody: true }))).toEqual(['hosted-search-tool-kept']);
    });

    it.each([
      ['sends the hosted search tool for them on a model with hosted search', 'claude-opus-4-5', 'hosted-search-added', true],
      ['removes their deferral on a model without', 'claude-3-5-haiku', 'removed', false],
    ] as const)('for tools the caller deferred itself, %s', (_case, model, deferral, hostedSearch) => {
      const list = decide(plan(model, { mechanism: 'client' }), { callerDeferred: [{ label: '`m` (`mcp_toolset`)', partly: true }] });
      expect(list).toMatchObject({ callerDeferral: deferral, hostedSearch });
    });
  });

  describe('under the client-side mechanism with native delivery', () => {
    const native = (platform?: 'bedrock') =>
      resolveToolSearch({ id: 'claude-opus-4-8', api: 'anthropic-messages', ...(platform === undefined ? {} : { platform }) }, tools, {
        mechanism: 'client',
        threshold: 3,
        reveal: 'native',
      });

    it('by value sends the loaded tools and tool_search only: no call_tool, no deferred tool', () => {
      const given = native();
      expect(given).toMatchObject({ reveal: 'native', additions: 'value' });
      const list = decide(given);
      expect(summary(list)).toEqual(['keep:loaded', 'tool_search:search']);
      expect(list).toMatchObject({ hostedSearch: false, leading: 0, trailing: 0 });
      expect(list.guidance).toContain('call it by its own name');
    });

    it('by value needs no definition for a history call of a tool the history added, and sends one it did not add', () => {
      const body = tools.filter((definition) => definition.name === 'keep');
      expect(summary(decide(native(), { body, referenced: new Set(['tool_2']), added: new Set(['tool_2']) }))).toEqual(['keep:loaded', 'tool_search:search']);
      expect(summary(decide(native(), { referenced: new Set(['tool_2', 'tool_3']), added: new Set(['tool_2']) }))).toEqual([
        'keep:loaded',
        'tool_search:search',
        'tool_3:revealed',
      ]);
    });

    it('by reference declares every deferred tool deferred after the list, without the hosted search tool', () => {
      const given = native('bedrock');
      expect(given).toMatchObject({ reveal: 'native', additions: 'reference' });
      const list = decide(given, { referenced: new Set(['tool_1']), added: new Set(['tool_1']) });
      expect(summary(list)).toEqual([
        'keep:loaded',
        'tool_search:search',
        'tool_0:defer-loading',
        'tool_1:defer-loading',
        'tool_2:defer-loading',
        'tool_3:defer-loading',
      ]);
      expect(list.hostedSearch).toBe(false);
      expect(list.entries.find((entry) => entry.name === 'tool_0')?.inputSchema).toEqual(tools[0]?.inputSchema);
    });

    it('by reference needs every deferred tool defined: one neither the body nor the catalog has is a plan mismatch', () => {
      const body = tools.filter((definition) => definition.name !== 'tool_3');
      expect(() => decide(native('bedrock'), { body })).toThrow(expect.objectContaining({ code: 'plan-mismatch' }));
      expect(summary(decide(native(), { body }))).toEqual(['keep:loaded', 'tool_search:search']);
    });

    it('by reference keeps a forced tool in full, not twice', () => {
      const list = decide(native('bedrock'), { chosen: ['tool_1'] });
      expect(summary(list).filter((entry) => entry.startsWith('tool_1:'))).toEqual(['tool_1:revealed']);
    });
  });

  describe('under hosted search', () => {
    it('is the hosted decision', () => {
      const list = decide(plan('claude-opus-4-5'));
      expect(summary(list)).toEqual(['tool_0:defer-loading', 'tool_1:defer-loading', 'tool_2:defer-loading', 'tool_3:defer-loading', 'keep:loaded']);
      expect(list.hostedSearch).toBe(true);
    });

    it('restores a tool the history references from the catalog, deferred, with a note', () => {
      const weather = tool('get_weather');
      const list = decide(plan('claude-opus-4-5'), { catalog: new Map([[weather.name, weather]]), referenced: new Set(['get_weather']) });
      expect(summary(list).at(-1)).toBe('get_weather:defer-loading');
      expect(codes(list)).toEqual(['tool-restored']);
    });

    it('restores nothing for a tool the history itself added by value (a body read back is the same request)', () => {
      const weather = tool('get_weather');
      const list = decide(plan('claude-opus-4-5'), {
        catalog: new Map([[weather.name, weather]]),
        referenced: new Set(['get_weather']),
        added: new Set(['get_weather']),
      });
      expect(summary(list)).not.toContain('get_weather:defer-loading');
      expect(codes(list)).toEqual([]);
    });

    it('notes the package’s own tool_search in the body, which it does not send', () => {
      expect(codes(decide(plan('claude-opus-4-5'), { ownInBody: ['tool_search'] }))).toEqual(['client-search-tool-removed']);
    });

    it('counts only a fully deferring caller entry as needing the hosted search tool', () => {
      const below = plan('claude-opus-4-5', { threshold: 10 });
      expect(decide(below, { callerDeferred: [{ label: '`m` (`mcp_toolset`)', partly: true }] }).hostedSearch).toBe(false);
      expect(decide(below, { callerDeferred: [{ label: '`m` (`mcp_toolset`)', partly: false }] }).hostedSearch).toBe(true);
    });
  });

  describe('without deferral', () => {
    it('sends every tool in full, in body order, then the plan tools restored from the catalog', () => {
      const list = decide(withoutDeferral(), { body: tools.slice(1), catalog: new Map([['tool_0', tools[0] as ToolDefinition]]) });
      expect(summary(list)).toEqual(['tool_1:loaded', 'tool_2:loaded', 'tool_3:loaded', 'keep:loaded', 'tool_0:loaded']);
      expect(codes(list)).toEqual(['tool-restored']);
    });
  });

  it.each([
    ['claude-opus-4-5', {}],
    ['claude-3-5-haiku', {}],
    ['none', {}],
  ] as const)('defines again, last, the package’s own tool the history called that a plan for %s does not send', (model, config) => {
    const given = model === 'none' ? withoutDeferral() : plan(model, { ...config, threshold: 10 });
    const list = decide(given, { calls: ['tool_search'] });
    expect(summary(list).at(-1)).toBe('tool_search:search');
    expect(list.trailing).toBe(1);
    expect(codes(list)).toEqual(['own-tool-restored']);
  });

  it('does not define it again when a provider tool of the body has the name', () => {
    expect(decide(plan('claude-opus-4-5', { threshold: 10 }), { calls: ['tool_search'], otherNames: new Set(['tool_search']) }).trailing).toBe(0);
  });

  it('rejects an openai-hosted plan, which the transformer turns into a client-side one', () => {
    const openai = resolveToolSearch({ id: 'gpt-5.4', api: 'openai-responses' }, tools, { threshold: 3 });
    expect(() => decide(openai)).toThrow(ToolSearchError);
  });
});
