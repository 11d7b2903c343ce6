import { describe, expect, it } from 'vitest';
import { createToolNameMapping } from '../../src/names/create-tool-name-mapping.js';
import { resolveOwnToolsSent } from '../../src/plan/resolve-own-tools-sent.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import type { ToolSearchPlan } from '../../src/plan/tool-search-plan.js';
import { resolveForcedTools } from '../../src/request/resolve-forced-tools.js';
import { resolveHostedToolList } from '../../src/request/resolve-defer-loading-api-request.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { manyTools, tool } from '../support/tools.js';

const tools = [...manyTools(4), tool('keep', 'never')];
const plan = (search: 'provider' | 'library', count = tools.length) =>
  resolveToolSearch({ id: 'claude-opus-4-5', api: 'anthropic-messages' }, tools.slice(0, count), { threshold: 3, search });
const identity = createToolNameMapping([], { label: 'test', allowed: /[a-zA-Z0-9_-]/, maxLength: 64 });
const hosted = (
  given: ToolSearchPlan,
  extra: { forced?: string[]; callerDeferred?: boolean; hostedSearchInUse?: boolean; historyTools?: ToolDefinition[]; restored?: ToolDefinition[] } = {},
) => {
  const restored = new Map((extra.restored ?? []).map((definition) => [definition.name, definition]));
  return resolveHostedToolList(
    {
      plan: given,
      planned: new Set(given.tools.map((entry) => entry.name)),
      names: identity,
      own: resolveOwnToolsSent(given),
      bodyTools: new Map(
        given.tools
          .filter((entry) => !restored.has(entry.name))
          .map((entry) => [entry.name, { definition: tools.find((candidate) => candidate.name === entry.name) as ToolDefinition, deferred: false }]),
      ),
      restored,
      forced: resolveForcedTools(given, extra.forced ?? []),
      callerDeferred: extra.callerDeferred === true ? [{ label: '`mcp` (`mcp_toolset`)', partly: false }] : [],
      hostedSearchInBody: extra.hostedSearchInUse ?? false,
      hostedSearchInHistory: false,
    },
    extra.historyTools ?? [],
  );
};
const summary = (list: ReturnType<typeof hosted>) => list.entries.map((entry) => `${entry.name}:${entry.status}`);

describe('resolveHostedToolList', () => {
  describe("with the provider's search", () => {
    it('defers the plan’s deferred tools with the flag, keeps the others, and sends the hosted search tool', () => {
      const list = hosted(plan('provider'));
      expect(summary(list)).toEqual(['tool_0:defer-loading', 'tool_1:defer-loading', 'tool_2:defer-loading', 'tool_3:defer-loading', 'keep:loaded']);
      expect(list).toMatchObject({ leading: 0, hostedSearch: true, guidance: null, warnings: [] });
    });

    it('sends the plain list, without the hosted search tool, when nothing is deferred', () => {
      const list = hosted(plan('provider', 2));
      expect(summary(list)).toEqual(['tool_0:loaded', 'tool_1:loaded']);
      expect(list.hostedSearch).toBe(false);
    });

    it.each([
      ['the body or the history uses it', { hostedSearchInUse: true }],
      ['the caller defers tools of its own', { callerDeferred: true }],
      ['a tool is restored for the history', { historyTools: [tool('get_weather')] }],
    ])('keeps the hosted search tool with nothing deferred when %s', (_case, extra) => {
      expect(hosted(plan('provider', 2), extra).hostedSearch).toBe(true);
    });

    it('sends a forced tool without the flag, with a note', () => {
      const list = hosted(plan('provider'), { forced: ['tool_2'] });
      expect(summary(list)[2]).toBe('tool_2:loaded');
      expect(list.warnings.map((warning) => warning.code)).toEqual(['forced-tool-loaded']);
    });

    it('sends restored plan tools after the body’s, and tools restored for the history deferred, last', () => {
      const list = hosted(plan('provider'), { restored: [tools[0] as ToolDefinition, tools[4] as ToolDefinition], historyTools: [tool('get_weather')] });
      expect(summary(list)).toEqual([
        'tool_1:defer-loading',
        'tool_2:defer-loading',
        'tool_3:defer-loading',
        'tool_0:defer-loading',
        'keep:loaded',
        'get_weather:defer-loading',
      ]);
    });
  });

  describe("with the library's search", () => {
    it('sends the package’s tool_search first, with the note, and no hosted search tool', () => {
      const list = hosted(plan('library'));
      expect(summary(list)[0]).toBe('tool_search:search');
      expect(list).toMatchObject({ leading: 1, hostedSearch: false });
      expect(list.guidance).toEqual(expect.any(String));
    });

    it('sends the hosted search tool beside it for tools the caller deferred, with a note', () => {
      const list = hosted(plan('library'), { callerDeferred: true });
      expect(list.hostedSearch).toBe(true);
      expect(list.warnings.map((warning) => warning.code)).toEqual(['hosted-search-for-caller-deferral']);
    });

    it('leaves out a restored tool that would take the tool_search name the package sends', () => {
      const list = hosted(plan('library'), { historyTools: [tool('tool_search')] });
      expect(summary(list).filter((entry) => entry.startsWith('tool_search'))).toEqual(['tool_search:search']);
    });
  });
});
