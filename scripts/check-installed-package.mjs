// Checks the package the way a new user gets it: packs the tarball (or takes the one `TOOL_SEARCH_TARBALL` names),
// installs it into a fresh app next to zod 3.25 (npm, offline-first from the cache), then runs `npx tool-search`
// (--help, inspect on GitHub's MCP tool list, search), type-checks a script that imports every subpath under
// moduleResolution node10, node16 and bundler, runs that script in ESM and CommonJS (a zod 3.25 schema becomes a tool
// definition, an MCP tools/list result is planned), compiles every TypeScript example of the README and docs/ against
// the installed declarations, runs the README's MCP example, its quick starts and the loops of docs/ from the
// installed package (each loop against a loopback server), and installs it beside the AI SDK's latest major (`ai@^7`)
// in a second app. `npm test` runs it from
// scripts/check-clean-pack.mjs, with the tarball packed from a clean copy. Set KEEP_APP=1 to keep the app's folder
// for a look.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const app = mkdtempSync(join(tmpdir(), 'tool-search-app-'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const failures = [];

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: app, encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(`\`${[command, ...args].join(' ')}\` exited ${result.status}:\n${result.stdout}${result.stderr}`);
  }
  return result.stdout;
}

function check(label, actual, expected) {
  if (!actual.includes(expected)) failures.push(`${label}: expected output to contain ${JSON.stringify(expected)}, got:\n${actual.slice(0, 2000)}`);
  else console.log(`ok ${label}`);
}

