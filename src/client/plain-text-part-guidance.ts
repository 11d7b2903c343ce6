import { isRecord } from '../records/is-record.js';
import type { GuidancePartText } from './resolve-guidance-text.js';

/**
 * How the guidance note is read from and written to parts of the untyped `{ text }` shape (Gemini's parts, Bedrock
 * Converse's system blocks), for `resolveGuidanceParts`: a part without a string `text` (an image, a `cachePoint`)
 * holds no text, and the note's own part is `{ text }`. `TEXT_PART_GUIDANCE` is the same for `{ type: 'text',
 * text }` parts. Not part of the public API.
 */
export const PLAIN_TEXT_PART_GUIDANCE: GuidancePartText<unknown> = Object.freeze({
  read: (part: unknown) => (isRecord(part) && typeof part.text === 'string' ? part.text : undefined),
  write: (part: unknown, text: string) => (part === null ? { text } : { ...(part as Record<string, unknown>), text }),
});
