import { describe, expect, it } from 'vitest';
import { loadBfclQueries } from '../../../bench/quality/load-quality-fixtures.js';
import { splitQueryHalves } from '../../../bench/quality/split-query-halves.js';

describe('splitQueryHalves', () => {
  const queries = loadBfclQueries();
  const halves = splitQueryHalves(queries);

  it('puts every BFCL dev request in exactly one half (583 and 595 of 1,178)', () => {
    expect([halves.a.length, halves.b.length]).toEqual([583, 595]);
    expect(new Set([...halves.a, ...halves.b].map((query) => query.id)).size).toBe(queries.length);
  });

  it('keeps the file order within each half', () => {
    const position = new Map(queries.map((query, index) => [query.id, index]));
    for (const half of [halves.a, halves.b]) {
      const positions = half.map((query) => position.get(query.id)!);
      expect(positions).toEqual([...positions].sort((left, right) => left - right));
    }
  });

  it('decides by the id alone, whatever the order or the other requests', () => {
    const reversed = splitQueryHalves([...queries].reverse());
    expect(new Set(reversed.a.map((query) => query.id))).toEqual(new Set(halves.a.map((query) => query.id)));
    const first = queries[0]!;
    expect(splitQueryHalves([{ id: first.id }]).a.length === 1).toBe(halves.a.includes(first));
  });
});
