// Type-checks every ```ts block of README.md and docs/*.md, so the examples cannot rot: each block becomes a module
// that imports the package by its public names (`tool-search`, `tool-search/openai`, …). Every block is compiled
// under `strict` and `exactOptionalPropertyTypes`, what a careful user's project has. Each block declares what it
// leaves to the reader (`declare const myTools: …`, `declare function runTool(…)`) and defines the rest, so it
// compiles when pasted: there is no ambient file, and a name a block uses without declaring it is an error here. The
// loops among the blocks also run, against a loopback server (test/docs/). The type tests of test/types/ (user code that must compile, or fail where it says `@ts-expect-error`)
// are compiled with them. Part of `npm test`, twice:
// - `node scripts/check-readme-code.mjs`: the public names are mapped to src/ (only what is wrong in the examples
//   themselves is reported; src/ is checked by `typecheck`);
// - with `TOOL_SEARCH_APP=<folder>` (scripts/check-installed-package.mjs): the blocks are written into that app,
//   where `tool-search` is the installed tarball, so they compile against its published declarations as a user's
//   code does, and every error counts.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const app = process.env.TOOL_SEARCH_APP;
const work = app === undefined ? join(root, 'node_modules', '.cache', 'readme-check') : join(app, 'readme-check');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
if (!/^## Quick start\n/m.test(readme)) {
  console.error('README.md has no "## Quick start" section');
  process.exit(1);
}
const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const origins = new Map();
// Only ```ts blocks are compiled: a block without a language, or tagged as another spelling of TypeScript or
// JavaScript, would escape the check, so each must say what it is (ts, or sh, json, text for what is not code to paste).
const unchecked = documents.flatMap((document) => findUncheckedCodeBlocks(document, readFileSync(join(root, document), 'utf8')));
if (unchecked.length > 0) {
  console.error(`A code block is not type-checked (tag it \`ts\`, or \`text\` if it is not code to paste):\n${unchecked.join('\n')}`);
  process.exit(1);
}
for (const document of documents) {
  const text = readFileSync(join(root, document), 'utf8');
  [...text.matchAll(/^```ts\n([\s\S]*?)^```/gm)].forEach((match, index) => {
    const file = `${document.replace(/[/.]/g, '-')}-block-${index + 1}.ts`;
    const line = text.slice(0, match.index).split('\n').length + 1;
    origins.set(file, `${document}:${line}`);
    writeFileSync(join(work, file), `${match[1]}\nexport {};\n`);
  });
}
for (const name of readdirSync(join(root, 'test', 'types'))
  .filter((file) => file.endsWith('.ts'))
  .sort()) {
  const file = `test-types-${name}`;
  origins.set(file, `test/types/${name}`);
  writeFileSync(join(work, file), readFileSync(join(root, 'test', 'types', name), 'utf8'));
}
writeConfig(work);
const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(work, 'tsconfig.json')], { encoding: 'utf8' });
const output = `${tsc.stdout}${tsc.stderr}`;
const entries = output.split(/\n(?=\S)/).filter((entry) => entry.trim() !== '');
const errors = app === undefined ? entries.filter((entry) => entry.includes('readme-check/')) : tsc.status === 0 ? [] : entries;
if (errors.length > 0) {
  const located = errors.map((entry) =>
    entry.replace(/\S*readme-check\/([\w-]+\.ts)\((\d+),(\d+)\)/, (_, file, line) => `${origins.get(file) ?? file} (line ${line} of it)`),
  );
  console.error(
    `A TypeScript example does not compile (${app === undefined ? 'against src/' : `against the package installed in ${app}`}):\n${located.join('\n')}`,
  );
  process.exit(1);
}
const checked = [...documents, 'test/types/'].filter((document) => [...origins.values()].some((origin) => origin.startsWith(document)));
console.log(
  `ok ${origins.size} TypeScript examples and type tests (${checked.join(', ')}) compile under exactOptionalPropertyTypes${app === undefined ? '' : ', against the installed package'}`,
);

/** The opening fences of a document that have no language, or a TypeScript or JavaScript one other than `ts`. */
function findUncheckedCodeBlocks(document, text) {
  const found = [];
  let open = false;
  text.split('\n').forEach((line, index) => {
    const fence = /^\s*```(.*)$/.exec(line);
    if (fence === null) return;
    const language = fence[1].trim();
    if (!open && /^(|typescript|tsx|js|jsx|mjs|cjs|javascript)$/i.test(language)) found.push(`${document}:${index + 1} (\`\`\`${language})`);
    open = !open;
  });
  return found;
}

function writeConfig(folder) {
  const compilerOptions = {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    isolatedModules: true,
    verbatimModuleSyntax: true,
    esModuleInterop: true,
    noEmit: true,
    // As most projects have it: some SDKs' own declarations (the AI SDK's) fail under exactOptionalPropertyTypes.
    // The package's declarations are checked by scripts/check-installed-package.mjs with `skipLibCheck` off.
    skipLibCheck: true,
    types: ['node'],
    lib: ['ES2022', 'DOM'],
    // The app's own folder holds `@types/node` only through this project's (linked) node_modules.
    typeRoots: [join(root, 'node_modules/@types')],
  };
  if (app === undefined) {
    compilerOptions.paths = {
      'tool-search': [join(root, 'src/index.ts')],
      'tool-search/openai': [join(root, 'src/providers/openai/index.ts')],
      'tool-search/anthropic': [join(root, 'src/providers/anthropic/index.ts')],
      'tool-search/gemini': [join(root, 'src/providers/gemini/index.ts')],
      'tool-search/bedrock': [join(root, 'src/providers/bedrock/index.ts')],
      'tool-search/ai-sdk': [join(root, 'src/integrations/ai-sdk/index.ts')],
      'tool-search/langchain': [join(root, 'src/integrations/langchain/index.ts')],
      'tool-search/openai-agents': [join(root, 'src/integrations/openai-agents/index.ts')],
    };
  }
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.ts'] }, null, 2));
}
