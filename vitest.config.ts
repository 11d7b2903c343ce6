import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const app = process.env.TOOL_SEARCH_APP;

/** The tests that import the AI SDK (`ai`, `@ai-sdk/*`): they run once per supported major. */
const AI_SDK_TESTS = ['test/integrations/ai-sdk/**/*.test.ts', 'test/docs/quick-starts.test.ts'];

/**
 * The tests that run in a fresh module graph each (the `isolated` project; every other file shares its worker's):
 * - the README's and docs/' code, run as a user's modules: each imports the SDKs afresh (`@ai-sdk/openai`'s default
 *   provider reads OPENAI_BASE_URL when its module loads, which the test sets first);
 * - the benchmark's test: its timings start with full garbage collections, which the heap a worker accumulates over
 *   other files makes several times slower;
 * - the request counters' test: it wraps two of the package's functions (`vi.mock` with the real function inside),
 *   which only a fresh module graph sees everywhere.
 */
const ISOLATED_TESTS = ['test/docs/**/*.test.ts', 'test/bench/run-benchmark.test.ts', 'test/session/request-counters.test.ts'];

/**
 * AI SDK 7 (`ai` 7, `@ai-sdk/*` 4) in place of the AI SDK 6 the project installs under the plain names: the aliased
 * dev dependencies `ai-v7`, `@ai-sdk/openai-v4`, `@ai-sdk/anthropic-v4` and `@ai-sdk/google-v4`.
 */
const AI_SDK_7 = [
  { find: /^ai$/, replacement: 'ai-v7' },
  { find: /^@ai-sdk\/(openai|anthropic|google)$/, replacement: '@ai-sdk/$1-v4' },
];

export default defineConfig({
  // The package's public names, for code written as a user writes it (the quick starts run by test/docs/), except when
  // scripts/check-installed-package.mjs runs the quick starts against the packed package (`TOOL_SEARCH_APP`).
  resolve: {
    alias:
      app === undefined
        ? [
            { find: /^tool-search$/, replacement: source('index.ts') },
            { find: /^tool-search\/(openai|anthropic|gemini|bedrock)$/, replacement: source('providers/$1/index.ts') },
            { find: /^tool-search\/(ai-sdk|langchain|openai-agents)$/, replacement: source('integrations/$1/index.ts') },
          ]
        : [],
  },
  test: {
    // No test may depend on wall-clock speed: on a busy machine (two cores shared with other work) a test that spawns
    // processes or runs a thousand property cases takes several times as long. The limits only end a hang; the
    // projects below inherit them.
    testTimeout: 10 * 60_000,
    hookTimeout: 10 * 60_000,
    typecheck: { enabled: false },
    projects: [
      // Every test but the docs', with the AI SDK 6 of the project's own dependencies. The test files of a worker share
      // the modules they import (`isolate: false`): importing src/, zod and the SDKs again for each of ~200 files took
      // five times the tests' own time. Safe because nothing they import keeps module-level state (STYLE.md) and no
      // test mocks a module.
      {
        extends: true,
        test: { name: 'main', include: ['test/**/*.test.ts'], exclude: ISOLATED_TESTS, env: { AI_SDK_MAJOR: '6' }, isolate: false },
      },
      // The files that need a module graph of their own, each in a fresh one (the AI SDK 6 too).
      { extends: true, test: { name: 'isolated', include: ISOLATED_TESTS, env: { AI_SDK_MAJOR: '6' } } },
      // The AI SDK tests again, on AI SDK 7 (not for the installed-package check, whose app brings its own `ai`).
      ...(app === undefined
        ? [{ extends: true as const, resolve: { alias: AI_SDK_7 }, test: { name: 'ai-sdk-7', include: AI_SDK_TESTS, env: { AI_SDK_MAJOR: '7' } } }]
        : []),
    ],
  },
});
