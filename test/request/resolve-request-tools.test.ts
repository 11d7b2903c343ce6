import { describe, expect, it } from 'vitest';
import { resolveRequestTools } from '../../src/request/resolve-request-tools.js';
import type { NeutralRequest, NeutralTool } from '../../src/request/neutral-request.js';
import type { WireCapabilities } from '../../src/request/request-decision.js';
import { resolveClientAPIRequest } from '../../src/request/resolve-client-api-request.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { tool } from '../support/tools.js';

const api = (maxTools?: number): WireCapabilities<'too-many'> => ({
  api: 'openai-chat',
  label: 'Test API',
  rule: { label: 'Test API', allowed: /[A-Za-z0-9_-]/, maxLength: 64 },
  ...(maxTools === undefined ? {} : { maxTools }),
  overLimitCode: 'too-many',
  decide: resolveClientAPIRequest,
});

const tools = [tool('keep', 'never'), ...Array.from({ length: 20 }, (_, index) => tool(`group.tool_${index}`, 'always'))];
const request = (definitions: readonly ToolDefinition[], extra: Partial<NeutralRequest> = {}): NeutralRequest => ({
  tools: definitions.map((definition, index): NeutralTool => ({ kind: 'function', index, definition, deferred: false })),
  otherNames: [],
  forced: [],
  history: { names: [], outputs: [] },
  read: undefined,
  ...extra,
});
const planFor = (listing: 'full' | 'names') => resolveToolSearch({ id: 'gpt-4.1', api: 'openai-chat' }, tools, { listing });
const statuses = (decided: ReturnType<typeof resolveRequestTools>) => decided.entries.map((entry) => `${entry.status}:${decided.names.toWire(entry.name)}`);

describe('resolveRequestTools', () => {
  describe('under the client-side mechanism', () => {
    it('decides each entry in send order, under its wire name, with the body tool each is written from', () => {
      const decided = resolveRequestTools({ plan: planFor('full'), request: request(tools), api: api(), revealed: [] });
      expect(statuses(decided).slice(0, 3)).toEqual(['loaded:keep', 'search:tool_search', 'deferred:group_tool_0']);
      expect(decided.entries).toHaveLength(22);
      expect(decided.bodyIndexOf('group.tool_0')).toBe(1);
      expect(decided.names.fromWire('group_tool_0')).toBe('group.tool_0');
      expect(decided.warnings).toEqual([]);
      expect(decided.guidance).not.toBeNull();
    });

    it('sends a forced tool in full, read back from its wire name, and maps the tool choice with toWire', () => {
      const decided = resolveRequestTools({ plan: planFor('names'), request: request(tools, { forced: ['group_tool_3'] }), api: api(), revealed: [] });
      expect(statuses(decided)).toContain('revealed:group_tool_3');
      expect(decided.toWire('group_tool_3')).toBe('group_tool_3');
      expect(decided.toWire('group.tool_3')).toBe('group_tool_3');
    });

    it('reads a body in wire names (its own output) under the plan names', () => {
      const wireNamed = tools.map((definition) => ({ ...definition, name: definition.name.replace('.', '_') }));
      const decided = resolveRequestTools({ plan: planFor('full'), request: request(wireNamed), api: api(), revealed: [] });
      expect(statuses(decided).slice(0, 3)).toEqual(['loaded:keep', 'search:tool_search', 'deferred:group_tool_0']);
      expect(decided.bodyIndexOf('group.tool_0')).toBe(1);
    });

    it('restores the reveals the history holds, in the caller names', () => {
      const output = formatToolSearchResult({ status: 'found', tools: [{ name: 'group_tool_4', inputSchema: { type: 'object' } }] });
      const plan = resolveToolSearch({ id: 'gpt-4.1', api: 'openai-chat' }, tools, { listing: 'full', reveal: 'tool-list' });
      const history = { names: ['tool_search'], outputs: [{ name: 'tool_search', output }] };
      const decided = resolveRequestTools({ plan, request: request(tools, { history }), api: api(), revealed: [] });
      expect(decided.loaded).toEqual(['group.tool_4']);
      expect(statuses(decided)).toContain('revealed:group_tool_4');
    });

    it('falls back from a hosted plan with a warning', () => {
      const hosted = resolveToolSearch('gpt-5.4', tools);
      expect(hosted.mechanism).toBe('openai-hosted');
      const decided = resolveRequestTools({ plan: hosted, request: request(tools), api: api(), revealed: [] });
      expect(decided.plan.mechanism).toBe('client');
      expect(decided.planWarnings.map((warning) => warning.code)).toEqual(['hosted-mechanism-unsupported']);
    });

    it("fits the API's limit, counting the body's other tools, and gives the over-limit warning its API's code", () => {
      const fitted = resolveRequestTools({ plan: planFor('full'), request: request(tools), api: api(5), revealed: [] });
      expect(statuses(fitted)).toEqual(['loaded:keep', 'search:tool_search', 'call:call_tool']);
      expect(fitted.warnings.map((warning) => warning.code)).toEqual(['listing-changed-to-names']);
      const withOther = request(tools, { tools: [...request(tools).tools, { kind: 'other', index: 21, deferred: false }] });
      const crowded = resolveRequestTools({ plan: planFor('full'), request: withOther, api: api(4), revealed: [] });
      expect(statuses(crowded)).toEqual(['loaded:keep', 'search:tool_search', 'call:call_tool']);
      const forced = tools.slice(1, 6).map((definition) => definition.name);
      const over = resolveRequestTools({ plan: planFor('full'), request: request(tools, { forced }), api: api(3), revealed: [] });
      expect(over.warnings.map((warning) => warning.code)).toEqual(['listing-changed-to-names', 'tools-deferred-for-limit', 'too-many']);
    });
  });
});
