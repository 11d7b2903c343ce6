import { describe, expect, it } from 'vitest';
import {
  readNeutralHistory as readHistoryToolOutputs,
  writeHistoryItems,
  type HistoryPairingRule,
  type HistoryToolItem,
  type HistoryWalk,
} from '../../src/request/neutral-request.js';

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

describe('readNeutralHistory pairing results with calls', () => {
  // Each item: `calls` ids, `results` ids (paired, named by id), or nothing of interest (`other`, undefined).
  type Item = { calls?: string[]; results?: string[] } | undefined;
  const readItem = (item: unknown): HistoryToolItem | undefined => {
    const given = item as Item;
    if (given === undefined) return undefined;
    return {
      ...(given.calls === undefined ? {} : { calls: given.calls.map((id) => ({ id })) }),
      results: (given.results ?? []).map((id) => ({ id, output: id, path: id, label: id })),
    };
  };
  const unpaired = (items: Item[], rule: HistoryPairingRule, byName = false) =>
    readHistoryToolOutputs(items, readItem, { rule, byName, unpaired: (path) => path }).unpaired ?? [];
  const calls = (...ids: string[]): Item => ({ calls: ids });
  const result = (id: string): Item => ({ results: [id] });
  const other: Item = undefined;

  it('reads the results of an item before the calls it makes, so a turn cannot answer its own calls', () => {
    expect(unpaired([calls('a'), { calls: ['b'], results: ['a', 'b'] }], 'previous-turn')).toEqual(['b']);
  });

  it('ends the turn at an item with neither calls nor results, and not at an item of results only', () => {
    expect(unpaired([calls('a', 'b'), result('a'), result('b'), other, result('a')], 'previous-turn')).toEqual(['a']);
  });

  it('gives none without a pairing (a history the API does not pair, such as a stored conversation)', () => {
    expect(readHistoryToolOutputs([result('a')], readItem).unpaired).toBeUndefined();
  });

  it('pairs a result with a call of the turn right before it (previous-turn)', () => {
    expect(unpaired([calls('a', 'b'), result('a'), result('b')], 'previous-turn')).toEqual([]);
  });

  it('finds a result without a call, a result after the turn ended, and one answering an older turn', () => {
    expect(unpaired([result('x'), calls('a'), result('a'), other, result('a'), calls('b'), result('a')], 'previous-turn')).toEqual(['x', 'a', 'a']);
  });

  it('pairs a result with any earlier call (earlier)', () => {
    expect(unpaired([calls('a'), other, calls('b'), result('a'), result('b'), result('c')], 'earlier')).toEqual(['c']);
  });

  it('answers each call once, in the message right after its turn (previous-message)', () => {
    expect(unpaired([calls('a', 'b'), { results: ['a', 'a'] }, result('b')], 'previous-message')).toEqual(['a', 'b']);
  });

  it('pairs a result that names its tool with a call of that name (byName), and by id where both have one', () => {
    const read = (item: unknown): HistoryToolItem => item as HistoryToolItem;
    const history = [
      { calls: [{ name: 'get_me' }, { id: 'c2', name: 'other' }] },
      {
        results: [
          { name: 'get_me', output: 'me', path: 'by-name', label: 'get_me' },
          { id: 'c2', name: 'renamed', output: 'x', path: 'by-id', label: 'renamed' },
          { name: 'lost', output: 'x', path: 'lost', label: 'lost' },
        ],
      },
    ];
    expect(readHistoryToolOutputs(history, read, { rule: 'previous-turn', byName: true, unpaired: (path) => path }).unpaired).toEqual(['lost']);
  });
});

describe('writeHistoryItems', () => {
  const read = (item: unknown): HistoryToolItem | undefined => (typeof item === 'string' ? undefined : { calls: [{ id: 'c', name: String(item) }] });

  it('visits only the items the read recorded, and gives the list itself when none changes', () => {
    const items = ['text', 1, 'more'];
    const walk: HistoryWalk = { items: [], written: [] };
    readHistoryToolOutputs(items, read, undefined, walk);
    expect(walk).toEqual({ items, written: [1] });
    const visited: number[] = [];
    const unchanged = writeHistoryItems(items, walk, (item, index) => {
      visited.push(index);
      return item;
    });
    expect(unchanged).toBe(items);
    expect(visited).toEqual([1]);
    expect(writeHistoryItems(items, walk, () => 2)).toEqual(['text', 2, 'more']);
  });
});
