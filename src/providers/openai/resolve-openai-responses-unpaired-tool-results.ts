import { isRecord } from '../../records/is-record.js';
import { resolveUnpairedHistoryResults, type ToolHistoryItem } from '../../session/resolve-unpaired-tool-results.js';

/** The output item types that answer a call (`function_call`, `custom_tool_call`); a set, so `constructor` is none. */
const OUTPUTS: ReadonlySet<string> = new Set(['function_call_output', 'custom_tool_call_output']);

/**
 * The `function_call_output` and `custom_tool_call_output` items of a Responses body whose call (the `function_call`
 * or `custom_tool_call` with the same `call_id`) is not among the items before them, each as a message that says what
 * the API answers and how to keep the history whole ("No tool call found for function call output with call_id …").
 * A body that continues a stored conversation (`previous_response_id`, `conversation`) is not checked: its calls may
 * be on the server. Never throws. Not part of the public API.
 */
export function resolveOpenAIResponsesUnpairedToolResults(body: Record<string, unknown>): string[] {
  const stored =
    (body.previous_response_id !== undefined && body.previous_response_id !== null) || (body.conversation !== undefined && body.conversation !== null);
  if (stored) return [];
  return resolveUnpairedHistoryResults(body.input, readItem, 'earlier').map(
    (result) =>
      `\`${result.path}\` is a \`${result.label}\`, but no item before it is its call, and the Responses API rejects the body ("No tool call found for function call output with call_id …"); keep the response's output items in \`input\` before their answers (\`input.push(...turn.input)\`), or chain with \`previous_response_id\` and send \`turn.answers\``,
  );
}

function readItem(item: unknown, index: number): ToolHistoryItem | undefined {
  if (!isRecord(item) || typeof item.type !== 'string' || typeof item.call_id !== 'string') return undefined;
  if (item.type === 'function_call' || item.type === 'custom_tool_call') return { calls: [item.call_id] };
  if (!OUTPUTS.has(item.type)) return undefined;
  return { results: [{ keys: [item.call_id], path: `input[${index}]`, label: `${item.type}\` for \`${item.call_id}` }] };
}
