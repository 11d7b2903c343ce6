import { describe, expect, it } from 'vitest';
import { resolveInspectReport } from '../../src/cli/resolve-inspect-report.js';
import type { TokenCounter } from '../../src/cli/load-token-counter.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';

const estimate: TokenCounter = { label: 'estimate', exact: false, count: (text) => Math.ceil(text.length / 4) };
const catalog = (count: number): ToolDefinition[] =>
  Array.from({ length: count }, (_, index) => ({
    name: `tool_${index}`,
    description: `Tool number ${index}.`,
    inputSchema: { type: 'object', properties: { a: { type: 'string' } } },
  }));

describe('resolveInspectReport', () => {
  describe('on a catalog over a mechanism’s limit (10,001 tools; Anthropic defers at most 10,000)', () => {
    const report = resolveInspectReport({ tools: catalog(10_001), model: 'gemini-2.5-pro', api: 'anthropic-messages' }, estimate);

    it('reports the plan and every request the library can write', () => {
      expect(report.plan).toMatchObject({ mechanism: 'client', toolCount: 10_001 });
      expect(report.sizes.map((row) => `${row.mechanism} ${row.listing ?? '-'} ${row.reveal ?? '-'}`)).toEqual([
        'none - -',
        'client full conversation',
        'client compact conversation',
        'client names conversation',
        'client none conversation',
        // By value, deferred tools are not sent at all: the catalog past Anthropic's deferred-tool cap still fits.
        'client none native',
      ]);
    });

    it('turns each request it refuses into a warning naming the mechanism and the limit', () => {
      expect(report.warnings.map((warning) => [warning.code, warning.message.split(': not measured: ')[0]])).toEqual([
        ['too-many-deferred-tools', "anthropic-messages, claude-hosted mechanism, the provider's search"],
        ['too-many-deferred-tools', "anthropic-messages, claude-hosted mechanism, the library's search"],
      ]);
      expect(report.warnings[0]?.message).toContain('the Messages API accepts at most 10000 tools with `defer_loading: true` per request');
    });
  });

  it('has no such warning at the limit', () => {
    const report = resolveInspectReport({ tools: catalog(10_000), api: 'anthropic-messages' }, estimate);
    expect(report.warnings).toEqual([]);
    expect(report.sizes.filter((row) => row.mechanism === 'claude-hosted')).toHaveLength(2);
  });
});
