// Placeholder until the benchmark issue lands: it measures nothing yet, and says so.
console.log(`npm run bench is not built yet (it arrives with the benchmark issue). It will measure:
- prompt size per surface × mechanism (seed 19-tool surface, GitHub MCP, BFCL, a ~10,000-tool catalog), bytes and tokens;
- search quality on BFCL (recall@1/3/5/8, MRR) next to the seed's rule, a token-match ranker and BM25;
- speed and scale (index build, search latency, transform time, reveal-store memory);
- multi-turn sessions (tool availability, reveal-set size, prompt prefix stability).
Nothing was measured by this run.`);
