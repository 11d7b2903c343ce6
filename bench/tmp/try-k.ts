import { BENCH_WIRE_ADAPTERS } from '../bench-wire-adapters.js';
import { loadBenchFixtures } from '../load-bench-fixtures.js';
import { simulateSessionRequests, type SessionCostConfig } from '../simulate-session-requests.js';
import { billSessionRequests, CACHE_PRICINGS } from '../bill-session-requests.js';
const fixtures = loadBenchFixtures();
const adapter = BENCH_WIRE_ADAPTERS.find((a) => a.api === (process.env.API ?? 'anthropic-messages'))!;
const listing = (process.env.LISTING ?? 'names') as 'names';
const base: Record<string, number> = {};
for (const config of [{ id: 'none', label: 'none', mechanism: { kind: 'none' } }, { id: 'c', label: `client ${listing}`, mechanism: { kind: 'client', options: { listing } } }] as SessionCostConfig[]) {
  const sims = await simulateSessionRequests(adapter, fixtures.multiTurnCatalog, fixtures.multiTurnSessions, config);
  const cells: string[] = [];
  for (const pricing of CACHE_PRICINGS) for (const warm of [false, true]) {
    let total = 0;
    for (const s of sims) total += billSessionRequests(s.requests, pricing, warm ? s.requests[0]! : null).billed;
    const key = `${pricing}-${warm}`;
    if (config.id === 'none') base[key] = total;
    cells.push(`${key}=${(total / base[key]!).toFixed(3)}`);
  }
  console.log(`K=${process.env.K} MORE=${process.env.MORE}`, config.label, cells.join(' '), `searches=${sims.reduce((a, s) => a + s.searches, 0)} retries=${sims.reduce((a, s) => a + s.retries, 0)}`);
}
