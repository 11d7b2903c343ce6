/**
 * The `tool-search` command line as `runCLI` runs it: the arguments a user types, what it prints on standard output and
 * standard error, and the exit status, in this process (the reports are long computations, not process work). The
 * built command, spawned as a user runs it, is test/cli/index.test.ts; the installed one, scripts/check-installed-package.mjs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCLI, type CLIResult } from '../../src/cli/run-cli.js';
import { createToolIndex } from '../../src/search/create-tool-index.js';
import { createOpenAIResponsesTools } from '../../src/providers/openai/create-openai-responses-tools.js';
import { createAnthropicMessagesTools } from '../../src/providers/anthropic/index.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';

const root = join(import.meta.dirname, '..', '..');
const github = 'bench/fixtures/github-mcp/tools.json';
const githubTools = JSON.parse(readFileSync(join(root, github), 'utf8')) as ToolDefinition[];
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };

/** Runs the command line on `args`, with `input` as its standard input. */
function run(args: readonly string[], input = ''): Promise<CLIResult> {
  return runCLI(args, { readStandardInput: async () => input });
}

async function runJSON<T>(args: readonly string[], input?: string): Promise<T> {
  const result = await run([...args, '--json'], input);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as T;
}

interface InspectJSON {
  readonly source: string;
  readonly model: string | null;
  readonly plan: {
    readonly mechanism: string;
    readonly toolCount: number;
    readonly listing: string;
    readonly reveal: string;
    readonly additions?: string;
    readonly tools: { readonly name: string; readonly status: string; readonly reason: string }[];
  };
  readonly plans: { readonly api: string; readonly mechanism: string; readonly planMechanism: string; readonly deferred: number }[];
  readonly reveal: { readonly reveal: string; readonly additions: string | null; readonly choice: string; readonly reason: string };
  readonly warnings: { readonly code: string; readonly message: string }[];
  readonly deferredBy: Record<string, number>;
  readonly loadedBy: Record<string, number>;
  readonly tokens: { readonly counter: string; readonly exact: boolean };
  readonly sizes: {
    readonly api: string;
    readonly mechanism: string;
    readonly listing: string | null;
    readonly reveal: string | null;
    readonly additions: string | null;
    readonly search: string | null;
    readonly requestBytes: number;
    readonly promptBytes: number;
    readonly promptTokens: number;
    readonly savedPercent: number;
    readonly chosen: boolean;
  }[];
}

interface SearchJSON {
  readonly terms: string[];
  readonly results: {
    readonly name: string;
    readonly score: number;
    readonly terms: { readonly term: string; readonly field: string }[];
    readonly coverage: number;
    readonly unexplained: number;
  }[];
}

