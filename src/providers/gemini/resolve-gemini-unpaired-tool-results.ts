import { isRecord } from '../../records/is-record.js';
import { resolveUnpairedHistoryResults, type ToolHistoryItem, type ToolHistoryResult } from '../../session/resolve-unpaired-tool-results.js';

/**
 * The `functionResponse` parts of a Gemini body (SDK parameters or REST body) whose `functionCall` is not in the
 * content right before, matched by id where both have one and by name otherwise, each as a message that says what the
 * API answers and how to keep the history whole ("Please ensure that function response turn comes immediately after
 * a function call turn"). Never throws; contents it cannot read give none. Not part of the public API.
 */
export function resolveGeminiUnpairedToolResults(body: Record<string, unknown>): string[] {
  return resolveUnpairedHistoryResults(body.contents, readContent, 'previous-turn').map(
    (result) =>
      `\`${result.path}\` is a \`functionResponse\` for \`${result.label}\`, but the content before it has no \`functionCall\` it answers, and Gemini rejects the body ("Please ensure that function response turn comes immediately after a function call turn"); keep the model's content with its \`functionCall\` parts directly before the content that answers them (\`contents.push(...turn.contents)\`)`,
  );
}

function readContent(content: unknown, index: number): ToolHistoryItem | undefined {
  const parts = isRecord(content) ? content.parts : undefined;
  if (!Array.isArray(parts)) return undefined;
  const calls: string[] = [];
  const results: ToolHistoryResult[] = [];
  for (const [position, part] of parts.entries()) {
    if (!isRecord(part)) continue;
    const call = part.functionCall;
    if (isRecord(call) && typeof call.name === 'string') calls.push(...keysOf(call));
    const response = part.functionResponse;
    if (isRecord(response) && typeof response.name === 'string') {
      results.push({ keys: keysOf(response), path: `contents[${index}].parts[${position}]`, label: response.name });
    }
  }
  // A content of responses only does not end the turn it answers.
  return calls.length > 0 ? { calls, results } : { results };
}

/** A call or response's keys: its name, and its id when it has one. */
function keysOf(part: Record<string, unknown>): string[] {
  return typeof part.id === 'string' && part.id.length > 0 ? [`name:${String(part.name)}`, `id:${part.id}`] : [`name:${String(part.name)}`];
}
