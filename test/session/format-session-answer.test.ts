import { describe, expect, it } from 'vitest';
import type { ToolSearchResult } from '../../src/client/tool-search-result.js';
import { formatSessionAnswer } from '../../src/session/format-session-answer.js';

describe('formatSessionAnswer', () => {
  it.each([
    ['text as it is', 'sunny', 'sunny'],
    ['other values as JSON with a stable key order', { temperature: 21, city: 'Paris' }, '{"city":"Paris","temperature":21}'],
    ['nothing as an empty text', undefined, ''],
  ])("writes the caller's output: %s", (_case, output, content) => {
    expect(formatSessionAnswer({ type: 'run', output })).toBe(content);
  });

  it("keeps the caller's own list of parts as it is", () => {
    const parts = [{ text: 'sunny' }];
    expect(formatSessionAnswer({ type: 'run', output: parts })).toBe(parts);
  });

  it('keeps a list of parts as it is and writes anything else as formatToolOutput does (formerly formatToolContent)', () => {
    const parts = [{ type: 'text', text: 'hi' }];
    expect(formatSessionAnswer({ type: 'run', output: parts })).toBe(parts);
    expect(formatSessionAnswer({ type: 'run', output: { b: 1, a: 2 } })).toBe('{"a":2,"b":1}');
    expect(formatSessionAnswer({ type: 'run', output: undefined })).toBe('');
  });

  it.each(['search', 'answer'] as const)("writes the package's %s result as its JSON text", (type) => {
    const result = { status: 'found', tools: [] } as unknown as ToolSearchResult;
    expect(formatSessionAnswer({ type, result })).toBe('{"status":"found","tools":[]}');
  });
});
