import { isRecord } from '../records/is-record.js';
import type { GuidancePartText } from './resolve-guidance-text.js';

/**
 * How the guidance note is read from and written to parts of the `{ type: 'text', text }` shape (Chat Completions'
 * content parts, Anthropic's text blocks), for `resolveGuidanceParts`: a part of another type holds no text, and the
 * note's own part is `{ type: 'text', text }`. Not part of the public API.
 */
export const TEXT_PART_GUIDANCE: GuidancePartText<unknown> = Object.freeze({
  read: (part: unknown) => (isRecord(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : undefined),
  write: (part: unknown, text: string) => (part === null ? { type: 'text', text } : { ...(part as Record<string, unknown>), text }),
});
