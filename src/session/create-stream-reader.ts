import { describeValue } from '../errors/describe-value.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { isRecord } from '../records/is-record.js';

/**
 * What every stream accumulator does the same way, for one API's stream (`api` names it in messages: `Messages API`,
 * `Converse`): check an event, tell a stream that ended too early, parse a tool input streamed in JSON pieces. Each
 * throws a `ToolSearchError` (`invalid-request`) worded alike for every API.
 */
export function createStreamReader(api: string) {
  return {
    /** The event as a record; throws when it is not one (or not one that `holds`), naming what the stream `yields`. */
    event(value: unknown, yields: string, holds: (event: Record<string, unknown>) => boolean = () => true): Record<string, unknown> {
      if (isRecord(value) && holds(value)) return value;
      throw new ToolSearchError('invalid-request', `a ${api} stream yields ${yields}, got ${describeValue(value)}`);
    },
    /** The error for a stream that ended before `what` came; with `cut`, it says the stream was cut. */
    ended(what: string, cut = true): ToolSearchError {
      return new ToolSearchError('invalid-request', `the ${api} stream ended before ${what}${cut ? ': the stream was cut' : ''}`);
    },
    /** A tool input from its JSON pieces once complete (no piece: `{}`); throws when they are not JSON, naming the input (`what`). */
    json(pieces: string, what: string): unknown {
      try {
        return pieces.trim() === '' ? {} : JSON.parse(pieces);
      } catch (error) {
        throw new ToolSearchError('invalid-request', `the ${api} stream's input of ${what} is not JSON once complete: ${describeValue(pieces)}`, {
          cause: error,
        });
      }
    },
  };
}
