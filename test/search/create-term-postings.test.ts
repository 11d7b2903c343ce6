import { describe, expect, it } from 'vitest';
import { createTermPostings } from '../../src/search/create-term-postings.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';

const WEIGHTS = { name: 3, description: 1, parameters: 0.75 };
const OPTIONS = { weights: WEIGHTS, rarity: false, lengthNormalization: 0, words: 'content' } as const;

function postingsOf(tools: readonly ToolDefinition[], term: string, rarity = false): [string, number][] {
  const { names, termIds, offsets, toolIds, weights } = createTermPostings(tools, { ...OPTIONS, rarity });
  const termId = termIds.get(term);
  if (termId === undefined) return [];
  const result: [string, number][] = [];
  for (let position = offsets[termId]!; position < offsets[termId + 1]!; position += 1) result.push([names[toolIds[position]!]!, weights[position]!]);
  return result;
}

const tools: ToolDefinition[] = [
  { name: 'list_reports', description: 'Lists reports', inputSchema: { type: 'object', properties: { report: { type: 'string' } } } },
  { name: 'tool_search', description: 'Search reports', inputSchema: { type: 'object' } },
  { name: 'archive', description: 'Archives a report', inputSchema: { type: 'object' } },
  { name: 'export', title: 'Report export', inputSchema: { type: 'object', properties: { format: { description: 'report format' } } } },
  { name: 'delete', description: 'Deletes', inputSchema: { type: 'object', properties: { reportId: { type: 'string' } } } },
];

describe('createTermPostings', () => {
  it('lists each tool once per term, in tool order, with the weight of its best field', () => {
    expect(postingsOf(tools, 'report')).toEqual([
      ['list_reports', 3],
      ['archive', 1],
      ['export', 1],
      ['delete', 0.75],
    ]);
  });

  it('leaves out a tool named tool_search', () => {
    const { names } = createTermPostings(tools, OPTIONS);
    expect(names).toEqual(['list_reports', 'archive', 'export', 'delete']);
  });

  it('multiplies each weight by the term rarity ln(1 + N / n) / ln(1 + N)', () => {
    const rarity = Math.log(1 + 4 / 4) / Math.log(1 + 4);
    expect(postingsOf(tools, 'report', true)).toEqual([
      ['list_reports', 3 * rarity],
      ['archive', 1 * rarity],
      ['export', 1 * rarity],
      ['delete', 0.75 * rarity],
    ]);
    expect(postingsOf(tools, 'archiv', true)).toEqual([['archive', 3]]);
  });

  it('reads the fields in weight order, so a lighter custom name weight still counts a term once, in its best field', () => {
    const { termIds, offsets, weights } = createTermPostings(tools, { ...OPTIONS, weights: { name: 0.1, description: 1, parameters: 2 } });
    const termId = termIds.get('report')!;
    expect([...weights.subarray(offsets[termId]!, offsets[termId + 1]!)]).toEqual([2, 1, 2, 2]);
  });

  it('indexes no stop word', () => {
    expect(postingsOf([{ name: 'a', description: 'The thing of the day', inputSchema: {} }], 'the')).toEqual([]);
  });

  it('indexes only the stop words, unstemmed, when asked for them', () => {
    const { termIds } = createTermPostings([{ name: 'notes', description: 'What is in these notes', inputSchema: {} }], { ...OPTIONS, words: 'stop-words' });
    expect([...termIds.keys()].sort()).toEqual(['in', 'is', 'these', 'what']);
  });

  it('multiplies a description match by (average length / length)^p, counting words that are not stop words', () => {
    // Descriptions of 1 and 3 words: the average is 2.
    const two: ToolDefinition[] = [
      { name: 'a', description: 'Reports', inputSchema: {} },
      { name: 'b', description: 'The reports of sales and stock', inputSchema: {} },
    ];
    const { termIds, offsets, weights } = createTermPostings(two, { ...OPTIONS, lengthNormalization: 0.5 });
    const termId = termIds.get('report')!;
    expect([...weights.subarray(offsets[termId]!, offsets[termId + 1]!)]).toEqual([(2 / 1) ** 0.5, (2 / 3) ** 0.5]);
  });
});
