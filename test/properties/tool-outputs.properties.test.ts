/**
 * What a caller's tool returns, of every JSON-unfriendly kind (issue 24 item 10), through `step.complete` on the five
 * session APIs: a value JSON can write is accepted and the next request passes our preflight; one it cannot (a cycle,
 * a `BigInt`, nesting past 1,000 levels, a `toJSON` that throws) is refused with `invalid-tool-output`, never a stray
 * `TypeError` or `RangeError`, and never sent. `formatToolOutput`, the public writer, gives text or the same error.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { isToolSearchError } from '../../src/errors/tool-search-error.js';
import { formatToolOutput } from '../../src/session/format-tool-output.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT, createCaseCounter, hostileToolOutput, propertyParameters } from '../support/arbitraries.js';
import { SESSION_WIRES, type Factory } from '../support/session-wires.js';

const counter = createCaseCounter('tool outputs');
afterAll(() => counter.report());

/** A few large outputs (megabytes of text) per case: a quarter of the run count keeps the file at a few seconds. */
const RUNS = Math.max(30, Math.round(PROPERTY_RUNS / 4));

describe('a tool output of any kind', () => {
  it(
    'is accepted (and the next request passes our preflight) or refused with invalid-tool-output, on every API',
    async () => {
      // One agent per API for the whole run: a session per case.
      const agents = SESSION_WIRES.map((wire) => ({ wire, agent: wire.create() as Factory }));
      let session = 0;
      await fc.assert(
        fc.asyncProperty(fc.nat(SESSION_WIRES.length - 1), hostileToolOutput, async (pick, output) => {
          const { wire, agent } = agents[pick] as (typeof agents)[number];
          session += 1;
          const sessionId = `s${session}`;
          const request = await agent.prepare(wire.body, { sessionId });
          const step = await request.step(wire.response);
          let turn: Record<string, unknown>;
          try {
            turn = step.complete([output.value()]) as Record<string, unknown>;
          } catch (error) {
            if (!isToolSearchError(error)) throw error;
            expect(error.code).toBe('invalid-tool-output');
            expect(output.refused).toBe(true);
            counter.count(`${wire.api}: refused`);
            return;
          }
          expect(output.refused).toBe(false);
          counter.count(`${wire.api}: accepted`);
          const next = await agent.prepare(wire.next(wire.body, turn), { sessionId });
          expect(wire.preflight(next.body).violations).toEqual([]);
        }),
        propertyParameters(RUNS),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'is written by formatToolOutput as text, or refused with invalid-tool-output',
    () => {
      fc.assert(
        fc.property(hostileToolOutput, (output) => {
          try {
            expect(typeof formatToolOutput(output.value())).toBe('string');
            counter.count('formatToolOutput: text');
          } catch (error) {
            if (!isToolSearchError(error)) throw error;
            expect(error.code).toBe('invalid-tool-output');
            counter.count('formatToolOutput: refused');
          }
        }),
        propertyParameters(RUNS),
      );
    },
    PROPERTY_TIMEOUT,
  );
});
