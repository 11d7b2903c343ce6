/**
 * How many bytes `text` takes in UTF-8, without encoding it: 1 per ASCII character, 2 up to U+07FF, 3 for the rest of
 * the Basic Multilingual Plane (CJK), 4 for a surrogate pair (an emoji); a lone surrogate counts 3, as the replacement
 * character `TextEncoder` writes for it. Limits a provider states in bytes (Anthropic's 4 MB of tool definitions) are
 * measured with it: JSON's length in UTF-16 code units counts CJK text at a third of its size.
 *
 * @example
 * ```ts
 * countUTF8Bytes('café'); // 5
 * countUTF8Bytes('日本'); // 6
 * ```
 */
export function countUTF8Bytes(text: string): number {
  // Each code unit counts 1 to start with; the loop adds what UTF-8 writes beyond that.
  let bytes = text.length;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) continue;
    if (code < 0x800) {
      bytes += 1;
      continue;
    }
    // 3 bytes for one unit; a surrogate pair is 4 bytes for its 2 units (its low half is skipped), a lone one 3.
    bytes += 2;
    const next = text.charCodeAt(index + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) index += 1;
  }
  return bytes;
}
