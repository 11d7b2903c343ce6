import { describe, expect, it } from 'vitest';
import { readNeutralHistory as readHistoryToolOutputs, type HistoryToolItem } from '../../src/request/neutral-request.js';

const read = (item: unknown) => item as HistoryToolItem;

describe('readHistoryToolOutputs', () => {
  it('names every call and pairs each result with the name its call used, oldest first', () => {
    const history = [
      {
        calls: [
          { id: 'a', name: 'tool_search' },
          { id: 'b', name: 'x.y' },
        ],
      },
      {
        results: [
          { id: 'b', output: 'done' },
          { id: 'a', output: '{"status":"found"}' },
        ],
      },
      { calls: [{ id: 'c', name: 'call_tool' }] },
      { results: [{ id: 'c', output: { ok: true } }] },
    ];
    expect(readHistoryToolOutputs(history, read)).toEqual({
      names: ['tool_search', 'x.y', 'call_tool'],
      outputs: [
        { name: 'x.y', output: 'done' },
        { name: 'tool_search', output: '{"status":"found"}' },
        { name: 'call_tool', output: { ok: true } },
      ],
    });
  });

  it('counts a result whose call is not earlier in the history for nothing, and skips what the reader does not read', () => {
    const history = [{ results: [{ id: 'z', output: 'orphan' }] }, 'text', { calls: [{ id: 'z', name: 'late' }] }];
    expect(readHistoryToolOutputs(history, (item) => (typeof item === 'string' ? undefined : read(item)))).toEqual({ names: ['late'], outputs: [] });
  });

  it("takes a result that names its tool (Gemini, a legacy function message) as that tool's, and names it", () => {
    const history = [
      { calls: [{ name: 'tool_search' }] },
      {
        results: [
          { name: 'tool_search', output: 'found' },
          { name: 'orphan', output: 'x' },
        ],
      },
    ];
    expect(readHistoryToolOutputs(history, read)).toEqual({
      names: ['tool_search', 'tool_search', 'orphan'],
      outputs: [
        { name: 'tool_search', output: 'found' },
        { name: 'orphan', output: 'x' },
      ],
    });
  });
});
