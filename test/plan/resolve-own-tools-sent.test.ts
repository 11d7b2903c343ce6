import { describe, expect, it } from 'vitest';
import { resolveOwnToolsSent } from '../../src/plan/resolve-own-tools-sent.js';
import { resolveOwnToolNames } from '../../src/tools/resolve-own-tool-names.js';
import type { PlannedTool, ToolSearchPlan } from '../../src/plan/tool-search-plan.js';

const deferred: PlannedTool = { name: 'a', status: 'deferred', reason: 'threshold-reached' };
const loaded: PlannedTool = { name: 'b', status: 'loaded', reason: 'below-threshold' };
const plan = (overrides: Partial<ToolSearchPlan>) =>
  ({
    mechanism: 'client',
    search: 'library',
    reveal: 'conversation',
    listing: 'names',
    tools: [deferred, loaded],
    ...overrides,
  }) as const satisfies Partial<ToolSearchPlan>;

describe('resolveOwnToolsSent', () => {
  it.each([
    ['client, names, reveal in the conversation', {}, { search: true, callTool: true }],
    ['client, none', { listing: 'none' }, { search: true, callTool: true }],
    ['client, full listing (stubs are called directly)', { listing: 'full' }, { search: true, callTool: false }],
    ['client, names, reveal in the tool list', { reveal: 'tool-list' }, { search: true, callTool: false }],
    ['client, names, native delivery (loaded tools are called by name)', { reveal: 'native', additions: 'value' }, { search: true, callTool: false }],
    ['client, none, native delivery by reference', { listing: 'none', reveal: 'native', additions: 'reference' }, { search: true, callTool: false }],
    ['OpenAI hosted with the library’s search', { mechanism: 'openai-hosted' }, { search: true, callTool: false }],
    ['Claude hosted with the provider’s search', { mechanism: 'claude-hosted', search: 'provider' }, { search: false, callTool: false }],
    ['client with a hand-made provider search', { search: 'provider' }, { search: true, callTool: true }],
    ['no mechanism', { mechanism: 'none' }, { search: false, callTool: false }],
    ['nothing deferred', { tools: [loaded] }, { search: false, callTool: false }],
  ] as const)('%s', (_label, overrides, expected) => {
    expect(resolveOwnToolsSent(plan(overrides as Partial<ToolSearchPlan>))).toEqual({ ...expected, searchName: 'tool_search', callToolName: 'call_tool' });
  });

  // Issue 15 item 1: a caller's own `call_tool` (an MCP proxy's) or `tool_search` keeps its name; the package's moves.
  it.each([
    [['a'], 'tool_search', 'call_tool'],
    [['call_tool'], 'tool_search', 'call_tool_2'],
    [['tool_search', 'tool_search_2', 'call_tool', 'call_tool_2', 'call_tool_3'], 'tool_search_3', 'call_tool_4'],
  ])('with caller tools %j the package’s go by %s and %s', (names, searchName, callToolName) => {
    expect(resolveOwnToolNames(names)).toEqual({ searchName, callToolName });
    const tools = names.map((name): PlannedTool => ({ name, status: 'loaded', reason: 'search-tool' }));
    expect(resolveOwnToolsSent(plan({ tools: [deferred, ...tools] }))).toMatchObject({ search: true, callTool: true, searchName, callToolName });
  });
});
