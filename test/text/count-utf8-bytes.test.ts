import { describe, expect, it } from 'vitest';
import { countUTF8Bytes } from '../../src/text/count-utf8-bytes.js';

describe('countUTF8Bytes', () => {
  it.each([
    ['', 0],
    ['plain ASCII', 11],
    ['café', 5],
    ['日本語', 9],
    ['😀', 4],
    ['a😀b', 6],
    ['\ud83d', 3],
    ['\ude00x', 4],
    ['\ud83d\ud83d\ude00', 7],
  ])('%j is %i bytes, as TextEncoder writes it', (text, bytes) => {
    expect(countUTF8Bytes(text)).toBe(bytes);
    expect(countUTF8Bytes(text)).toBe(new TextEncoder().encode(text).length);
  });
});
