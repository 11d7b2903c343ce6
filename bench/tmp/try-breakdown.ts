import { BENCH_WIRE_ADAPTERS } from '../bench-wire-adapters.js';
import { loadBenchFixtures } from '../load-bench-fixtures.js';
import { simulateSessionRequests, type SessionCostConfig } from '../simulate-session-requests.js';
import { countTokens } from '../count-tokens.js';
const fixtures = loadBenchFixtures();
const adapter = BENCH_WIRE_ADAPTERS.find((a) => a.api === 'anthropic-messages')!;
for (const config of [{ id: 'none', label: 'none', mechanism: { kind: 'none' } }, { id: 'c', label: 'names', mechanism: { kind: 'client', options: { listing: 'names' } } }] as SessionCostConfig[]) {
  const sims = await simulateSessionRequests(adapter, fixtures.multiTurnCatalog, fixtures.multiTurnSessions, config);
  let requests = 0, toolsTok = 0, systemTok = 0, finalConv = 0, searchTok = 0, userTok = 0, callTok = 0, resultTok = 0, answerTok = 0;
  for (const s of sims) {
    requests += s.requests.length;
    const last = s.requests.at(-1)!;
    for (let i = 0; i < last.toolsEnd; i++) toolsTok += countTokens(last.segments[i]!);
    systemTok += countTokens(last.segments[last.toolsEnd]!);
    for (const seg of last.segments.slice(last.systemEnd)) {
      const t = countTokens(seg); finalConv += t;
      if (seg.includes('"tool_search"') || seg.includes('"status":"found"') || seg.includes('"status":"no-match"')) searchTok += t;
      else if (seg.startsWith('{"role":"user"')) userTok += t;
      else if (seg.startsWith('{"role":"assistant","tool_calls"')) callTok += t;
      else if (seg.startsWith('{"role":"tool"')) resultTok += t;
      else answerTok += t;
    }
  }
  const n = sims.length;
  console.log(config.label, { requestsPerSession: requests / n, tools: toolsTok / n, system: systemTok / n, conv: finalConv / n, search: searchTok / n, user: userTok / n, calls: callTok / n, results: resultTok / n, answers: answerTok / n });
}
