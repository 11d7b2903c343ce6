import { describeValue } from '../../errors/describe-value.js';
import { PLAIN_TEXT_PART_GUIDANCE } from '../../client/plain-text-part-guidance.js';
import { resolveGuidanceContent, resolveGuidanceParts } from '../../client/resolve-guidance-text.js';
import type { ToolSearchWarning } from '../../plan/tool-search-plan.js';
import { isRecord } from '../../records/is-record.js';
import type { GeminiWarningCode } from './gemini-warning.js';

/** Adds, keeps or replaces the note in `systemInstruction`; see the transformer's documentation for the placement. */
export function placeGeminiGuidance(value: unknown, guidance: string | null, at: string, warnings: ToolSearchWarning<GeminiWarningCode>[]): unknown {
  if (value === undefined || value === null) return guidance === null ? value : { parts: [{ text: guidance }] };
  const content = resolveGuidanceContent(value, guidance, NOTE_PART_TEXT);
  if (content !== undefined) return content ?? undefined;
  if (isRecord(value) && Array.isArray(value.parts)) {
    const parts = resolveGuidanceContent(value.parts, guidance, NOTE_PART_TEXT);
    if (parts === value.parts) return value;
    return parts === null ? undefined : { ...value, parts };
  }
  if (isRecord(value) && typeof value.text === 'string') {
    const items = resolveGuidanceParts([value], guidance, NOTE_PART_TEXT);
    if (items.length === 1 && items[0] === value) return value;
    // A single part becomes a content, which both the SDK and the REST API accept.
    return items.length === 0 ? undefined : { parts: items };
  }
  if (guidance !== null) {
    warnings.push({
      code: 'guidance-not-added',
      message: `\`${at}\` is ${describeValue(value)}, not a string, part, part list or content, so the tool search note was not added; the model may call deferred tools without loading them`,
    });
  }
  return value;
}

/** Parts (or strings) of `systemInstruction`, with the note as its own part at the end: a string is text, a part is read as `{ text }`. */
const NOTE_PART_TEXT: Readonly<typeof PLAIN_TEXT_PART_GUIDANCE> = {
  read: (item: unknown): string | undefined => (typeof item === 'string' ? item : PLAIN_TEXT_PART_GUIDANCE.read(item)),
  write: (item: unknown, text: string): unknown => (typeof item === 'string' ? text : PLAIN_TEXT_PART_GUIDANCE.write(item, text)),
};
