// Checks the package the way a new user gets it: packs the tarball (or takes the one `TOOL_SEARCH_TARBALL` names),
// installs it into a fresh app next to zod 3.25 (npm, offline-first from the cache) with the README's command, then
// runs `npx tool-search` (--help, inspect on GitHub's MCP tool list, search), type-checks a script that imports every
// subpath under moduleResolution node10, node16 and bundler, runs that script in ESM and CommonJS (a zod 3.25 schema
// becomes a tool definition, an MCP tools/list result is planned), compiles every TypeScript example of the README and
// docs/ against the installed declarations, runs the README's MCP example, its quick starts and the loops of docs/
// from the installed package (each loop against a loopback server), and installs it beside the AI SDK's latest major
// (`ai@^7`), LangChain.js and the OpenAI Agents SDK in a second app. After the install the checks are independent: they run side by side, two at a time
// (scripts/run-bounded.mjs; `CHECK_CONCURRENCY`), each one's output printed when it ends. `npm test` runs it from
// scripts/check-clean-pack.mjs, with the tarball packed from a clean copy, in that script's pool. Set KEEP_APP=1 to
// keep the app's folder for a look.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTaskPool, runCommand } from './run-bounded.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/**
 * Installs the tarball at `tarballPath` (or this project packed now) into a fresh app and runs every check in `pool`
 * (two at a time unless given one). Prints what passed; resolves the failures, each a sentence.
 */
