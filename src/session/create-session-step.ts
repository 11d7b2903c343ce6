import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import type { SessionStep, SessionToolCall, SessionToolCallToRun } from './session-step.js';
import { parseToolOutput } from './parse-tool-output.js';

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
