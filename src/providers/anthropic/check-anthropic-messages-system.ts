import { describeValue } from '../../errors/describe-value.js';
import { ToolSearchError } from '../../errors/tool-search-error.js';
import { isRecord } from '../../records/is-record.js';

/** Throws unless `system` is absent, a string or a list of text blocks (where the guidance note can go). */
export function checkAnthropicMessagesSystem(system: unknown): void {
  if (system === undefined || system === null || typeof system === 'string') return;
  if (Array.isArray(system) && system.every((block: unknown) => isRecord(block) && block.type === 'text' && typeof block.text === 'string')) return;
  throw new ToolSearchError('invalid-request', `\`system\` must be a string or an array of text blocks, got ${describeValue(system)}`);
}
