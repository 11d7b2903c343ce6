import { describe, expect, it } from 'vitest';
import { holdBodyToolReads, readBodyToolsOnce } from '../../src/transform/read-body-tools-once.js';
import { isToolSearchError, ToolSearchError } from '../../src/errors/tool-search-error.js';

/** A reader that counts its calls and returns a new read each time. */
function createReader() {
  let calls = 0;
  const reader = (body: unknown) => {
    calls += 1;
    return { body, call: calls };
  };
  return {
    reader,
    get calls() {
      return calls;
    },
  };
}

describe('readBodyToolsOnce', () => {
  it('reads on every call outside a hold (direct callers)', () => {
    const counted = createReader();
    const body = { tools: [] };
    expect(readBodyToolsOnce(body, counted.reader)).not.toBe(readBodyToolsOnce(body, counted.reader));
    expect(counted.calls).toBe(2);
  });

  it('reads a held body once per reader, and forgets the read when the hold settles', async () => {
    const counted = createReader();
    const other = createReader();
    const body = { tools: [] };
    const reads = await holdBodyToolReads(body, async () => {
      const first = readBodyToolsOnce(body, counted.reader);
      await Promise.resolve();
      return [first, readBodyToolsOnce(body, counted.reader), readBodyToolsOnce(body, other.reader), readBodyToolsOnce({ tools: [] }, counted.reader)];
    });
    expect(reads[1]).toBe(reads[0]);
    expect(counted.calls).toBe(2);
    expect(other.calls).toBe(1);
    readBodyToolsOnce(body, counted.reader);
    expect(counted.calls).toBe(3);
  });

  it('keeps nothing from a reader that throws, and forgets the read when the hold rejects', async () => {
    const body = { tools: 'nope' };
    let calls = 0;
    const reader = () => {
      calls += 1;
      throw new ToolSearchError('invalid-request', '`tools` must be an array');
    };
    const held = holdBodyToolReads(body, async () => {
      expect(() => readBodyToolsOnce(body, reader)).toThrow(ToolSearchError);
      return readBodyToolsOnce(body, reader);
    });
    await expect(held).rejects.toSatisfy(isToolSearchError);
    expect(calls).toBe(2);
    const counted = createReader();
    readBodyToolsOnce(body, counted.reader);
    readBodyToolsOnce(body, counted.reader);
    expect(counted.calls).toBe(2);
  });
});
