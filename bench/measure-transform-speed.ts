import type { ToolDefinition } from '../src/tools/tool-definition.js';
import { resolveBenchPlan, type BenchMechanism, type BenchWireAdapter } from './bench-wire-adapters.js';
import { measureDuration, type RepeatOptions } from './measure-duration.js';
import { resolveGarbageCollector } from './resolve-garbage-collector.js';

/** Time per request for one API and mechanism at one tool count, in milliseconds. */
export interface TransformSpeedRow {
  readonly api: BenchWireAdapter['api'];
  readonly mechanism: 'client' | 'openai-hosted' | 'claude-hosted';
  readonly tools: number;
  /** Read the body's tools, `resolveToolSearch`, then the transformer: what a caller does per request. */
  readonly resolveAndTransformMs: number;
  /** The transformer alone, with a plan made once (a caller that caches the plan per tool list). */
  readonly transformMs: number;
}

/**
 * Times the per-request work of each API's transformer on a request with `tools.length` tools, a system prompt, one
 * user message and three tools already revealed (the client mechanism's mid-session state): the median of
 * `options.runs` timed runs after warming up for `options.warmupMs`, each run a batch of calls sized to last about
 * 2 ms (the per-call figure is the batch time divided by its size).
 */
const collect = resolveGarbageCollector();

export function measureTransformSpeed(
  adapter: BenchWireAdapter,
  tools: readonly ToolDefinition[],
  options: RepeatOptions & { readonly warmupMs: number },
): TransformSpeedRow[] {
  const body = adapter.createBody(tools);
  const mechanisms: { mechanism: TransformSpeedRow['mechanism']; request: BenchMechanism }[] = [
    { mechanism: 'client', request: { kind: 'client', options: { listing: 'full', reveal: 'tool-list' } } },
  ];
  if (adapter.hostedMechanism !== null) mechanisms.push({ mechanism: adapter.hostedMechanism, request: { kind: 'hosted', options: { search: 'provider' } } });
  return mechanisms.map(({ mechanism, request }) => {
    const plan = resolveBenchPlan(adapter, body, request);
    const revealed = plan.tools
      .filter((tool) => tool.status === 'deferred')
      .slice(0, 3)
      .map((tool) => tool.name);
    const resolveAndTransform = () => adapter.transform(body, resolveBenchPlan(adapter, body, request), revealed);
    const transform = () => adapter.transform(body, plan, revealed);
    // A full collection first, so marking left over from earlier work (the whole benchmark's heap) does not run
    // through the timed window.
    collect();
    const resolveAndTransformMs = measureDuration(resolveAndTransform, { ...options, batch: resolveBatch(resolveAndTransform) });
    collect();
    const transformMs = measureDuration(transform, { ...options, batch: resolveBatch(transform) });
    return { api: adapter.api, mechanism, tools: tools.length, resolveAndTransformMs, transformMs };
  });
}

/** How many calls make a run of about 2 ms, from one warm call. */
function resolveBatch(work: () => unknown): number {
  const once = measureDuration(work, { warmup: 3, runs: 5 });
  return Math.max(1, Math.min(10_000, Math.round(2 / Math.max(once, 1e-4))));
}
