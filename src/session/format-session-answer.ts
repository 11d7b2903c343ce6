import { formatToolSearchResult } from '../client/tool-search-result.js';
import { formatToolOutput } from './format-tool-output.js';
import type { SessionCallAnswer } from './session-adapter.js';

/**
 * The content of a tool result answering one call on an API whose results are text or a list of parts: the caller's
 * output (a list: its own parts, as they are; anything else through {@link formatToolOutput}), the package's result as its text
 * (`formatToolSearchResult`). What Chat Completions, Responses, Converse and the Messages API (its text results) write, each in its result shape. Not part
 * of the public API.
 */
export function formatSessionAnswer<Part>(answer: SessionCallAnswer): string | Part[] {
  if (answer.type !== 'run') return formatToolSearchResult(answer.result);
  return Array.isArray(answer.output) ? (answer.output as Part[]) : formatToolOutput(answer.output);
}