describe('runCLI (the tool-search command line)', () => {
  describe('help', () => {
    it.each([[['--help']], [['-h']], [[]], [['help']], [['inspect', '--help']]])('prints the usage for %j', async (args) => {
      const result = await run(args);
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(
        'Usage:\n  tool-search inspect <tools.json | -> [--model <id>] [--api <api>] [--platform <platform>] [--mechanism <m>]\n' +
          '                      [--listing <listing>] [--reveal <reveal>] [--message <text>] [--predict <p>]\n' +
          '                      [--format <format>] [--tools] [--json]',
      );
      expect(result.stdout).toContain('tool-search search <tools.json | -> <query…>');
    });

    it('prints the version', async () => {
      expect(await run(['--version'])).toEqual({ status: 0, stdout: `${manifest.version}\n`, stderr: '' });
    });
  });

  describe('inspect', () => {
    it("prints the plan, why each tool is deferred, and the request sizes of GitHub's MCP server, summary first", async () => {
      const result = await run(['inspect', github]);
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(`117 tools from ${github} (a JSON array of MCP tools)`);
      expect(result.stdout).toContain('Plan: no --model given, so the client-side mechanism (any model can use it) on every API; listing names, threshold 15');
      expect(result.stdout).toContain('  Deferred: 117\n    117 threshold-reached: the list has 117 tools, at or above the threshold of 15');
      expect(result.stdout).toContain('Warnings: none');
      expect(result.stdout).toContain('o200k_base tokens (gpt-tokenizer)');
      expect(result.stdout).toMatch(/openai-responses +none \(full schemas\) +- +117,277/);
      expect(result.stdout).toMatch(/anthropic-messages +claude-hosted/);
      // No row per tool unless asked for: the summary is the whole report.
      expect(result.stdout).not.toMatch(/actions_get/);
      expect(result.stdout.trimEnd().split('\n').at(-1)).toBe("Each tool's status, reason and schema bytes: add --tools (117 rows).");
    });

    it('prints a row per tool with --tools, after the summary and the request sizes', async () => {
      const result = await run(['inspect', github, '--tools']);
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/ {2}actions_get +deferred +threshold-reached +919\n/);
      const at = (text: string) => result.stdout.indexOf(text);
      expect(at('Plan: ')).toBeLessThan(at('Request size per API'));
      expect(at('Request size per API')).toBeLessThan(at('\nTools:\n'));
      expect(at('\nTools:\n')).toBeLessThan(at('  actions_get '));
      expect(result.stdout.trimEnd().split('\n')).toHaveLength((await run(['inspect', github])).stdout.trimEnd().split('\n').length - 1 + 2 + 2 + 117);
    });

    it('says per API what a model gets when no --api is given, as the rows it marks say (no "any API" headline)', async () => {
      const result = await run(['inspect', github, '--model', 'claude-sonnet-4-6']);
      expect(result.stdout).not.toContain('any API');
      expect(result.stdout).toContain(
        [
          'Plan for claude-sonnet-4-6 per API (threshold 15; --api <api> for one):',
          "  openai-responses, openai-chat, gemini, bedrock-converse: client (the library's own tool_search); listing names",
          '    Reveal: conversation',
          "  anthropic-messages: claude-hosted (Anthropic's hosted tool search), library search; listing names",
          '    Reveal: conversation (hosted search: the provider loads the schemas the search returns, where its result sits (`reveal` is for the client mechanism))',
        ].join('\n'),
      );
      const marked = result.stdout
        .split('\n')
        .filter((line) => line.startsWith('  *  '))
        .map((line) => line.slice(5).split(/ {2,}/).slice(0, 2).join(' '));
      expect(marked).toEqual([
        'openai-responses client',
        'openai-chat client',
        'anthropic-messages claude-hosted, library search',
        'gemini client',
        'bedrock-converse client',
      ]);
      // The same in JSON: each API's plan is the row it marks.
      const report = await runJSON<InspectJSON>(['inspect', github, '--model', 'claude-sonnet-4-6']);
      for (const plan of report.plans) {
        expect(report.sizes.filter((row) => row.api === plan.api && row.chosen).map((row) => row.mechanism)).toEqual([plan.mechanism]);
      }
    });

    it.each([
      ['claude-sonnet-4-6', 'anthropic-messages'],
      ['gpt-5.4', 'openai-responses'],
    ])('below the threshold, plans %s on %s as sending every schema (nothing deferred), not as hosted search', async (model, api) => {
      const tools = JSON.stringify(githubTools.slice(0, 3));
      const text = (await run(['inspect', '-', '--model', model, '--api', api], tools)).stdout;
      const headline = text.split('\n')[2] ?? '';
      expect(headline).toMatch(
        new RegExp(
          `^Plan for ${model.replace('.', '\\.')} on ${api}: none: nothing is deferred \\(3 tools, below the threshold of 15\\), so every schema is sent in full; `,
        ),
      );
      expect(headline.split('; ')[0]).not.toMatch(/hosted/);
      expect(text).toContain('  Reveal: conversation (nothing is deferred, so nothing is loaded)');
      expect(text).toMatch(new RegExp(`\\* +${api} +none \\(full schemas\\)`));
      const report = await runJSON<InspectJSON>(['inspect', '-', '--model', model, '--api', api], tools);
      expect(report.plans).toEqual([expect.objectContaining({ api, mechanism: 'none', deferred: 0 })]);
      expect(report.sizes.filter((row) => row.chosen).map((row) => row.mechanism)).toEqual(['none']);
      // Without --api every API says so.
      const all = (await run(['inspect', '-', '--model', model], tools)).stdout;
      expect(
        all
          .split('\n')
          .filter((line) => / {2}[a-z-]+(, [a-z-]+)*: /.test(line))
          .every((line) => line.includes(': none: nothing is deferred')),
      ).toBe(true);
    });

    it('measures every API under every mechanism with the library’s own transformers (--json)', async () => {
      const report = await runJSON<InspectJSON>(['inspect', github]);
      expect(report.plan).toMatchObject({ mechanism: 'client', toolCount: 117, listing: 'names', reveal: 'conversation' });
      expect(report.tokens).toEqual({ counter: 'o200k_base tokens (gpt-tokenizer)', exact: true });
      expect(report.reveal).toEqual({
        reveal: 'conversation',
        additions: null,
        choice: 'auto',
        reason: expect.stringContaining('no tool additions are documented'),
      });
      const client = (api: string) => ['full', 'compact', 'names', 'none'].map((listing) => `${api} client ${listing} conversation -`);
      expect(report.sizes.map((row) => `${row.api} ${row.mechanism} ${row.listing ?? '-'} ${row.reveal ?? '-'} ${row.search ?? '-'}`)).toEqual([
        'openai-responses none - - -',
        ...client('openai-responses'),
        'openai-responses client names native -',
        'openai-responses openai-hosted - - provider',
        'openai-responses openai-hosted names - library',
        'openai-chat none - - -',
        ...client('openai-chat'),
        'anthropic-messages none - - -',
        ...client('anthropic-messages'),
        'anthropic-messages client names native -',
        'anthropic-messages claude-hosted - - provider',
        'anthropic-messages claude-hosted names - library',
        'gemini none - - -',
        ...client('gemini'),
        'bedrock-converse none - - -',
        ...client('bedrock-converse'),
      ]);
      // Native delivery sends no call_tool: its first request is smaller than the same listing's in the conversation.
      for (const api of ['openai-responses', 'anthropic-messages']) {
        const row = (reveal: string) => report.sizes.find((size) => size.api === api && size.listing === 'names' && size.reveal === reveal)!;
        expect(row('native').additions).toBe('value');
        expect(row('native').requestBytes).toBeLessThan(row('conversation').requestBytes);
      }
      // The baseline is the converter's tool list as sent: every schema in full.
      expect(report.sizes[0]?.requestBytes).toBe(Buffer.byteLength(JSON.stringify(createOpenAIResponsesTools(githubTools))));
      for (const row of report.sizes) {
        if (row.mechanism === 'none') expect(row.savedPercent).toBe(0);
        else expect(row.promptBytes).toBeLessThan(report.sizes.find((base) => base.api === row.api && base.mechanism === 'none')!.promptBytes);
      }
      expect(report.sizes.some((row) => row.chosen)).toBe(false);
    });

    it('plans for --model on --api and marks the row it chooses', async () => {
      const report = await runJSON<InspectJSON>(['inspect', github, '--model', 'gpt-5.4', '--api', 'openai-responses', '--listing', 'compact']);
      expect(report.plan).toMatchObject({ mechanism: 'openai-hosted', listing: 'compact' });
      expect(report.sizes.map((row) => row.api)).toEqual(Array(8).fill('openai-responses'));
      expect(report.sizes.filter((row) => row.chosen).map((row) => `${row.mechanism} ${row.search}`)).toEqual(['openai-hosted library']);

      const text = (await run(['inspect', github, '--model', 'gemini-2.5-pro', '--api', 'gemini', '--listing', 'names'])).stdout;
      expect(text).toContain("Plan for gemini-2.5-pro on gemini: client (the library's own tool_search); listing names, threshold 15");
      expect(text).toMatch(/\* +gemini +client +names/);

      // `auto`, the configuration's default, may be asked for by name: names up to 1,000 deferred tools.
      const auto = await runJSON<InspectJSON>(['inspect', github, '--api', 'gemini', '--listing', 'auto']);
      expect(auto.plan).toMatchObject({ mechanism: 'client', listing: 'names' });
    });

    it('says where a loaded schema goes and why auto chose it, and marks the native row', async () => {
      const native = await run(['inspect', github, '--model', 'claude-opus-5', '--api', 'anthropic-messages', '--mechanism', 'client']);
      expect(native.stdout).toContain('Plan for claude-opus-5 on anthropic-messages: client');
      expect(native.stdout).toContain(
        '  Reveal: native, additions by value (auto: the provider documents tool additions for claude-opus-5; additions by value (the definitions themselves))',
      );
      expect(native.stdout).toMatch(/\* +anthropic-messages +client, native by value +names/);

      const gateway = await runJSON<InspectJSON>(['inspect', github, '--model', 'gpt-5.4', '--api', 'openai-responses', '--platform', 'gateway']);
      expect(gateway.plan).toMatchObject({ mechanism: 'client', reveal: 'conversation' });
      expect(gateway.reveal.reason).toBe('auto: no tool additions are documented for gpt-5.4 on gateway (`--reveal native` opts in)');
      expect(gateway.sizes.filter((row) => row.chosen).map((row) => `${row.mechanism} ${row.listing} ${row.reveal}`)).toEqual(['client names conversation']);

      const hosted = await runJSON<InspectJSON>(['inspect', github, '--model', 'claude-opus-5', '--api', 'anthropic-messages']);
      expect(hosted.reveal.reason).toContain('hosted search: the provider loads the schemas');
    });

    it('takes --reveal native, by reference on Bedrock, and warns where a model or API has no tool addition', async () => {
      const bedrock = await runJSON<InspectJSON>([
        'inspect',
        github,
        '--model',
        'claude-opus-5',
        '--api',
        'anthropic-messages',
        '--platform',
        'bedrock',
        '--mechanism',
        'client',
        '--reveal',
        'native',
      ]);
      expect(bedrock.plan).toMatchObject({ mechanism: 'client', reveal: 'native', additions: 'reference' });
      expect(bedrock.reveal).toMatchObject({
        reveal: 'native',
        additions: 'reference',
        choice: 'native',
        reason: expect.stringMatching(/^asked for; additions by reference/),
      });
      expect(bedrock.sizes.filter((row) => row.chosen).map((row) => `${row.mechanism} ${row.reveal} ${row.additions}`)).toEqual(['client native reference']);

      const chat = await runJSON<InspectJSON>(['inspect', github, '--model', 'gpt-4.1', '--api', 'openai-chat', '--reveal', 'native']);
      expect(chat.plan.reveal).toBe('conversation');
      expect(chat.warnings.map((warning) => warning.code)).toEqual(['reveal-unsupported']);
      expect(chat.reveal.reason).toBe('`native` was asked for but does not apply to gpt-4.1 (see the warnings)');
    });

    it('reads a Converse request from standard input and plans the client mechanism for a Bedrock model id, without warnings', async () => {
      const request = {
        modelId: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
        messages: [],
        toolConfig: {
          tools: [
            ...githubTools.map((tool) => ({ toolSpec: { name: tool.name, description: tool.description, inputSchema: { json: tool.inputSchema } } })),
            { cachePoint: { type: 'default' } },
          ],
        },
      };
      const args = ['inspect', '-', '--model', request.modelId, '--api', 'bedrock-converse'];
      const text = (await run(args, JSON.stringify(request))).stdout;
      expect(text).toContain('117 tools from standard input (a Converse request of Amazon Bedrock Converse tools)');
      expect(text).toContain('Warnings: none');
      expect(text).toMatch(/\* +bedrock-converse +client +names/);
      const report = await runJSON<InspectJSON>(args, JSON.stringify(request));
      expect(report.plan).toMatchObject({ mechanism: 'client', api: 'bedrock-converse', platform: 'bedrock-converse' });
      expect(report.sizes.map((row) => `${row.mechanism} ${row.listing ?? '-'}`)).toEqual([
        'none -',
        'client full',
        'client compact',
        'client names',
        'client none',
      ]);
    });

    it('says why a small catalog is not deferred', async () => {
      const tools = JSON.stringify(githubTools.slice(0, 3));
      const report = await runJSON<InspectJSON>(['inspect', '-'], tools);
      expect(report.loadedBy).toEqual({ 'below-threshold': 3 });
      expect((await run(['inspect', '-'], tools)).stdout).toContain('    3 below-threshold: the list has 3 tools, below the threshold of 15');
    });

    it('reads an MCP tools/list result, or a whole JSON-RPC response, from standard input', async () => {
      const listed = JSON.stringify({ tools: githubTools, nextCursor: 'next' });
      expect((await runJSON<InspectJSON>(['inspect', '-'], listed)).source).toBe('standard input (an object with `tools` of MCP tools)');
      const response = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: githubTools } });
      const report = await runJSON<InspectJSON>(['inspect', '-'], response);
      expect(report.source).toBe('standard input (a JSON-RPC tools/list response of MCP tools)');
      expect(report.plan.toolCount).toBe(117);
    });

    it('reads an Anthropic-shaped tools file as Anthropic tools, and one with a UTF-8 byte order mark', async () => {
      const anthropic = await runJSON<InspectJSON>(['inspect', '-'], JSON.stringify(createAnthropicMessagesTools(githubTools)));
      expect(anthropic.source).toBe('standard input (a JSON array of Anthropic Messages tools)');
      expect(anthropic.plan.toolCount).toBe(117);
      const bom = await runJSON<InspectJSON>(['inspect', '-'], `\uFEFF${JSON.stringify(githubTools)}`);
      expect(bom.plan.toolCount).toBe(117);
    });

    it('reports a catalog over Anthropic’s 10,000 deferred tools, with the requests it cannot write as warnings', async () => {
      const tools = Array.from({ length: 10_001 }, (_, index) => ({ name: `tool_${index}`, description: `Tool ${index}.`, inputSchema: { type: 'object' } }));
      const result = await run(['inspect', '-', '--model', 'gemini-2.5-pro'], JSON.stringify(tools));
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toContain("Plan for gemini-2.5-pro on every API: client (the library's own tool_search); listing none, threshold 15");
      expect(result.stdout).toContain("  - too-many-deferred-tools: anthropic-messages, claude-hosted mechanism, the provider's search: not measured: ");
      // The summary, not 10,001 rows: the report ends with the pointer to --tools.
      expect(result.stdout).not.toContain('tool_10000');
      expect(result.stdout.split('\n').length).toBeLessThan(80);
      expect(result.stdout.trimEnd().split('\n').at(-1)).toBe("Each tool's status, reason and schema bytes: add --tools (10,001 rows).");
    });
  });

  describe('inspect --message (issue 27)', () => {
    it("says which tools the prediction step preloads for a message, with each ranked tool's score and outcome", async () => {
      const result = await run(['inspect', github, '--api', 'openai-chat', '--message', 'list the pull requests of a repository']);
      expect(result.status).toBe(0);
      expect(result.stdout).toContain('Prediction for "list the pull requests of a repository":');
      expect(result.stdout).toMatch(/ {2}Preloads list_pull_requests[^\n]* \(as the package's tool_search call and its result, after the message\)/);
      expect(result.stdout).toMatch(/ {2}list_pull_requests +\d+\.\d\d +preloaded\n/);
    });

    it('reports the rule and the outcomes as data, and nothing preloaded when prediction is off (--json)', async () => {
      type PredictionJSON = { prediction: { loaded: string[]; ranked: { name: string; outcome: string }[]; settings: unknown; reason: string } };
      const on = await runJSON<PredictionJSON>(['inspect', github, '--message', 'list the pull requests of a repository', '--predict', '1,0']);
      expect(on.prediction.settings).toEqual({ maxTools: 1, minScore: 0, minShare: 0.25 });
      expect(on.prediction.loaded).toHaveLength(1);
      expect(on.prediction.ranked.filter((tool) => tool.outcome === 'loaded').map((tool) => tool.name)).toEqual(on.prediction.loaded);
      expect(on.prediction.ranked.some((tool) => tool.outcome === 'over-max-tools')).toBe(true);
      const off = await runJSON<PredictionJSON>(['inspect', github, '--message', 'list pull requests', '--predict', 'off']);
      expect(off.prediction).toMatchObject({ loaded: [], reason: 'prediction is off (`predict: off`)' });
      expect((await runJSON<{ prediction: null }>(['inspect', github])).prediction).toBeNull();
    });
  });

  describe('search', () => {
    it('prints the ranked tools with the parts of each score', async () => {
      const result = await run(['search', github, 'create an issue in my repo']);
      expect(result.status).toBe(0);
      expect(result.stdout).toContain('Query "create an issue in my repo" → terms: creat, issu, repositori');
      expect(result.stdout).toMatch(
        / {2}1 {2}create_issue +3\.084 {2}creat: name 3 × 0\.345 = 1\.034 · issu: name 3 × 0\.308 = 0\.923 · repositori: description 1 × 0\.161 × 1\.05\d = 0\.170 · coverage \+0\.956\n/,
      );
    });

    it('ranks as the library’s index does, and the parts add up (--json)', async () => {
      const report = await runJSON<SearchJSON>(['search', github, 'list', 'pull', 'requests', '--max-results', '3']);
      const hits = createToolIndex(githubTools).search('list pull requests', { maxResults: 3 });
      expect(report.results.map((result) => [result.name, result.score])).toEqual(hits.map((hit) => [hit.name, hit.score]));
      expect(report.results.every((result) => result.unexplained === 0)).toBe(true);
      expect(report.terms).toEqual(['list', 'pull', 'request']);
    });

    it('shows the exact-name bonus, and says when nothing matches', async () => {
      expect((await run(['search', github, 'get_me'])).stdout).toContain('exact name +100');
      expect((await run(['search', github, 'zqxj'])).stdout).toContain('No tool matches. tool_search would list the tool names instead.');
    });
  });

  describe('bad input', () => {
    it.each([
      [
        'a missing file',
        ['inspect', 'no-such-tools.json'],
        2,
        'tool-search: cannot read `no-such-tools.json`: no such file\nRun `tool-search --help` for usage.\n',
      ],
      ['an unknown option', ['inspect', github, '--frobnicate'], 2, 'tool-search: unknown option `--frobnicate`\nRun `tool-search --help` for usage.\n'],
      ['an option without its value', ['inspect', github, '--model'], 2, 'tool-search: option `--model` needs a value\n'],
      [
        'an option of the other command',
        ['search', github, 'x', '--model', 'gpt-5.4'],
        2,
        'tool-search: `search` takes no `--model`; its options are `--format`, `--max-results`, `--json`\n',
      ],
      [
        'a bad --format',
        ['search', github, 'x', '--format', 'bedrock'],
        2,
        'tool-search: `--format` must be one of `mcp`, `openai-responses`, `openai-chat`, `anthropic-messages`, `gemini`, `bedrock-converse`, got `bedrock`\n',
      ],
      ['an unknown command', ['explain', github], 2, 'tool-search: unknown command `explain`; the commands are `inspect` and `search`\n'],
      [
        'a bad --api',
        ['inspect', github, '--api', 'bedrock'],
        2,
        'tool-search: `--api` must be one of `openai-responses`, `openai-chat`, `anthropic-messages`, `gemini`, `bedrock-converse`, got `bedrock`\n',
      ],
      [
        'a bad --reveal',
        ['inspect', github, '--reveal', 'inline'],
        2,
        'tool-search: `--reveal` must be one of `auto`, `conversation`, `native`, `tool-list`, got `inline`\n',
      ],
      [
        'a bad --platform',
        ['inspect', github, '--platform', 'azure'],
        2,
        'tool-search: `--platform` must be one of `anthropic`, `bedrock`, `bedrock-converse`, `vertex`, `foundry`, `openai`, `azure-openai`, `gateway`, got `azure`\n',
      ],
      [
        'a bad --mechanism',
        ['inspect', github, '--mechanism', 'hosted'],
        2,
        'tool-search: `--mechanism` must be one of `auto`, `openai`, `claude`, `client`, got `hosted`\n',
      ],
      [
        'a bad --predict',
        ['inspect', github, '--predict', '0'],
        2,
        'tool-search: `--predict` must be auto, off or <maxTools>[,<minScore>[,<minShare>]], got `0` (`--predict.maxTools` must be a whole number ≥ 1, got 0)\n',
      ],
      [
        'a bad --listing',
        ['inspect', github, '--listing', 'short'],
        2,
        'tool-search: `--listing` must be one of `auto`, `full`, `compact`, `names`, `none`, got `short`\n',
      ],
      ['a bad --max-results', ['search', github, 'x', '--max-results', '0'], 2, 'tool-search: `--max-results` must be a whole number ≥ 1, got `0`\n'],
      ['search without a query', ['search', github], 2, 'tool-search: `search` needs a query after the tools file'],
      ['inspect without a file', ['inspect'], 2, 'tool-search: `inspect` needs a tools file: a path, or `-` for standard input\n'],
    ])('reports %s on stderr and exits non-zero', async (_label, args, status, message) => {
      const result = await run(args);
      expect(result.stdout).toBe('');
      expect(result.status).toBe(status);
      expect(result.stderr).toContain(message);
    });

    it.each([
      ['text that is not JSON', '{"tools": [', 'tool-search: `standard input` is not valid JSON: '],
      ['empty input', '', 'tool-search: `standard input` is not valid JSON: it is empty\n'],
      ['JSON that is not a tool list', '{"name": "x"}', 'tool-search: `standard input`: it holds no tool list'],
      [
        'tools in no shape the package reads',
        '[{"name": "x"}]',
        'tool-search: `standard input`: its tools are in no shape this package reads (`tools[0]` is an object with the fields `name`)',
      ],
      [
        'an MCP tool list with a bad tool',
        '[{"name": "x", "inputSchema": {}}, {"name": "x", "inputSchema": {}}]',
        'tool-search: `standard input`, read as MCP ({ name, description, inputSchema }): Invalid tool list: tool `x` is defined twice',
      ],
    ])('reports %s and exits 1', async (_label, input, message) => {
      const result = await run(['inspect', '-'], input);
      expect(result.stdout).toBe('');
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(message);
      expect(result.stderr).not.toContain('    at ');
    });
  });
});
