import { describe, expect, it } from 'vitest';
import { BENCH_WIRE_ADAPTERS } from '../../bench/bench-wire-adapters.js';
import { loadBenchFixtures } from '../../bench/load-bench-fixtures.js';
import { type SessionCostConfig, simulateSessionRequests } from '../../bench/simulate-session-requests.js';

const { multiTurnCatalog } = loadBenchFixtures();
const adapter = BENCH_WIRE_ADAPTERS.find((entry) => entry.api === 'openai-chat')!;
const predicting: SessionCostConfig = { id: 'default', label: 'default', mechanism: { kind: 'client', options: {} } };
const off: SessionCostConfig = { id: 'off', label: 'off', mechanism: { kind: 'client', options: { predict: 'off' } } };
/** The search calls a simulated session made, as the model wrote them. */
const searchCalls = (session: Awaited<ReturnType<typeof simulateSessionRequests>>[number]) => {
  const last = session.requests.at(-1)!;
  return last.segments.filter((_, index) => last.kinds[index] === 'search-call');
};

describe('simulateSessionRequests', () => {
  describe('with the prediction step', () => {
    it('sends two requests and no search for a turn whose needed tool the step loaded', async () => {
      const [session] = await simulateSessionRequests(
        adapter,
        multiTurnCatalog,
        [{ id: 's', turns: [{ query: 'Sort the lines of report.txt.', gold: ['sort'] }] }],
        predicting,
      );
      expect(session?.predicted).toBeGreaterThan(0);
      expect(session?.searches).toBe(0);
      expect(session?.requests).toHaveLength(2);
      // The predicted load is billed apart from the model's own searches.
      expect(session?.requests.at(-1)?.kinds).toEqual(expect.arrayContaining(['predicted-call', 'predicted-result']));
      expect(searchCalls(session!)).toEqual([]);
    });

    it('selects a needed tool the step missed by name, one search, not the turn’s words again', async () => {
      // `cd` is needed, the words name `sort`: the step loads `sort` and others, not `cd`.
      const [session] = await simulateSessionRequests(
        adapter,
        multiTurnCatalog,
        [{ id: 's', turns: [{ query: 'Sort the lines of report.txt.', gold: ['cd', 'sort'] }] }],
        predicting,
      );
      expect(session?.searches).toBe(1);
      expect(session?.retries).toBe(0);
      expect(session?.requests).toHaveLength(3);
      expect(searchCalls(session!).at(-1)).toContain('select:cd');
    });
  });

  it('searches with the turn’s words first when nothing was predicted', async () => {
    const [session] = await simulateSessionRequests(
      adapter,
      multiTurnCatalog,
      [{ id: 's', turns: [{ query: 'Sort the lines of report.txt.', gold: ['sort'] }] }],
      off,
    );
    expect(session?.predicted).toBe(0);
    expect(session?.searches).toBe(1);
    expect(searchCalls(session!)[0]).toContain('Sort the lines of report.txt.');
  });
});