export async function checkInstalledPackage(tarballPath, pool = createTaskPool()) {
  const app = mkdtempSync(join(tmpdir(), 'tool-search-app-'));
  const failures = [];
  /** Runs a command to its end (in the app unless `cwd` says otherwise): its standard output, or a throw. */
  async function run(command, args, options = {}) {
    const result = await runCommand(command, command, args, { cwd: app, ...options });
    if (result.status !== 0) throw new Error(`\`${[command, ...args].join(' ')}\` exited ${result.status}:\n${result.output}`);
    return result.output;
  }
  function check(label, actual, expected) {
    if (!actual.includes(expected)) failures.push(`${label}: expected output to contain ${JSON.stringify(expected)}, got:\n${actual.slice(0, 2000)}`);
    else console.log(`ok ${label}`);
  }
  /** A check run in the pool; what it throws is a failure. */
  const task = (steps) =>
    pool.add(() =>
      steps().catch((error) => {
        failures.push(error instanceof Error ? error.message : String(error));
      }),
    );

  try {
    // The tarball scripts/check-clean-pack.mjs packed from a clean copy (`npm test`), or this project packed now.
    if (tarballPath !== undefined) cpSync(tarballPath, join(app, basename(tarballPath)));
    const tarball =
      tarballPath !== undefined
        ? basename(tarballPath)
        : execFileSync(npm, ['pack', '--silent', '--pack-destination', app], { cwd: root, encoding: 'utf8' }).trim().split('\n').pop();
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'fresh-app', private: true, type: 'module' }, null, 2));
    // The README's command (its "Install from a clone or a tarball"): `npm install <path>/<the file npm pack wrote>`.
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const documented = /^### Install from a clone or a tarball\n[\s\S]*?npm install (\S+\.tgz)/m.exec(readme)?.[1];
    if (basename(documented ?? '') !== tarball) failures.push(`the README installs \`${documented}\`, but npm pack wrote ${tarball}`);
    const installed = task(async () => {
      await run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', `./${basename(documented ?? tarball)}`, 'zod@~3.25.76']);
      console.log(`ok installed ${tarball} into a fresh app as the README says (\`npm install ${documented}\`), with zod 3.25 (${app})`);
    });
    // `npm install tool-search ai` with the AI SDK's latest major (7) in a second app: the peer range admits it (npm
    // stops with ERESOLVE otherwise), and `tool-search/ai-sdk` type-checks against its types and runs in ESM and
    // CommonJS. It needs nothing of the first app, so it starts beside its install.
    const aiSDK7 = task(async () => {
      const app7 = join(app, 'ai-sdk-7');
      mkdirSync(app7);
      writeFileSync(join(app7, 'package.json'), JSON.stringify({ name: 'fresh-ai-sdk-7-app', private: true, type: 'module' }));
      await run(
        npm,
        [
          'install',
          '--prefer-offline',
          '--no-audit',
          '--no-fund',
          '--loglevel=error',
          `../${tarball}`,
          'ai@^7',
          // \`@latest\`, not npm's pick for this Node: on Node 20 it would pick an older \`@langchain/openai\` (1.6 wants Node 22).
          'langchain@latest',
          '@langchain/core@latest',
          '@langchain/openai@latest',
          '@openai/agents@latest',
        ],
        { cwd: app7 },
      );
      writeFileSync(
        join(app7, 'frameworks.ts'),
        `import { tool } from 'langchain';
import { ChatOpenAI } from '@langchain/openai';
import { tool as agentsTool } from '@openai/agents';
import { createLangChainToolSearch } from 'tool-search/langchain';
import { createOpenAIAgentsToolSearch } from 'tool-search/openai-agents';

const names = Array.from({ length: 40 }, (_, index) => \`tool_\${index}\`);
const parameters = { type: 'object' as const, properties: { value: { type: 'string' as const } }, required: ['value'], additionalProperties: false as const };
const middleware = createLangChainToolSearch({ tools: names.map((name) => tool(async () => name, { name, description: \`Tool \${name}.\`, schema: parameters })) });
const plan = await middleware.resolvePlan(new ChatOpenAI({ model: 'gpt-5.4', useResponsesApi: true, apiKey: 'test' }));
const agent = createOpenAIAgentsToolSearch({ tools: names.map((name) => agentsTool({ name, description: \`Tool \${name}.\`, parameters: { ...parameters, additionalProperties: true as const }, strict: false, execute: async () => name })) }).prepare('gpt-5.4', { sessionId: 's' });
console.log(JSON.stringify({ langchain: plan.mechanism, agents: agent.plan.mechanism, tools: agent.tools.length }));
`,
      );
      writeFileSync(
        join(app7, 'check.ts'),
        `import { jsonSchema, tool, type ToolSet } from 'ai';
import { createAISDKToolSearch } from 'tool-search/ai-sdk';

const inputSchema = jsonSchema<{ value: string }>({ type: 'object', properties: { value: { type: 'string' } }, required: ['value'] });
const tools: ToolSet = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [\`tool_\${index}\`, tool({ description: \`Tool number \${index}.\`, inputSchema, execute: async ({ value }) => value })]));
const settings = await createAISDKToolSearch({ tools }).prepare('openai/gpt-5.4', { sessionId: 'session-1' });
const found = await settings.tools.tool_search?.execute?.({ query: 'tool_7' }, { toolCallId: 'call_1', messages: [] } as never);
console.log(JSON.stringify({ mechanism: settings.plan.mechanism, tools: Object.keys(settings.tools), found: (found as { tools: { name: string }[] }).tools.map((entry) => entry.name) }));
`,
      );
      await run(
        process.execPath,
        [
          join(root, 'node_modules/typescript/bin/tsc'),
          '--strict',
          '--skipLibCheck',
          '--target',
          'es2022',
          '--module',
          'nodenext',
          '--moduleResolution',
          'nodenext',
          '--outDir',
          'out',
          'check.ts',
          'frameworks.ts',
        ],
        { cwd: app7 },
      );
      const version7 = JSON.parse(readFileSync(join(app7, 'node_modules/ai/package.json'), 'utf8')).version;
      check(
        `tool-search/ai-sdk with ai ${version7} (ESM)`,
        await run(process.execPath, ['out/check.js'], { cwd: app7 }),
        '{"mechanism":"client","tools":["tool_search","call_tool"],"found":["tool_7"]}',
      );
      const latest = (name) => JSON.parse(readFileSync(join(app7, 'node_modules', name, 'package.json'), 'utf8')).version;
      check(
        `tool-search/langchain with langchain ${latest('langchain')}, tool-search/openai-agents with @openai/agents ${latest('@openai/agents')} (ESM)`,
        await run(process.execPath, ['out/frameworks.js'], { cwd: app7 }),
        '{"langchain":"openai-hosted","agents":"openai-hosted","tools":41}',
      );
      const required = `const { createAISDKToolSearch } = require('tool-search/ai-sdk'); const { jsonSchema } = require('ai');
createAISDKToolSearch({ tools: { a: { inputSchema: jsonSchema({ type: 'object' }) } } }).prepare('x/y', { sessionId: 's' }).then((settings) => console.log(Object.keys(settings.tools)))`;
      check(
        `tool-search/ai-sdk with ai ${version7} (CommonJS)`,
        await run(process.execPath, ['--input-type=commonjs', '-e', required], { cwd: app7 }),
        "[ 'a' ]",
      );
    });
    await installed;
    if (failures.length > 0) {
      await aiSDK7;
      return failures;
    }

    // The README's examples import the installed package. The SDKs they use are linked from this project (an app would
    // install them from npm; this check stays offline); the MCP example needs the MCP SDK.
    for (const sdk of [
      'openai',
      '@anthropic-ai/sdk',
      '@google/genai',
      'ai',
      '@ai-sdk/openai',
      '@aws-sdk/client-bedrock-runtime',
      '@modelcontextprotocol',
      'langchain',
      '@langchain/core',
      '@langchain/openai',
      '@langchain/langgraph',
      '@openai/agents',
    ]) {
      mkdirSync(dirname(join(app, 'node_modules', sdk)), { recursive: true });
      symlinkSync(join(root, 'node_modules', sdk), join(app, 'node_modules', sdk), 'dir');
    }
    // Every TypeScript example of README.md and docs/ and the type tests of test/types/, compiled against the installed
    // package's declarations under exactOptionalPropertyTypes.
    const examplesCompile = task(async () =>
      check(
        'the README and docs examples compile against the installed package',
        await run(process.execPath, [join(root, 'scripts/check-readme-code.mjs')], { env: { ...process.env, TOOL_SEARCH_APP: app } }),
        'against the installed package',
      ),
    );
    // The README's MCP example (against two in-memory MCP servers), its quick starts and the loops of docs/ and the
    // README, streaming ones too (each against a loopback server), run from the installed package: one vitest run.
    const examplesRun = task(async () => {
      const examples = await run(
        process.execPath,
        [
          join(root, 'node_modules/vitest/vitest.mjs'),
          'run',
          '--project',
          'isolated',
          'test/docs/readme-mcp-example.test.ts',
          'test/docs/quick-starts.test.ts',
          'test/docs/doc-loops.test.ts',
          'test/docs/streaming-loops.test.ts',
        ],
        { cwd: root, env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: '1', TOOL_SEARCH_APP: app } },
      );
      check(
        "the README's MCP example, its quick starts and the loops of docs/ (streaming too) run from the installed package",
        examples,
        'Tests  28 passed (28)',
      );
    });

    // Every subpath, typed under each module resolution; a zod 3.25 schema; an MCP tools/list result.
    writeFileSync(
      join(app, 'check.ts'),
      `import { z } from 'zod';
import { createMCPToolCatalog, createToolDefinition, resolveToolSearch, type ToolDefinition } from 'tool-search';
import { createOpenAIChatTools, createOpenAIResponsesTools } from 'tool-search/openai';
import { createAnthropicMessagesTools } from 'tool-search/anthropic';
import { createGeminiFunctionDeclarations } from 'tool-search/gemini';
import { createBedrockConverseTools } from 'tool-search/bedrock';

const sendEmail: ToolDefinition = createToolDefinition({
  name: 'send_email',
  description: 'Send an email.',
  schema: z.object({ to: z.string().email(), body: z.string().describe('Plain text'), cc: z.array(z.string()).optional() }),
});
const listResult = { tools: [sendEmail], nextCursor: 'page-2' };
const plan = resolveToolSearch('claude-sonnet-4-6', listResult, { threshold: 0 });
const catalog = createMCPToolCatalog({ mail: listResult });
export const summary = {
  zod: z.object({}).safeParse({}).success,
  inputSchema: sendEmail.inputSchema,
  mechanism: plan.mechanism,
  status: plan.tools[0]?.status,
  catalog: catalog.tools.map((tool) => tool.name),
  wire: [
    createOpenAIResponsesTools(listResult),
    createOpenAIChatTools(listResult),
    createAnthropicMessagesTools(catalog),
    createGeminiFunctionDeclarations(catalog),
    createBedrockConverseTools(catalog),
  ].map((tools) => tools.length),
};
`,
    );
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const resolutions = [
      ['node10', 'commonjs'],
      ['node16', 'node16'],
      ['bundler', 'esnext'],
    ].map(([resolution, module]) =>
      task(async () => {
        await run(process.execPath, [
          tsc,
          '--noEmit',
          '--strict',
          '--skipLibCheck',
          'false',
          '--target',
          'es2022',
          '--lib',
          'es2022',
          '--module',
          module,
          '--moduleResolution',
          resolution,
          'check.ts',
        ]);
        console.log(`ok every subpath type-checks under moduleResolution ${resolution}`);
      }),
    );
    const expected = JSON.stringify({
      zod: true,
      inputSchema: {
        type: 'object',
        properties: {
          to: { type: 'string', format: 'email' },
          body: { type: 'string', description: 'Plain text' },
          cc: { type: 'array', items: { type: 'string' } },
        },
        required: ['to', 'body'],
      },
      mechanism: 'claude-hosted',
      status: 'deferred',
      catalog: ['mail__send_email'],
      wire: [1, 1, 1, 1, 1],
    });
    // The same script as the app would run it, in ESM and in CommonJS (tsc emits each, into a folder of its own).
    const formats = [
      ['ESM', 'esnext', 'check.js'],
      ['CommonJS', 'commonjs', 'check.cjs'],
    ].map(([format, module, file]) =>
      task(async () => {
        const out = `out-${module}`;
        await run(process.execPath, [
          tsc,
          '--target',
          'es2022',
          '--module',
          module,
          '--moduleResolution',
          module === 'commonjs' ? 'node10' : 'bundler',
          '--outDir',
          out,
          'check.ts',
        ]);
        if (file === 'check.cjs') cpSync(join(app, out, 'check.js'), join(app, out, 'check.cjs'));
        const loader =
          file === 'check.cjs'
            ? `console.log(JSON.stringify(require('./${out}/check.cjs').summary))`
            : `import('./${out}/check.js').then((m) => console.log(JSON.stringify(m.summary)))`;
        const output = (await run(process.execPath, [file === 'check.cjs' ? '--input-type=commonjs' : '--input-type=module', '-e', loader])).trim();
        if (output !== expected) failures.push(`the check script in ${format} printed ${output}, expected ${expected}`);
        else console.log(`ok the check script runs in ${format}: a zod 3.25 schema becomes a tool definition, a tools/list result is planned`);
      }),
    );

    // The command, as `npx tool-search` finds it in the app (never downloaded: --no).
    cpSync(join(root, 'bench/fixtures/github-mcp/tools.json'), join(app, 'github-tools.json'));
    const command = task(async () => {
      check('npx tool-search --help', await run(npx, ['--no', '--', 'tool-search', '--help']), 'Usage:\n  tool-search inspect');
      const inspect = await run(npx, ['--no', '--', 'tool-search', 'inspect', 'github-tools.json', '--model', 'claude-sonnet-4-6']);
      check('npx tool-search inspect (GitHub MCP, 117 tools)', inspect, "  anthropic-messages: claude-hosted (Anthropic's hosted tool search)");
      // gpt-tokenizer is an optional peer the fresh app does not have: the counts are the labelled estimate.
      check('npx tool-search inspect labels estimated tokens', inspect, 'estimated tokens: UTF-8 bytes / 4');
      check('npx tool-search search', await run(npx, ['--no', '--', 'tool-search', 'search', 'github-tools.json', 'create an issue']), '1  create_issue');
    });
    await Promise.all([aiSDK7, examplesCompile, examplesRun, ...resolutions, ...formats, command]);
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
  } finally {
    if (process.env.KEEP_APP !== '1') rmSync(app, { recursive: true, force: true });
  }
  return failures;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const failures = await checkInstalledPackage(process.env.TOOL_SEARCH_TARBALL);
  if (failures.length > 0) {
    console.error(`The installed package is broken:\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log(`ok ${manifest.name}@${manifest.version} installs and works in a fresh app`);
}
