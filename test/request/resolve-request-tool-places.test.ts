import { describe, expect, it } from 'vitest';
import type { RequestToolEntry } from '../../src/request/request-tool-entry.js';
import type { RequestToolList } from '../../src/request/resolve-request-tool-list.js';
import { resolveRequestToolPlaces, type RequestBodyToolSlot } from '../../src/request/resolve-request-tool-places.js';

const entry = (name: string): RequestToolEntry => ({
  name,
  inputSchema: { type: 'object' },
  status: 'loaded',
  definition: { name, inputSchema: { type: 'object' } },
});
const list = (names: string[], shape: Partial<RequestToolList> = {}): RequestToolList => ({
  entries: names.map(entry),
  leading: 0,
  trailing: 0,
  hostedSearch: false,
  callerDeferral: 'kept',
  guidance: null,
  warnings: [],
  ...shape,
});
const tool = (name: string): RequestBodyToolSlot => ({ kind: 'tool', name });
const other: RequestBodyToolSlot = { kind: 'other' };
const hosted: RequestBodyToolSlot = { kind: 'hosted-search' };
/** Places written as `e0` (entry 0), `b1` (body entry 1), `hs` (the hosted search tool). */
const short = (places: ReturnType<typeof resolveRequestToolPlaces>['places']) =>
  places.map((place) => (place.type === 'hosted-search' ? 'hs' : `${place.type[0]}${place.index}`));

describe('resolveRequestToolPlaces', () => {
  it.each<[string, RequestBodyToolSlot[], RequestToolList, 'client' | 'claude-hosted' | 'none', string[], number]>([
    ['keeps a provider tool in place between the tools (none)', [tool('a'), other, tool('b')], list(['a', 'b']), 'none', ['e0', 'b1', 'e1'], 2],
    [
      'puts the leading entries and the hosted search tool first, the body’s search tool in its place (claude-hosted)',
      [tool('a'), hosted],
      list(['tool_search', 'a'], { leading: 1, hostedSearch: true }),
      'claude-hosted',
      ['e0', 'hs', 'e1'],
      1,
    ],
    [
      'fills the custom tools’ places and puts extra entries after the last (client)',
      [tool('a'), other, tool('b')],
      list(['a', 'b', 'tool_search', 'call_tool']),
      'client',
      ['e0', 'b1', 'e1', 'e2', 'e3'],
      2,
    ],
    ['finds the caller’s last tool where the client list sends it', [tool('b'), tool('a')], list(['a', 'b']), 'client', ['e0', 'e1'], 0],
    [
      'says the caller’s last tool is not sent when the client list leaves it out',
      [tool('a'), tool('z')],
      list(['a', 'tool_search']),
      'client',
      ['e0', 'e1'],
      -1,
    ],
    ['puts the trailing entries last', [tool('a'), other], list(['a', 'call_tool'], { trailing: 1 }), 'none', ['e0', 'b1', 'e1'], 1],
  ])('%s', (_case, body, decided, mechanism, places, last) => {
    const result = resolveRequestToolPlaces(body, decided, mechanism);
    expect(short(result.places)).toEqual(places);
    expect(result.last).toBe(last);
  });
});
