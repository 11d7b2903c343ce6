/**
 * Transformer time at 100 tools, this tree against the code before issue 25 (main at 621062a, before the codec
 * branch), in one process: the old tree is checked out into a temporary `git worktree` (sharing this tree's
 * `node_modules`), both trees' `transform*Request` are timed on the same bodies with plans each tree resolved itself,
 * interleaved batch by batch so a busy machine slows both alike, and the ratio new ÷ old is printed per API and
 * mechanism (target ≤ 1.10), from the medians and from the minimums of the batches: on a busy machine the minimum is
 * the steadier of the two, as a batch slowed by another process only raises the median. The worktree is removed at
 * the end.
 *
 *   npx tsx bench/run-transform-ab.ts [--base <commit>] [--tools <n>] [--runs <n>]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLargeCatalog } from './quality/create-large-catalog.js';
import { BENCH_WIRE_ADAPTERS } from './bench-wire-adapters.js';
import { measureDuration } from './measure-duration.js';

const argument = (name: string, fallback: string): string => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : (process.argv[at + 1] ?? fallback);
};
const base = argument('base', '621062a');
const size = Number(argument('tools', '100'));
const runs = Number(argument('runs', '31'));

const root = resolve(import.meta.dirname, '..');
const parent = mkdtempSync(join(tmpdir(), 'tool-search-ab-'));
const old = join(parent, 'old');
execFileSync('git', ['worktree', 'add', '--detach', old, base], { cwd: root, stdio: 'ignore' });

/** Each API's public reader and transformer, from one tree. */
interface Tree {
  readonly resolveToolSearch: (model: unknown, tools: unknown, config?: unknown) => { tools: readonly { name: string; status: string }[] };
  readonly transform: Record<string, (body: object, plan: unknown, options?: object) => unknown>;
  readonly parse: Record<string, (body: object) => unknown>;
}

async function loadTree(directory: string): Promise<Tree> {
  const load = (path: string) => import(pathToFileURL(join(directory, path)).href);
  const [plan, openai, anthropic, gemini, bedrock] = await Promise.all([
    load('src/plan/resolve-tool-search.ts'),
    load('src/providers/openai/index.ts'),
    load('src/providers/anthropic/index.ts'),
    load('src/providers/gemini/index.ts'),
    load('src/providers/bedrock/index.ts'),
  ]);
  return {
    resolveToolSearch: plan.resolveToolSearch,
    transform: {
      'openai-responses': openai.transformOpenAIResponsesRequest,
      'openai-chat': openai.transformOpenAIChatRequest,
      'anthropic-messages': anthropic.transformAnthropicMessagesRequest,
      gemini: gemini.transformGeminiRequest,
      'bedrock-converse': bedrock.transformBedrockConverseRequest,
    },
    parse: {
      'openai-responses': openai.parseOpenAIResponsesTools,
      'openai-chat': openai.parseOpenAIChatTools,
      'anthropic-messages': anthropic.parseAnthropicMessagesTools,
      gemini: gemini.parseGeminiTools,
      'bedrock-converse': bedrock.parseBedrockConverseTools,
    },
  };
}

try {
  symlinkSync(join(root, 'node_modules'), join(old, 'node_modules'), 'dir');
  const [before, after] = [await loadTree(old), await loadTree(root)];
  const tools = createLargeCatalog(size);
  console.log(`transform*Request at ${size} tools: this tree ÷ ${base} (median and minimum of ${runs} interleaved batches; target ≤ 1.10)`);
  const ratios: number[] = [];
  const minimumRatios: number[] = [];
  for (const adapter of BENCH_WIRE_ADAPTERS) {
    const body = adapter.createBody(tools);
    const mechanisms: { label: string; model: string; config: object }[] = [
      { label: 'client', model: adapter.clientModel, config: { mechanism: 'client', listing: 'full', reveal: 'tool-list' } },
    ];
    if (adapter.hostedModel !== null) {
      const mechanism = adapter.hostedMechanism === 'openai-hosted' ? 'openai' : 'claude';
      mechanisms.push({ label: adapter.hostedMechanism ?? 'hosted', model: adapter.hostedModel, config: { search: 'provider', mechanism } });
    }
    for (const { label, model, config } of mechanisms) {
      const time = (tree: Tree) => {
        const plan = tree.resolveToolSearch({ id: model, api: adapter.api }, tree.parse[adapter.api]?.(body), config);
        const revealed = plan.tools
          .filter((tool) => tool.status === 'deferred')
          .slice(0, 3)
          .map((tool) => tool.name);
        const transform = tree.transform[adapter.api] as Tree['transform'][string];
        return () => transform(body, plan, { revealed });
      };
      const work = { before: time(before), after: time(after) };
      const samples = { before: [] as number[], after: [] as number[] };
      measureDuration(work.before, { warmup: 200, runs: 1 });
      measureDuration(work.after, { warmup: 200, runs: 1 });
      for (let run = 0; run < runs; run += 1) {
        samples.before.push(measureDuration(work.before, { warmup: 0, runs: 1, batch: 20 }));
        samples.after.push(measureDuration(work.after, { warmup: 0, runs: 1, batch: 20 }));
      }
      const [old, now] = [median(samples.before), median(samples.after)];
      const minimumRatio = Math.min(...samples.after) / Math.min(...samples.before);
      ratios.push(now / old);
      minimumRatios.push(minimumRatio);
      console.log(
        `${adapter.api.padEnd(20)} ${label.padEnd(14)} before ${old.toFixed(4)} ms  now ${now.toFixed(4)} ms  ratio ${(now / old).toFixed(2)}  (minimums ${minimumRatio.toFixed(2)})`,
      );
    }
  }
  const summary = (values: readonly number[]) =>
    `worst ratio ${Math.max(...values).toFixed(2)}, geometric mean ${Math.exp(values.reduce((sum, ratio) => sum + Math.log(ratio), 0) / values.length).toFixed(2)}`;
  console.log(`medians: ${summary(ratios)}`);
  console.log(`minimums: ${summary(minimumRatios)}`);
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', old], { cwd: root, stdio: 'ignore' });
  rmSync(parent, { recursive: true, force: true });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] as number;
}
