import { describe, expect, it } from 'vitest';
import { resolveClientRequest, type ClientRequestBody, type ClientWireAPI } from '../../src/request/resolve-client-request.js';
import { resolveToolSearch } from '../../src/plan/resolve-tool-search.js';
import { formatToolSearchResult } from '../../src/client/tool-search-result.js';
import type { ToolNameRule } from '../../src/names/tool-name-rule.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { tool } from '../support/tools.js';

/** A wire API whose entries say how they were written, so a test reads the decision off the list. */
const RULE: ToolNameRule = { label: 'Test API', allowed: /[A-Za-z0-9_-]/, maxLength: 64 };
function testWireAPI(
  maxTools?: number,
): ClientWireAPI<
  { definition: ToolDefinition; source: string },
  string,
  'too-many' | 'hosted-mechanism-unsupported' | 'listing-changed-to-names' | 'tools-deferred-for-limit'
> {
  return {
    api: 'openai-chat',
    rule: RULE,
    ...(maxTools === undefined ? {} : { maxTools }),
    label: 'Test API',
    overLimitCode: 'too-many',
    writeFunction: (tool, _entry, wireName) => `full:${wireName}:${tool.source}`,
    writeOwnTool: (entry, wireName) => `${entry.status}:${wireName}`,
    writeStub: (_entry, wireName) => `stub:${wireName}`,
  };
}

const tools = [tool('keep', 'never'), ...Array.from({ length: 20 }, (_, index) => tool(`group.tool_${index}`, 'always'))];
const body = (
  definitions: readonly ToolDefinition[],
  extra: Partial<ClientRequestBody<{ definition: ToolDefinition; source: string }, string>> = {},
): ClientRequestBody<{ definition: ToolDefinition; source: string }, string> => ({
  functions: definitions.map((definition) => ({ definition, source: `source of ${definition.name}` })),
  others: [],
  otherNames: [],
  forced: [],
  historyNames: [],
  historyOutputs: [],
  revealed: [],
  ...extra,
});
const planFor = (listing: 'full' | 'names') => resolveToolSearch({ id: 'gpt-4.1', api: 'openai-chat' }, tools, { listing });

describe('resolveClientRequest', () => {
  it('writes each entry with the writer for its form, under its wire name', () => {
    const request = resolveClientRequest(planFor('full'), body(tools), testWireAPI());
    expect(request.tools.slice(0, 3)).toEqual(['full:keep:source of keep', 'search:tool_search', 'stub:group_tool_0']);
    expect(request.tools).toHaveLength(22);
    expect(request.entries.slice(0, 3).map((entry) => entry.status)).toEqual(['loaded', 'search', 'deferred']);
    expect(request.names.fromWire('group_tool_0')).toBe('group.tool_0');
    expect(request.warnings).toEqual([]);
    expect(request.guidance).not.toBeNull();
  });

  it('sends a forced tool in full, read back from its wire name, and maps the tool choice with toWire', () => {
    const request = resolveClientRequest(planFor('names'), body(tools, { forced: ['group_tool_3'] }), testWireAPI());
    expect(request.tools).toContain('full:group_tool_3:source of group.tool_3');
    expect(request.toWire('group_tool_3')).toBe('group_tool_3');
    expect(request.toWire('group.tool_3')).toBe('group_tool_3');
  });

  it('reads a body in wire names (its own output) under the plan names', () => {
    const wireNamed = tools.map((definition) => ({ ...definition, name: definition.name.replace('.', '_') }));
    const request = resolveClientRequest(planFor('full'), body(wireNamed), testWireAPI());
    expect(request.tools.slice(0, 3)).toEqual(['full:keep:source of keep', 'search:tool_search', 'stub:group_tool_0']);
  });

  it('keeps the other tools at their positions', () => {
    const request = resolveClientRequest(
      planFor('names'),
      body(tools, {
        others: [
          { index: 0, tool: 'custom' },
          { index: 99, tool: 'cache point' },
        ],
      }),
      testWireAPI(),
    );
    expect(request.tools).toEqual(['custom', 'full:keep:source of keep', 'search:tool_search', 'call:call_tool', 'cache point']);
  });

  it('restores the reveals the history holds, in the caller names', () => {
    const output = formatToolSearchResult({ status: 'found', tools: [{ name: 'group_tool_4', inputSchema: { type: 'object' } }] });
    const plan = resolveToolSearch({ id: 'gpt-4.1', api: 'openai-chat' }, tools, { listing: 'full', reveal: 'tool-list' });
    const request = resolveClientRequest(
      plan,
      body(tools, { historyNames: ['tool_search'], historyOutputs: [{ name: 'tool_search', output }] }),
      testWireAPI(),
    );
    expect(request.loaded).toEqual(['group.tool_4']);
    expect(request.tools).toContain('full:group_tool_4:source of group.tool_4');
  });

  it('falls back from a hosted plan with a warning', () => {
    const hosted = resolveToolSearch('gpt-5.4', tools);
    expect(hosted.mechanism).toBe('openai-hosted');
    const request = resolveClientRequest(hosted, body(tools), testWireAPI());
    expect(request.plan.mechanism).toBe('client');
    expect(request.warnings.map((warning) => warning.code)).toEqual(['hosted-mechanism-unsupported']);
  });

  it('fits the API limit and gives the over-limit warning its API code', () => {
    const fitted = resolveClientRequest(planFor('full'), body(tools), testWireAPI(5));
    expect(fitted.tools).toEqual(['full:keep:source of keep', 'search:tool_search', 'call:call_tool']);
    expect(fitted.warnings.map((warning) => warning.code)).toEqual(['listing-changed-to-names']);
    const forced = tools.slice(1, 6).map((definition) => definition.name);
    const over = resolveClientRequest(planFor('full'), body(tools, { forced }), testWireAPI(3));
    expect(over.warnings.map((warning) => warning.code)).toEqual(['listing-changed-to-names', 'tools-deferred-for-limit', 'too-many']);
  });

  it('passes what the writers warn on, after its own warnings', () => {
    const wire = testWireAPI();
    const request = resolveClientRequest(planFor('full'), body(tools), {
      ...wire,
      writeFunction: (tool, entry, wireName, warnings) => {
        warnings.push({ code: 'too-many', message: `wrote ${entry.name}` });
        return wire.writeFunction(tool, entry, wireName, warnings);
      },
    });
    expect(request.warnings).toEqual([{ code: 'too-many', message: 'wrote keep' }]);
  });
});
