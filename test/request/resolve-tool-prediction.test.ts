import { describe, expect, it } from 'vitest';
import type { ToolPredictionSettings } from '../../src/config/tool-search-config.js';
import { resolveToolPrediction } from '../../src/request/resolve-tool-prediction.js';
import type { ToolIndex } from '../../src/search/create-tool-index.js';

/** An index of one's own (the `ToolIndex` contract) that ranks every message the same way, with these scores. */
function fixedIndex(hits: readonly [name: string, score: number][]): ToolIndex {
  return {
    size: hits.length,
    search: (_query, options) => hits.slice(0, options?.maxResults ?? hits.length).map(([name, score]) => ({ name, score })),
  };
}

const defaults: ToolPredictionSettings = { maxTools: 3, minScore: 2, minShare: 0.25 };

function predict(hits: readonly [string, number][], options: { settings?: Partial<ToolPredictionSettings>; loaded?: string[]; sentInFull?: string[] } = {}) {
  const sentInFull = new Set(options.sentInFull ?? []);
  return resolveToolPrediction({
    text: 'move the report to the archive folder',
    index: fixedIndex(hits),
    isDeferred: (name) => !sentInFull.has(name),
    loaded: new Set(options.loaded ?? []),
    notDeferred: sentInFull.size,
    settings: { ...defaults, ...options.settings },
  });
}

describe('resolveToolPrediction', () => {
  it('loads the best maxTools deferred tools that clear minScore, best first', () => {
    const { names, ranked } = predict([
      ['mv', 9],
      ['cp', 6],
      ['mkdir', 4],
      ['rm', 3],
      ['ls', 1],
    ]);
    expect(names).toEqual(['mv', 'cp', 'mkdir']);
    expect(ranked.map((candidate) => candidate.outcome)).toEqual(['loaded', 'loaded', 'loaded', 'over-max-tools', 'below-min-score']);
  });

  it('leaves out a runner-up scoring under minShare of the best score, though it clears minScore', () => {
    const { names, ranked } = predict([
      ['mv', 12],
      ['cp', 4],
      ['rm', 2.5],
    ]);
    expect(names).toEqual(['mv', 'cp']);
    expect(ranked.find((candidate) => candidate.name === 'rm')).toEqual({ name: 'rm', score: 2.5, outcome: 'below-min-share' });
  });

  it('measures the share against the best deferred tool even when the conversation holds it already', () => {
    const { names, ranked } = predict(
      [
        ['mv', 12],
        ['cp', 2.5],
      ],
      { loaded: ['mv'] },
    );
    expect(names).toEqual([]);
    expect(ranked.map((candidate) => candidate.outcome)).toEqual(['already-loaded', 'below-min-share']);
  });

  it('measures the share against the best deferred tool, not a tool sent in full', () => {
    expect(
      predict(
        [
          ['read_file', 40],
          ['mv', 8],
        ],
        { sentInFull: ['read_file'] },
      ).names,
    ).toEqual(['mv']);
  });

  it.each([
    ['0 keeps every tool that clears minScore', 0, ['mv', 'cp', 'rm']],
    ['1 keeps only tools that tie the best score', 1, ['mv']],
  ])('minShare %s', (_label, minShare, expected) => {
    expect(
      predict(
        [
          ['mv', 12],
          ['cp', 4],
          ['rm', 2],
        ],
        { settings: { minShare } },
      ).names,
    ).toEqual(expected);
  });

  it('predicts nothing for an empty message', () => {
    expect(
      resolveToolPrediction({ text: '  ', index: fixedIndex([['mv', 9]]), isDeferred: () => true, loaded: new Set(), notDeferred: 0, settings: defaults }),
    ).toEqual({
      names: [],
      ranked: [],
    });
  });
});
