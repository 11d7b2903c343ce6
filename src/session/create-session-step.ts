import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import type { SessionStep, SessionToolCall, SessionToolCallToRun } from './session-step.js';
import { parseToolOutput } from './parse-tool-output.js';
import type { RunTool } from './run-tool.js';
import type { StreamAccumulator } from './stream-accumulator.js';
import type { SessionStreamOptions } from './session-stream-options.js';

/** One call of a step and how its answer is written in the API's shape. */
export interface SessionStepEntry<Answer> {
  readonly call: SessionToolCall;
  /** The answer item for the call: from the caller's output for a `run` call, from the call's `result` otherwise. */
  readonly write: (output: unknown) => Answer;
}

/**
 * A {@link SessionStep} from the calls a factory read from a response: `pending` is every `run` call, and `complete`
 * writes each call's answer (the caller's output for the pending ones, in order) and hands them to `finish`, which
 * builds the API's turn. Every output is checked first (`parseToolOutput`): one JSON cannot write (a cycle, a `BigInt`)
 * is refused with a typed error on every API, before anything is written, and lone surrogates in its text become
 * U+FFFD. Not part of the public API.
 */
export function createSessionStep<Answer, Turn>(entries: readonly SessionStepEntry<Answer>[], finish: (answers: Answer[]) => Turn): SessionStep<Turn> {
  const calls = entries.map((entry) => entry.call);
  const pending = calls.filter((call): call is SessionToolCallToRun => call.type === 'run');
  return {
    calls,
    pending,
    complete(outputs) {
      if (!Array.isArray(outputs) || outputs.length !== pending.length) {
        const names = pending.map((call) => `\`${call.name}\``).join(', ');
        throw new ToolSearchError(
          'invalid-options',
          `\`complete(outputs)\` takes one output per pending call, in \`step.pending\`'s order (${pending.length}${pending.length === 0 ? '' : `: ${names}`}), got ${Array.isArray(outputs) ? `${outputs.length}` : describeValue(outputs)}; answer a declined or failed call with an output that says so`,
        );
      }
      const checked = pending.map((call, index) =>
        parseToolOutput(outputs[index], `\`outputs[${index}]\` (the output of \`${call.name}\`${call.id === '' ? '' : `, call \`${call.id}\``})`),
      );
      let next = 0;
      return finish(entries.map((entry) => entry.write(entry.call.type === 'run' ? checked[next++] : undefined)));
    },
  };
}

/**
 * What a session request's `handle` does with a step: runs the pending calls through `runTool` one after another, in
 * order, and completes the step with their outputs. An exception from `runTool` ends it and reaches the caller. Not
 * part of the public API: `handle` is the sequential convenience over `step`.
 */
export async function runSessionStep<Turn>(step: () => Promise<SessionStep<Turn>>, runTool: RunTool, sessionId: string): Promise<Turn> {
  if (typeof runTool !== 'function') {
    throw new ToolSearchError(
      'invalid-options',
      `\`handle(response, runTool)\`: \`runTool\` must be a function \`(name, args, call) => output\`, got ${describeValue(runTool)}`,
    );
  }
  const { pending, complete } = await step();
  const outputs: unknown[] = [];
  for (const call of pending) outputs.push(await runTool(call.name, call.arguments, { id: call.id, sessionId }));
  return complete(outputs);
}

/**
 * The response a stream rebuilds: every event is pushed into the API's accumulator, in order, and the answer text
 * each carries goes to `onText` (awaited) as it arrives. The iteration starts at once (an SDK helper stream hands
 * each event to the listeners present when it arrives). An error of the stream, the accumulator or `onText` ends the
 * reading and reaches the caller. Not part of the public API: `step` and `handle` read a stream through it.
 */
export async function readSessionStream<Response>(
  stream: AsyncIterable<unknown>,
  accumulator: StreamAccumulator<unknown, Response>,
  onText: SessionStreamOptions['onText'],
): Promise<Response> {
  for await (const event of stream) {
    const text = accumulator.push(event);
    if (text !== '' && onText !== undefined) await onText(text);
  }
  return accumulator.response();
}
