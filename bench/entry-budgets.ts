import type { PackageEntry } from './bundle-entry.js';

/** The budget per entry, in KB (1,024 bytes) minified and gzipped: what every entry comes down to. */
export const ENTRY_BUDGET_GOAL = 45;

/**
 * What each entry may cost an edge app, in KB (1,024 bytes) after minification and gzip: every export of the entry
 * bundled for the browser with esbuild (`bundleEntry`). `npm test` fails above them (test/bundle-size.test.ts), and
 * `npm run bench:size` reports them. zod is off the path; the rest is the library's own code and its public face,
 * which issue 25 (one codec per wire API, a much smaller face) cuts to {@link ENTRY_BUDGET_GOAL}. Until then each
 * budget is the size measured when zod left (on main at f1cce37: 54.8, 76.4, 70.1, 63.0, 60.7 and 45.9 KB), rounded up a
 * little: a ratchet, lowered as the code shrinks, never raised without a reason in the commit. Raised once, by issue 24
 * (values JSON cannot write checked in every preflight and tool output, `auto`'s size rule, the Messages history
 * rewritten for a model without system messages, the reveal store's two lists): 56.6, 78.9, 73.6, 65.2, 62.8 and
 * 47.6 KB measured on its branch; with streaming (issue 29) beside them on main, 56.7, 80.9, 75.1, 67.2, 64.4
 * and 47.8 KB. Raised again by issue 26 (the parameters a server's tools share left out of the index, a request's
 * inflected word counted again where a tool writes it alike: MCP R@5 lead over BM25 +0.008 → +0.0215): about 0.75 KB
 * on every entry, 57.4, 81.7, 75.9, 68.0, 65.2, 48.6, 48.3 and 45.1 KB; only the two entries it took over are raised.
 * Lowered by issue 25's small public face (133 exports, 44 values): 52.0, 78.0, 72.7, 66.7, 65.6, 48.4, 48.2 and
 * 44.9 KB from src/ on branch codec-face (on codec 775e8d2). Raised by issue 27 (the prediction step: the turn start
 * each codec reads, the predicted load each writes, the decision's step; its ranking comes with `createToolPredictor`,
 * outside a bare transformer's bundle; the main entry, which exports createToolPredictor, carries the step: 53.2): 52.5, 79.9, 74.6, 68.4, 67.3 and 45.3 KB (tool-search, openai, anthropic,
 * gemini, bedrock, openai-agents) measured after the merge. Lowered by issue 30's second round (lru-cache replaced by the
 * library's own map, the catalog no longer carrying the search index and the validator) and issue 25's cuts: 47.4,
 * 73.7, 69.1, 62.7, 61.7, 43.8, 42.5 and 39.3 KB from src/ on main at 08e2cc5. Lowered by issue 30's third round
 * (each provider a shared module of its own in dist/, the config's tables marked pure) where there was room: 47.5,
 * 73.8, 69.1, 62.7, 61.8, 43.9, 42.6 and 39.4 KB from src/ on main at 3527b03. Raised by issue 25's single history
 * walk (the pairing read in each codec's walk, with the positions its write visits): openai 74.06, gemini 63.01. Raised
 * by issue 25's request speed (a bare transformer's plan checked once with its memo; the tool list a session's recalled
 * decision wrote kept on the codec's read and sent again by reference, so prepare at 10,000 tools is within 3× of 100 on
 * Messages and Responses hosted search): openai 74.23, anthropic 69.64 KB. Lowered by issue 30's zod round (the package's
 * own converter of zod schemas instead of zod's `toJSONSchema`, 21.9 KB minified, in every core entry): 41.66, 67.57,
 * 63.13, 56.90, 54.48, 43.54, 42.25 and 39.04 KB from src/ on branch tools-r5, each budget that + 0.5 KB. Lowered by
 * issue 30's seventh round (the package's own stable JSON in place of fast-json-stable-stringify's CommonJS module, the
 * config's one field reader, the checked name mapping; the keepRead comparison by field adds 0.12 KB to each transformer):
 * 41.34, 67.01, 62.28, 56.40, 53.92, 43.00, 41.66 and 38.58 KB from src/ on main at 2237509, each budget that + 0.5 KB;
 * with the validator loaded on first use and single2-r7's cuts, openai 66.92 (budget 67.5) on main at 9a291d9.
 */
export const ENTRY_BUDGETS: Readonly<Record<PackageEntry, number>> = {
  'tool-search': 41.9, // issue 25 brings it to 45
  'tool-search/openai': 67.5, // issue 25 brings it to 45
  'tool-search/anthropic': 62.8, // issue 25 brings it to 45
  'tool-search/gemini': 56.9, // issue 25 brings it to 45
  'tool-search/bedrock': 54.5, // issue 25 brings it to 45
  'tool-search/ai-sdk': 43.5, // 49.8 KB with issue 27's step in the AI SDK (transformAISDKPredictions), 43.8 once lru-cache left
  'tool-search/langchain': 42.2, // 45.9 KB when it came (without `langchain`), raised with issue 24's fixes; issue 25 brings it to 45
  'tool-search/openai-agents': 39.1, // 42.6 KB when it came (without `@openai/agents`), raised with issue 24's fixes
};

/** The budget for an app that imports `transformOpenAIResponsesRequest` alone, in KB minified and gzipped. */
// 21.6 KB with issue 27's prediction step; 21.0 KB from src/ and 22.2 KB from dist/ once the ES module build was one
// shared core.js (tsup.config.ts), whose module-level tables a bundler keeps unless it can prove them pure: raised to 23
// for that. Lowered by issue 30's third round: each provider's code out of core.js, the config's tables and the stub
// signature marked pure, 21.05 KB from src/ and 20.8 from dist/ (main at 3527b03); the 20 needs smaller code. Raised by
// issue 25's single history walk (Responses reads pairing, references and additions in one walk): 21.62 KB from src/. Raised
// by issue 25's request speed (the plan checked once with its memo, the written tools kept for a session): 21.76 KB.
// Lowered by issue 25's fourth round in the Responses files (one walk over declared functions, one classification of a
// body's tools, the grouping decision's options and branches nobody passed): 21.27 KB from src/ on main at aef3cf9, 21.2 from dist/;
// 21.42 KB from src/ once merged with the request speed's kept tool lists.
// Lowered to the 20 by its seventh round (the predicted load's output text made by the predictor, the history's and
// the name mapping's unchecked cores, the model table read in parts, the package's own stable JSON): 19.78 KB from src/,
// 19.91 with the keepRead comparison by field (19.80 from dist/) on main at 2237509.
export const SINGLE_TRANSFORMER_BUDGET = 20;
