import { countTokens } from './count-tokens.js';
import type { SegmentKind, SimulatedRequest } from './simulate-session-requests.js';
import { commonPrefixLength } from './replay-sessions.js';

/**
 * How a provider bills a prompt whose prefix it has cached, per input token, relative to plain input.
 *
 * - `openai`: automatic prefix caching. Any prefix of an earlier prompt, in whole 128-token blocks from 1,024 tokens
 *   on, is read from the cache at 0.1×; the rest is plain input (1×).
 * - `anthropic`: explicit breakpoints, which a loop sets at the end of the tools, the end of the system text and the
 *   end of the conversation. A prefix an earlier request wrote at one of its breakpoints is read at 0.1×; everything
 *   after it is written at 1.25×. A prompt under 1,024 tokens is not cached (1×).
 */
export type CachePricing = 'openai' | 'anthropic';

/** The pricing models, in table order. */
export const CACHE_PRICINGS: readonly CachePricing[] = ['openai', 'anthropic'];

const MINIMUM_CACHED_TOKENS = 1_024;
const OPENAI_BLOCK_TOKENS = 128;
const CACHE_READ = 0.1;
const ANTHROPIC_CACHE_WRITE = 1.25;

/** The billed input of one session: in plain-input token equivalents, in total and after each turn. */
export interface BilledSession {
  readonly billed: number;
  /** `billed` summed up to the end of each turn (index = turn). */
  readonly billedByTurn: readonly number[];
  /** `billed` split by what was billed: each segment's tokens at the rate its place in the prompt got. */
  readonly billedByKind: Readonly<Partial<Record<SegmentKind, number>>>;
}

/**
 * Bills a session's requests under one pricing model. Each request's cache holds what the session's previous request
 * left and, when `warm` is given, the tools + system block of an earlier session of the same agent (`warm` is a
 * request whose segments up to `systemEnd` are that block). Tokens are o200k tokens of each segment (a proxy for
 * every provider); a prefix that ends inside a segment counts that segment's tokens in proportion to its characters.
 */
export function billSessionRequests(requests: readonly SimulatedRequest[], pricing: CachePricing, warm: SimulatedRequest | null): BilledSession {
  let billed = 0;
  const billedByTurn: number[] = [];
  const billedByKind: Partial<Record<SegmentKind, number>> = {};
  let previous: SimulatedRequest | null = null;
  const warmBlock =
    warm === null
      ? null
      : {
          segments: warm.segments.slice(0, warm.systemEnd),
          kinds: warm.kinds.slice(0, warm.systemEnd),
          toolsEnd: warm.toolsEnd,
          systemEnd: warm.systemEnd,
          turn: -1,
        };
  for (const request of requests) {
    const total = sum(request.segments);
    const earlier = [previous, warmBlock].filter((entry): entry is SimulatedRequest => entry !== null);
    // The first `cached` tokens are read from the cache; the rest are billed at `rest` (plain input or a cache write).
    let cached: number;
    let rest: number;
    if (pricing === 'openai') {
      const prefix = Math.max(0, ...earlier.map((entry) => sharedPrefixTokens(entry.segments, request.segments)));
      cached = total >= MINIMUM_CACHED_TOKENS && prefix >= MINIMUM_CACHED_TOKENS ? Math.floor(prefix / OPENAI_BLOCK_TOKENS) * OPENAI_BLOCK_TOKENS : 0;
      rest = 1;
    } else {
      const read = Math.max(0, ...earlier.map((entry) => writtenPrefixTokens(entry, request)));
      cached = total < MINIMUM_CACHED_TOKENS ? 0 : read;
      rest = total < MINIMUM_CACHED_TOKENS ? 1 : ANTHROPIC_CACHE_WRITE;
    }
    const cost = cached * CACHE_READ + (total - cached) * rest;
    let offset = 0;
    request.segments.forEach((segment, index) => {
      const tokens = countTokens(segment);
      const read = Math.min(tokens, Math.max(0, cached - offset));
      const kind = request.kinds[index] as SegmentKind;
      billedByKind[kind] = (billedByKind[kind] ?? 0) + read * CACHE_READ + (tokens - read) * rest;
      offset += tokens;
    });
    billed += cost;
    billedByTurn[request.turn] = billed;
    previous = request;
  }
  return { billed, billedByTurn, billedByKind };
}

/** Tokens of the longest common prefix of two segment lists (whole segments, then part of the first that differs). */
function sharedPrefixTokens(earlier: readonly string[], current: readonly string[]): number {
  let shared = 0;
  const limit = Math.min(earlier.length, current.length);
  for (let index = 0; index < limit; index += 1) {
    const a = earlier[index] as string;
    const b = current[index] as string;
    if (a === b) {
      shared += countTokens(b);
      continue;
    }
    const common = commonPrefixLength(a, b);
    return shared + (b.length === 0 ? 0 : Math.floor((countTokens(b) * common) / b.length));
  }
  return shared;
}

/**
 * Tokens of the longest prefix of `current` that `earlier` wrote at one of its breakpoints (end of tools, end of
 * system, end of the request) and that is at least 1,024 tokens long.
 */
function writtenPrefixTokens(earlier: SimulatedRequest, current: SimulatedRequest): number {
  let best = 0;
  for (const end of [earlier.toolsEnd, earlier.systemEnd, earlier.segments.length]) {
    if (end > current.segments.length || end === 0) continue;
    let same = true;
    for (let index = 0; index < end; index += 1) {
      if (earlier.segments[index] !== current.segments[index]) {
        same = false;
        break;
      }
    }
    if (!same) continue;
    const length = sum(current.segments.slice(0, end));
    if (length >= MINIMUM_CACHED_TOKENS) best = Math.max(best, length);
  }
  return best;
}

function sum(segments: readonly string[]): number {
  let total = 0;
  for (const segment of segments) total += countTokens(segment);
  return total;
}
