import { BENCH_WIRE_ADAPTERS } from '../bench-wire-adapters.js';
import { loadBenchFixtures } from '../load-bench-fixtures.js';
import { simulateSessionRequests, type SessionCostConfig } from '../simulate-session-requests.js';
import { billSessionRequests, CACHE_PRICINGS } from '../bill-session-requests.js';

const fixtures = loadBenchFixtures();
const catalog = fixtures.multiTurnCatalog;
const sessions = fixtures.multiTurnSessions;
const k = Number(process.env.K ?? 3);
import { createToolIndex } from '../../src/search/create-tool-index.js';
const index = process.env.BAND === undefined ? undefined : createToolIndex(catalog, { minScoreRatio: Number(process.env.BAND) });
const extra = index === undefined ? {} : { index };
const configs: SessionCostConfig[] = [
  { id: 'none', label: 'none', mechanism: { kind: 'none' } },
  { id: 'seed', label: 'seed full/tool-list k8', mechanism: { kind: 'client', options: { listing: 'full', reveal: 'tool-list' }, search: { maxLoaded: 8 } } },
  ...(['full', 'compact', 'names', 'none'] as const).flatMap((listing) => (['conversation', 'tool-list'] as const).map((reveal) => ({ id: `${listing}-${reveal}`, label: `client ${listing}/${reveal}`, mechanism: { kind: 'client' as const, options: { listing, reveal }, search: { maxLoaded: k, ...extra } } }))),
  { id: 'hosted-provider', label: 'hosted provider', mechanism: { kind: 'hosted', options: { search: 'provider' } } },
  { id: 'hosted-library', label: 'hosted library', mechanism: { kind: 'hosted', options: { search: 'library' }, search: { maxLoaded: k, ...extra } } },
];
const apis = (process.env.APIS ?? 'openai-responses,anthropic-messages').split(',');
for (const adapter of BENCH_WIRE_ADAPTERS.filter((a) => apis.includes(a.api))) {
  const base: Record<string, number> = {};
  for (const config of configs) {
    if (config.mechanism.kind === 'hosted' && adapter.hostedMechanism === null) continue;
    const sims = await simulateSessionRequests(adapter, catalog, sessions, config);
    const cells: string[] = [];
    for (const pricing of CACHE_PRICINGS) for (const warm of [false, true]) {
      let total = 0;
      for (const s of sims) total += billSessionRequests(s.requests, pricing, warm ? s.requests[0]! : null).billed;
      const key = `${pricing}-${warm ? 'warm' : 'cold'}`;
      if (config.id === 'none') base[key] = total;
      cells.push(`${key}=${(total / base[key]!).toFixed(3)}`);
    }
    const searches = sims.reduce((a, s) => a + s.searches, 0), retries = sims.reduce((a, s) => a + s.retries, 0);
    console.log(adapter.api.padEnd(18), config.label.padEnd(28), cells.join(' '), `searches=${searches} retries=${retries}`);
  }
}