try {
  // The tarball scripts/check-clean-pack.mjs packed from a clean copy (`npm test`), or this project packed now.
  const given = process.env.TOOL_SEARCH_TARBALL;
  if (given !== undefined) cpSync(given, join(app, basename(given)));
  const tarball =
    given !== undefined
      ? basename(given)
      : execFileSync(npm, ['pack', '--silent', '--pack-destination', app], { cwd: root, encoding: 'utf8' }).trim().split('\n').pop();
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'fresh-app', private: true, type: 'module' }, null, 2));
  // The README's command (its "Install from a clone or a tarball"): `npm install <path>/<the file npm pack wrote>`.
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const documented = /^### Install from a clone or a tarball\n[\s\S]*?npm install (\S+\.tgz)/m.exec(readme)?.[1];
  if (basename(documented ?? '') !== tarball) failures.push(`the README installs \`${documented}\`, but npm pack wrote ${tarball}`);
  run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', `./${basename(documented ?? tarball)}`, 'zod@~3.25.76']);
  console.log(`ok installed ${tarball} into a fresh app as the README says (\`npm install ${documented}\`), with zod 3.25 (${app})`);

  // The command, as `npx tool-search` finds it in the app (never downloaded: --no).
  cpSync(join(root, 'bench/fixtures/github-mcp/tools.json'), join(app, 'github-tools.json'));
  check('npx tool-search --help', run(npx, ['--no', '--', 'tool-search', '--help']), 'Usage:\n  tool-search inspect');
  const inspect = run(npx, ['--no', '--', 'tool-search', 'inspect', 'github-tools.json', '--model', 'claude-sonnet-4-6']);
  check('npx tool-search inspect (GitHub MCP, 117 tools)', inspect, "  anthropic-messages: claude-hosted (Anthropic's hosted tool search)");
  // gpt-tokenizer is an optional peer the fresh app does not have: the counts are the labelled estimate.
  check('npx tool-search inspect labels estimated tokens', inspect, 'estimated tokens: UTF-8 bytes / 4');
  const search = run(npx, ['--no', '--', 'tool-search', 'search', 'github-tools.json', 'create an issue']);
  check('npx tool-search search', search, '1  create_issue');

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
  for (const [resolution, module] of [
    ['node10', 'commonjs'],
    ['node16', 'node16'],
    ['bundler', 'esnext'],
  ]) {
    run(process.execPath, [
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
  }
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
  // The same script as the app would run it, in ESM and in CommonJS (tsc emits each).
  for (const [format, module, file] of [
    ['ESM', 'esnext', 'check.js'],
    ['CommonJS', 'commonjs', 'check.cjs'],
  ]) {
    rmSync(join(app, 'out'), { recursive: true, force: true });
    run(process.execPath, [
      tsc,
      '--target',
      'es2022',
      '--module',
      module,
      '--moduleResolution',
      module === 'commonjs' ? 'node10' : 'bundler',
      '--outDir',
      'out',
      'check.ts',
    ]);
    if (file === 'check.cjs') cpSync(join(app, 'out/check.js'), join(app, 'out/check.cjs'));
    const loader =
      file === 'check.cjs'
        ? `console.log(JSON.stringify(require('./out/check.cjs').summary))`
        : `import('./out/check.js').then((m) => console.log(JSON.stringify(m.summary)))`;
    const output = run(process.execPath, [file === 'check.cjs' ? '--input-type=commonjs' : '--input-type=module', '-e', loader]).trim();
    if (output !== expected) failures.push(`the check script in ${format} printed ${output}, expected ${expected}`);
    else console.log(`ok the check script runs in ${format}: a zod 3.25 schema becomes a tool definition, a tools/list result is planned`);
  }

  // The README's quick starts, importing the installed package. The SDKs they use are linked from this project (an
  // app would install them from npm; this check stays offline), and test/docs/quick-starts.test.ts runs each one
  // against its loopback server, with the blocks written into the app.
  for (const sdk of ['openai', '@anthropic-ai/sdk', '@google/genai', 'ai', '@ai-sdk/openai', '@aws-sdk/client-bedrock-runtime']) {
    mkdirSync(dirname(join(app, 'node_modules', sdk)), { recursive: true });
    symlinkSync(join(root, 'node_modules', sdk), join(app, 'node_modules', sdk), 'dir');
  }
  // Every TypeScript example of README.md and docs/ and the type tests of test/types/, compiled against the installed
  // package's declarations under exactOptionalPropertyTypes (the MCP example needs the MCP SDK's types).
  symlinkSync(join(root, 'node_modules/@modelcontextprotocol'), join(app, 'node_modules/@modelcontextprotocol'), 'dir');
  check(
    'the README and docs examples compile against the installed package',
    run(process.execPath, [join(root, 'scripts/check-readme-code.mjs')], { env: { ...process.env, TOOL_SEARCH_APP: app } }),
    'against the installed package',
  );
  // The README's MCP example (against two in-memory MCP servers), its quick starts and the loops of docs/ (each against
  // a loopback server), run from the installed package: one vitest run.
  const examples = run(
    process.execPath,
    [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      'main',
      'test/docs/readme-mcp-example.test.ts',
      'test/docs/quick-starts.test.ts',
      'test/docs/doc-loops.test.ts',
    ],
    { cwd: root, env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: '1', TOOL_SEARCH_APP: app } },
  );
  check("the README's MCP example, its quick starts and the loops of docs/ run from the installed package", examples, 'Tests  18 passed (18)');

  // `npm install tool-search ai` with the AI SDK's latest major (7) in a second app: the peer range admits it (npm stops
  // with ERESOLVE otherwise), and `tool-search/ai-sdk` type-checks against its types and runs in ESM and CommonJS.
  const app7 = join(app, 'ai-sdk-7');
  mkdirSync(app7);
  writeFileSync(join(app7, 'package.json'), JSON.stringify({ name: 'fresh-ai-sdk-7-app', private: true, type: 'module' }));
  run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', `../${tarball}`, 'ai@^7'], { cwd: app7 });
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
  run(
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
    ],
    { cwd: app7 },
  );
  const version7 = JSON.parse(readFileSync(join(app7, 'node_modules/ai/package.json'), 'utf8')).version;
  check(
    `tool-search/ai-sdk with ai ${version7} (ESM)`,
    run(process.execPath, ['out/check.js'], { cwd: app7 }),
    '{"mechanism":"client","tools":["tool_search","call_tool"],"found":["tool_7"]}',
  );
  const required = `const { createAISDKToolSearch } = require('tool-search/ai-sdk'); const { jsonSchema } = require('ai');
createAISDKToolSearch({ tools: { a: { inputSchema: jsonSchema({ type: 'object' }) } } }).prepare('x/y', { sessionId: 's' }).then((settings) => console.log(Object.keys(settings.tools)))`;
  check(`tool-search/ai-sdk with ai ${version7} (CommonJS)`, run(process.execPath, ['--input-type=commonjs', '-e', required], { cwd: app7 }), "[ 'a' ]");
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
} finally {
  if (process.env.KEEP_APP !== '1') rmSync(app, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`The installed package is broken:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log(`ok ${manifest.name}@${manifest.version} installs and works in a fresh app`);
