import type { QualityQuery } from './load-quality-fixtures.js';

/**
 * Splits the dev requests into two fixed halves by a stable hash of each request's `id` (32-bit FNV-1a, even → `a`,
 * odd → `b`), keeping file order. A ranking idea is kept only when it helps on both halves, for both query styles:
 * a change tuned to one half's requests shows up as a gain there and none on the other.
 */
export function splitQueryHalves<Query extends Pick<QualityQuery, 'id'>>(queries: readonly Query[]): { readonly a: Query[]; readonly b: Query[] } {
  const a: Query[] = [];
  const b: Query[] = [];
  for (const query of queries) (hashId(query.id) % 2 === 0 ? a : b).push(query);
  return { a, b };
}

function hashId(id: string): number {
  let hash = 0x811c9dc5;
  for (let position = 0; position < id.length; position += 1) hash = Math.imul(hash ^ id.charCodeAt(position), 0x01000193);
  return hash >>> 0;
}
