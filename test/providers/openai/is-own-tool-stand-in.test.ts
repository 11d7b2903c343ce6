import { describe, expect, it } from 'vitest';
import { isOwnToolStandIn } from '../../../src/providers/openai/resolve-grouping-api-request.js';

describe('isOwnToolStandIn', () => {
  const planned = new Map([['tool_search', {}]]);
  it.each([
    ['stands for the planned caller tool an earlier pass replaced', 'tool_search', () => false, true],
    ['does not when the body still holds the caller tool', 'tool_search', () => true, false],
    ['does not when the plan has no tool of its name', 'call_tool', () => false, false],
  ])('%s', (_label, name, bodyHolds, expected) => {
    expect(isOwnToolStandIn(name, planned, bodyHolds)).toBe(expected);
  });
});
