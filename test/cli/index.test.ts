/**
 * The `tool-search` command as a user runs it: the built `dist/cli.js` of the packed package (the package's `bin`),
 * started with Node in a child process. What only a process shows is checked here: the arguments it reads, standard
 * input, the exit status, what goes to standard output and what to standard error, and that the bundled command prints
 * what `runCLI` prints (test/cli/run-cli.test.ts checks every report and message in this process).
 *
 * The package comes from scripts/pack-clean-copy.mjs: `npm test` packs it before the tests (`npm run pack:clean`), and
 * this file takes that pack while the sources are unchanged (it packs again, in about a minute, when they changed).
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCLI, type CLIResult } from '../../src/cli/run-cli.js';
import { packCleanCopy } from '../../scripts/pack-clean-copy.mjs';

const root = join(import.meta.dirname, '..', '..');
const github = 'bench/fixtures/github-mcp/tools.json';
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
let cli = '';

beforeAll(() => {
  const { unpacked } = packCleanCopy();
  cli = join(unpacked, JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8')).bin['tool-search']);
});

/**
 * At most one command process per core at a time: the tests of a block run side by side, but starting them all at
 * once on a busy machine only makes each slower.
 */
const PROCESS_LIMIT = Math.max(1, availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

async function withProcessSlot<T>(task: () => Promise<T>): Promise<T> {
  if (running >= PROCESS_LIMIT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await task();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** Runs the command in a child process, with `input` on its standard input. */
function spawnCLI(args: readonly string[], input = ''): Promise<CLIResult> {
  return withProcessSlot(
    () =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [cli, ...args], { cwd: root });
        let stdout = '';
        let stderr = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        child.on('error', reject);
        child.on('close', (status) => resolve({ status: status as CLIResult['status'], stdout, stderr }));
        child.stdin.end(input);
      }),
  );
}

/** What `runCLI` gives for the same arguments and input, in this process. */
function runInProcess(args: readonly string[], input = ''): Promise<CLIResult> {
  return runCLI(args, { readStandardInput: async () => input });
}

// Each test starts a Node process (bounded by PROCESS_LIMIT); on a busy machine one may take seconds, so no test has a
// limit of its own (vitest.config.ts: only a hang fails).
describe.concurrent('tool-search (the built command, in a process)', () => {
  it('prints the usage and exits 0', async () => {
    const result = await spawnCLI(['--help']);
    expect(result).toMatchObject({ status: 0, stderr: '' });
    expect(result.stdout).toContain('Usage:\n  tool-search inspect <tools.json | -> ');
  });

  it('prints the version of the package it was built from', async () => {
    expect(await spawnCLI(['--version'])).toEqual({ status: 0, stdout: `${manifest.version}\n`, stderr: '' });
  });

  it('reads a tools file and prints what runCLI prints: the summary, without a row per tool', async () => {
    const args = ['inspect', github, '--model', 'claude-sonnet-4-6'];
    const result = await spawnCLI(args);
    expect(result).toEqual(await runInProcess(args));
    expect(result.stdout).toContain('Plan for claude-sonnet-4-6 per API');
    expect(result.stdout).not.toContain('actions_get');
  });

  it('reads standard input, and prints JSON for scripts', async () => {
    const input = readFileSync(join(root, github), 'utf8');
    const args = ['inspect', '-', '--api', 'gemini', '--json'];
    const result = await spawnCLI(args, input);
    expect(result).toEqual(await runInProcess(args, input));
    expect(JSON.parse(result.stdout)).toMatchObject({ source: 'standard input (a JSON array of MCP tools)', plan: { toolCount: 117 } });
  });

  it('searches, and prints each score with its parts', async () => {
    const args = ['search', github, 'create an issue'];
    const result = await spawnCLI(args);
    expect(result).toEqual(await runInProcess(args));
    expect(result.stdout).toContain('1  create_issue');
  });

  it('reports a usage error on standard error only, with the pointer to --help, and exits 2', async () => {
    const result = await spawnCLI(['inspect', github, '--frobnicate']);
    expect(result).toEqual({ status: 2, stdout: '', stderr: 'tool-search: unknown option `--frobnicate`\nRun `tool-search --help` for usage.\n' });
  });

  it('reports tools it cannot read on standard error only, without a stack trace, and exits 1', async () => {
    const result = await spawnCLI(['inspect', '-'], '{"tools": [');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^tool-search: `standard input` is not valid JSON: /);
    expect(result.stderr).not.toContain('    at ');
  });
});
