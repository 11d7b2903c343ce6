import type { ToolPredictionSettings } from '../config/tool-search-config.js';
import type { ToolIndex } from '../search/create-tool-index.js';

/**
 * What became of one tool the prediction step ranked for a message.
 *
 * - `loaded`: among the best `maxTools` deferred tools not loaded yet, scoring at least `minScore`: loaded.
 * - `below-min-score`: it scored under `minScore` (the message names too little of it).
 * - `below-min-share`: it scored under `minShare` of the best deferred tool's score (a weak runner-up).
 * - `over-max-tools`: it scored enough, but `maxTools` better ones came first.
 * - `already-loaded`: the conversation holds its schema already (a tool is never loaded twice).
 */
export type ToolPredictionOutcome = 'loaded' | 'below-min-score' | 'below-min-share' | 'over-max-tools' | 'already-loaded';

/** One ranked tool of a prediction, with its score and what became of it. */
export interface ToolPredictionCandidate {
  readonly name: string;
  readonly score: number;
  readonly outcome: ToolPredictionOutcome;
}

/** What {@link resolveToolPrediction} ranks and from what it chooses. */
export interface ResolveToolPredictionInput {
  /** The newest user message: what the turn asks for. */
  readonly text: string;
  /** The ranking over the catalog (the index `tool_search` uses). */
  readonly index: ToolIndex;
  /** Whether the plan defers a tool (only a deferred tool is ever predicted: the others are sent in full). */
  readonly isDeferred: (name: string) => boolean;
  /** The tools whose schemas the conversation already holds (catalog names): never loaded again. */
  readonly loaded: ReadonlySet<string>;
  /** How many tools the plan sends in full: ranked tools that take no slot, so the search asks for that many more. */
  readonly notDeferred: number;
  readonly settings: ToolPredictionSettings;
}

/** The prediction for one message: what to load, and every deferred tool ranked with what became of it. */
export interface ToolPrediction {
  /** The tools to load, best first (catalog names); empty when nothing clears the rule. */
  readonly names: readonly string[];
  /** The deferred tools the ranking returned, best first, with their scores and outcomes (for `tool-search inspect`). */
  readonly ranked: readonly ToolPredictionCandidate[];
}

/** How many ranked tools past `maxTools` a prediction reports (what just missed the cut, for `inspect`). */
const REPORTED_EXTRA = 3;

/**
 * The prediction step's rule: the catalog ranked against the newest user message with the library's ranking (the
 * `tool_search` index, so a prediction is what a search with the user's words would find), and of the deferred tools
 * not loaded yet the best `maxTools` that score at least `minScore` and at least `minShare` of the best deferred tool's
 * score. Measured on the benchmark's BFCL multi-turn sessions (bench/README.md, session cost): loading the best three
 * that clear a score of 2 removed two thirds of the turns' searches and cost the least; more tools, or a looser score,
 * loaded more schemas than the searches they saved (four tools: 0.03 fewer requests per turn, the same cost, lower
 * precision on every retrieval set); the previous user message or the last turn's calls added to the query moved cost
 * by ±0.01×. A share of a quarter of the best score drops runners-up that were loaded for nothing (578 → 555 wasted on
 * BFCL) and raises precision on every retrieval set at the same recall; a higher share lost recall and added as many
 * searches as it saved schemas. What it misses is mostly what the user's words do not name (142 of 216 missed tools
 * are not among the ranked candidates at all: a step the tool's domain requires first, such as `cd` or
 * `pressBrakePedal`).
 *
 * Pure: the same message, index and loaded set give the same prediction. Not part of the public API.
 */
export function resolveToolPrediction(input: ResolveToolPredictionInput): ToolPrediction {
  const { settings, loaded } = input;
  const wanted = settings.maxTools + REPORTED_EXTRA;
  // Tools sent in full and tools already loaded take places in the ranking without being candidates.
  const hits = input.text.trim() === '' ? [] : input.index.search(input.text, { maxResults: wanted + loaded.size + input.notDeferred });
  const names: string[] = [];
  const ranked: ToolPredictionCandidate[] = [];
  let considered = 0;
  // The best deferred tool's score, loaded or not: when the turn's best match is a tool the conversation holds, a
  // far weaker one is rarely what the turn needs besides it.
  const best = hits.find((hit) => input.isDeferred(hit.name))?.score ?? 0;
  for (const hit of hits) {
    if (!input.isDeferred(hit.name)) continue;
    const outcome: ToolPredictionOutcome = loaded.has(hit.name)
      ? 'already-loaded'
      : hit.score < settings.minScore
        ? 'below-min-score'
        : hit.score < settings.minShare * best
          ? 'below-min-share'
          : names.length >= settings.maxTools
            ? 'over-max-tools'
            : 'loaded';
    if (outcome === 'loaded') names.push(hit.name);
    ranked.push({ name: hit.name, score: hit.score, outcome });
    if (outcome !== 'already-loaded') considered += 1;
    if (considered >= wanted) break;
  }
  return { names, ranked };
}
