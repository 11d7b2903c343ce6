import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { explainToolSearch } from '../../src/search/explain-tool-search.js';
import { createToolIndex } from '../../src/search/create-tool-index.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';

const path = { type: 'object', properties: { path: { type: 'string', description: 'File path' } } };
const tools: ToolDefinition[] = [
  { name: 'read_file', description: 'Read a file from the workspace.', inputSchema: path },
  { name: 'write_file', description: 'Write text to a file.', inputSchema: path },
  { name: 'send_email', description: 'Send an email.', inputSchema: { type: 'object', properties: { to: { type: 'string' } } } },
];

describe('explainToolSearch', () => {
  it('takes a score apart: each term’s field, weight and rarity, then the coverage bonus', () => {
    const explained = explainToolSearch(tools, 'read the file');
    expect(explained.terms).toEqual(['read', 'fil']);
    expect(explained.results).toEqual([
      {
        name: 'read_file',
        score: 5.795889,
        terms: [
          { term: 'read', field: 'name', fieldWeight: 3, rarity: 1, lengthFactor: 1, toolsWithTerm: 1, points: 3, coverage: 0, share: 1 },
          // The rarest term a tool has earns no bonus; each other adds coverageBonus × √rarity (√0.660964 = 0.812997).
          { term: 'fil', field: 'name', fieldWeight: 3, rarity: 0.660964, lengthFactor: 1, toolsWithTerm: 2, points: 1.982892, coverage: 0.812997, share: 1 },
        ],
        coverage: 0.812997,
        nameMiss: 0,
        sameForm: 0,
        exactName: 0,
        unexplained: 0,
      },
      {
        name: 'write_file',
        // Its name has two terms and the query one of them: −0.1 × 3 × 1/2.
        score: 1.832892,
        terms: [{ term: 'fil', field: 'name', fieldWeight: 3, rarity: 0.660964, lengthFactor: 1, toolsWithTerm: 2, points: 1.982892, coverage: 0, share: 1 }],
        coverage: 0,
        nameMiss: -0.15,
        sameForm: 0,
        exactName: 0,
        unexplained: 0,
      },
    ]);
  });

  it('explains a query of stop words only, matched on its stop words', () => {
    const explained = explainToolSearch(tools, 'from the');
    expect(explained.terms).toEqual(['from', 'the']);
    expect(explained.results.map((result) => [result.name, result.unexplained])).toEqual([['read_file', 0]]);
  });

  it('names a term found only in the description or the parameters by that field', () => {
    const [result] = explainToolSearch(tools, 'workspace path', { visible: ['read_file'] }).results;
    expect(result?.terms.map((term) => [term.term, term.field])).toEqual([
      ['workspac', 'description'],
      ['path', 'parameters'],
    ]);
  });

  it('shows the exact-name bonus and a select: list', () => {
    expect(explainToolSearch(tools, '`write_file`').results[0]).toMatchObject({ name: 'write_file', exactName: 100, unexplained: 0 });
    expect(explainToolSearch(tools, 'select:send_email')).toEqual({
      terms: [],
      selection: true,
      results: [{ name: 'send_email', score: 100, terms: [], coverage: 0, nameMiss: 0, sameForm: 0, exactName: 100, unexplained: 0 }],
    });
  });

  it('follows the index’s options (weights, rarity, coverage, maxResults)', () => {
    const options = { weights: { name: 2, description: 1, parameters: 0 }, rarity: false, coverageBonus: 0.5, maxResults: 1 };
    const explained = explainToolSearch(tools, 'write file', options);
    expect(explained.results).toHaveLength(1);
    expect(explained.results[0]).toMatchObject({ name: 'write_file', score: 4.5, coverage: 0.5, unexplained: 0 });
    expect(explained.results[0]?.terms.map((term) => [term.field, term.rarity, term.points])).toEqual([
      ['name', 1, 2],
      ['name', 1, 2],
    ]);
  });

  it('shows the share a term counts once a result above has it, in a request ranked for coverage', () => {
    const catalog: ToolDefinition[] = [
      {
        name: 'book_flight',
        description: 'Book a flight.',
        inputSchema: { type: 'object', properties: { hotel: { type: 'string', description: 'A hotel near the airport, car rental too' } } },
      },
      { name: 'book_hotel', description: 'Book a hotel room.', inputSchema: { type: 'object', properties: {} } },
      { name: 'rent_car', description: 'Rent a car.', inputSchema: { type: 'object', properties: {} } },
      { name: 'get_weather', description: 'The weather forecast.', inputSchema: { type: 'object', properties: {} } },
    ];
    const explained = explainToolSearch(catalog, 'book flight hotel rent car weather forecast', { coveredTermShare: 0.5 });
    for (const result of explained.results) expect(result.unexplained, result.name).toBe(0);
    const hotel = explained.results.find((result) => result.name === 'book_hotel');
    expect(hotel?.terms.find((term) => term.term === 'book')).toMatchObject({ field: 'name', share: 0.5 });
    expect(
      explainToolSearch(catalog, 'book flight hotel rent car weather forecast', { coveredTermShare: 1 }).results.every((result) =>
        result.terms.every((term) => term.share === 1),
      ),
    ).toBe(true);
  });

  // The guard for a change of the ranking formula: the explanation must still add up to the index's own scores.
  it('accounts for every score of the index on real requests (BFCL dev sample, 1,287 tools)', () => {
    const catalog = JSON.parse(readFileSync(new URL('../../bench/fixtures/bfcl/catalog.json', import.meta.url), 'utf8')) as ToolDefinition[];
    const queries = readFileSync(new URL('../fixtures/search/bfcl-dev-sample.jsonl', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line.length > 0)
      .slice(0, 40)
      .map((line) => (JSON.parse(line) as { query: string }).query);
    const index = createToolIndex(catalog);
    for (const query of queries) {
      const explained = explainToolSearch(catalog, query);
      expect(explained.results.map((result) => [result.name, result.score])).toEqual(index.search(query).map((hit) => [hit.name, hit.score]));
      for (const result of explained.results) expect(result.unexplained, `${query} → ${result.name}`).toBeCloseTo(0, 5);
    }
  });
});
