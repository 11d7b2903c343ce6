/**
 * The start of `text`, at most `maxLength` UTF-16 code units long, never ending between the two halves of a surrogate
 * pair (an emoji, a CJK extension character, anything beyond the Basic Multilingual Plane). `String.prototype.slice`
 * counts code units and would keep a lone high surrogate, which JSON carries as an unpaired `\ud83d` escape and the
 * providers reject (Anthropic: "no low surrogate in string"). Every cut of text that reaches a request goes through here.
 *
 * @example
 * ```ts
 * cutText('ab😀', 3); // 'ab' (not 'ab\ud83d')
 * ```
 */
export function cutText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const end = Math.max(0, maxLength);
  const last = text.charCodeAt(end - 1);
  // A high surrogate as the last unit kept: its low half would be cut off, so it goes too.
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? end - 1 : end);
}
