import { describe, expect, it } from 'vitest';
import type { RequestToolEntry } from '../../../src/request/request-tool-entry.js';
import type { RequestToolList } from '../../../src/request/resolve-defer-loading-api-request.js';
import {
  createAnthropicToolLayout,
  resolveAnthropicToolPlaces,
  type AnthropicBodyToolKind,
} from '../../../src/providers/anthropic/anthropic-messages-tools.js';

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
const other: AnthropicBodyToolKind = 'other';
const hosted: AnthropicBodyToolKind = 'hosted-search';
/** A body of tools named `name`, read back as kinds and the last tool's name. */
const body = (...slots: (string | AnthropicBodyToolKind)[]): [AnthropicBodyToolKind[], string | undefined] => {
  const kinds = slots.map((slot): AnthropicBodyToolKind => (slot === other || slot === hosted ? slot : 'function'));
  const last = slots.at(-1);
  return [kinds, last === other || last === hosted ? undefined : last];
};
/** Each place written as `e0` (entry 0), `b1` (body entry 1), `hs` (the hosted search tool). */
const writer = { entry: (index: number) => `e${index}`, body: (position: number) => `b${position}`, hostedSearch: () => 'hs' };

describe('resolveAnthropicToolPlaces', () => {
  it.each<[string, [AnthropicBodyToolKind[], string | undefined], RequestToolList, 'client' | 'claude-hosted' | 'none', string[], number]>([
    ['keeps a provider tool in place between the tools (none)', body('a', other, 'b'), list(['a', 'b']), 'none', ['e0', 'b1', 'e1'], 2],
    [
      'puts the leading entries and the hosted search tool first, the body’s search tool in its place (claude-hosted)',
      body('a', hosted),
      list(['tool_search', 'a'], { leading: 1, hostedSearch: true }),
      'claude-hosted',
      ['e0', 'hs', 'e1'],
      1,
    ],
    [
      'fills the custom tools’ places and puts extra entries after the last (client)',
      body('a', other, 'b'),
      list(['a', 'b', 'tool_search', 'call_tool']),
      'client',
      ['e0', 'b1', 'e1', 'e2', 'e3'],
      2,
    ],
    ['finds the caller’s last tool where the client list sends it', body('b', 'a'), list(['a', 'b']), 'client', ['e0', 'e1'], 0],
    ['says the caller’s last tool is not sent when the client list leaves it out', body('a', 'z'), list(['a', 'tool_search']), 'client', ['e0', 'e1'], -1],
    ['puts the trailing entries last', body('a', other), list(['a', 'call_tool'], { trailing: 1 }), 'none', ['e0', 'b1', 'e1'], 1],
  ])('%s', (_case, [kinds, lastName], decided, mechanism, places, last) => {
    const result = resolveAnthropicToolPlaces(createAnthropicToolLayout(kinds.map((kind) => ({ kind }))), decided, mechanism, lastName, writer);
    expect(result.tools).toEqual(places);
    expect(result.last).toBe(last);
  });
});
