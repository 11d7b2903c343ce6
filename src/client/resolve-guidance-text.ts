import { TOOL_SEARCH_GUIDANCE, TOOL_SEARCH_GUIDANCE_PATTERN } from './tool-search-guidance.js';

/** What separates the guidance note from the text before it. */
export const GUIDANCE_SEPARATOR = '\n\n';

/**
 * A system text with the guidance note at its end, once: returned as it is when it already ends with `guidance`; a
 * note an earlier transform left (stale, or with nothing deferred now) is replaced, or removed when `guidance` is
 * `null`, so the caller's own text keeps its bytes and a note never appears twice, however often a body is
 * transformed.
 *
 * @example
 * ```ts
 * import { resolveGuidanceText, TOOL_SEARCH_GUIDANCE } from 'tool-search';
 * resolveGuidanceText('You are helpful.', TOOL_SEARCH_GUIDANCE); // 'You are helpful.\n\n' + TOOL_SEARCH_GUIDANCE
 * ```
 */
export function resolveGuidanceText(text: string, guidance: string | null): string {
  // One canonical form (the caller's text, then the current note) makes the result the same however often it runs;
  // a stale note is recognised even when the current one is its prefix (the `names` listing's note extends it).
  const own = text.includes(TOOL_SEARCH_GUIDANCE) ? withoutGuidance(text) : text;
  if (guidance === null) return own;
  const result = own === '' ? guidance : `${own}${GUIDANCE_SEPARATOR}${guidance}`;
  return result === text ? text : result;
}

/** How {@link resolveGuidanceParts} reads and writes the text of one part of an API's system slot. */
export interface GuidancePartText<Part> {
  /** The part's text, or `undefined` for a part that is not text (an image, a cache marker, …). */
  read(part: Part): string | undefined;
  /** The part with new text; `part` is `null` for the new part that holds the note. */
  write(part: Part | null, text: string): Part;
}

/**
 * A list of system parts (text blocks, Gemini parts, plain strings) with the guidance note as its own last part,
 * once: parts holding a note an earlier transform left lose it (and are dropped when nothing else was in them), and
 * the same array comes back when its last part already is the note, so a caller's parts (with their cache markers)
 * keep their place.
 */
export function resolveGuidanceParts<Part>(parts: readonly Part[], guidance: string | null, text: GuidancePartText<Part>): readonly Part[] {
  const last = parts.at(-1);
  const settled =
    guidance !== null &&
    last !== undefined &&
    text.read(last) === guidance &&
    parts.slice(0, -1).every((part) => text.read(part)?.includes(TOOL_SEARCH_GUIDANCE) !== true);
  if (settled) return parts;
  let changed = false;
  const kept: Part[] = [];
  for (const part of parts) {
    const value = text.read(part);
    if (value === undefined || !value.includes(TOOL_SEARCH_GUIDANCE)) {
      kept.push(part);
      continue;
    }
    changed = true;
    const own = withoutGuidance(value);
    if (own !== '') kept.push(text.write(part, own));
  }
  if (guidance === null) return changed ? kept : parts;
  return [...kept, text.write(null, guidance)];
}

/**
 * A system slot's content with the guidance note placed: text through {@link resolveGuidanceText}, a list of parts
 * through {@link resolveGuidanceParts}. `null` when the note was all the content held (an earlier transform's note,
 * now removed): the slot was the package's own, drop it. `undefined` when the content is neither text nor a list, so
 * no note can be placed (the transformer warns). The same value comes back when nothing changes.
 */
export function resolveGuidanceContent<Part>(
  content: unknown,
  guidance: string | null,
  text: GuidancePartText<Part>,
): string | readonly Part[] | null | undefined {
  if (typeof content === 'string') {
    const result = resolveGuidanceText(content, guidance);
    return result === '' && result !== content ? null : result;
  }
  if (!Array.isArray(content)) return undefined;
  const parts = resolveGuidanceParts(content as Part[], guidance, text);
  return parts.length === 0 && parts !== content ? null : parts;
}

/**
 * The text without any note this package wrote: each note (exactly, see `TOOL_SEARCH_GUIDANCE_PATTERN`; nothing after
 * it) goes with the blank line that separates it from the text before it, or, for a note at the start, from the text
 * after it. The caller's text around a note keeps every byte.
 */
function withoutGuidance(text: string): string {
  let result = '';
  let last = 0;
  for (const match of text.matchAll(TOOL_SEARCH_GUIDANCE_PATTERN)) {
    let start = match.index;
    let end = start + match[0].length;
    if (text.slice(Math.max(last, start - GUIDANCE_SEPARATOR.length), start) === GUIDANCE_SEPARATOR) start -= GUIDANCE_SEPARATOR.length;
    else if (start === last && text.startsWith(GUIDANCE_SEPARATOR, end)) end += GUIDANCE_SEPARATOR.length;
    result += text.slice(last, start);
    last = end;
  }
  return result + text.slice(last);
}
