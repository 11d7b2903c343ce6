// Type-checks every ```ts block of README.md (and of docs/session-api.md) against the sources, so the examples cannot rot: each block becomes a
// module that imports the package by its public names (`tool-search`, `tool-search/openai`, …), mapped to src/. The
// quick starts (the README's "## Quick start" section: complete modules, meant to be copied) are compiled under
// `strict` and `exactOptionalPropertyTypes`, what a careful user's project has, and declare what they leave to the
// reader; the other examples compile with the project's own settings, and the names they leave to the reader
// (`sessionId`, `myTools`, `runTool`, …) are declared in one ambient file. Part of `npm test`.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const work = join(root, 'node_modules', '.cache', 'readme-check');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const quickStart = /^## Quick start\n[\s\S]*?(?=^## )/m.exec(readme)?.[0] ?? '';
if (quickStart === '') {
  console.error('README.md has no "## Quick start" section');
  process.exit(1);
}
// Only what is wrong in the quick starts themselves is reported under `exactOptionalPropertyTypes` (src/ is checked
// by `typecheck`).
const sources = [
  { name: 'README.md, Quick start', text: quickStart, folder: 'quick-start', exact: true },
  { name: 'README.md, the other sections', text: readme.replace(quickStart, ''), folder: 'readme', exact: false },
  // The session API's dispatch examples: complete loops a reader copies, with the `dispatch` the first block defines.
  { name: 'docs/session-api.md', text: readFileSync(join(root, 'docs', 'session-api.md'), 'utf8'), folder: 'session-api', exact: true },
];

rmSync(work, { recursive: true, force: true });
let count = 0;
const failures = [];
for (const source of sources) {
  const folder = join(work, source.folder);
  mkdirSync(folder, { recursive: true });
  const blocks = [...source.text.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((match) => match[1]);
  blocks.forEach((code, index) => writeFileSync(join(folder, `block-${index + 1}.ts`), `${code}\nexport {};\n`));
  count += blocks.length;
  writeGlobals(folder);
  writeConfig(folder, source.exact);
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(folder, 'tsconfig.json')], { encoding: 'utf8' });
  const output = `${tsc.stdout}${tsc.stderr}`;
  const errors = source.exact ? output.split(/\n(?=\S)/).filter((entry) => entry.includes(`${source.folder}/block-`)).join('\n') : tsc.status === 0 ? '' : output;
  if (errors.trim() !== '') failures.push(`${source.name} (block-N is its N-th \`\`\`ts block):\n${errors}`);
}
if (failures.length > 0) {
  console.error(`A TypeScript example does not compile:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log(`ok README.md and docs/session-api.md: ${count} TypeScript examples compile`);

function writeGlobals(folder) {
  writeFileSync(
    join(folder, 'globals.d.ts'),
    `// What the README's examples leave to the reader.
declare const sessionId: string;
declare const myTools: any[];
declare const myDeclarations: any[];
declare const tools: import('tool-search').ToolDefinition[];
declare const call: { name: string; arguments: string };
declare function runTool(name: string, args: unknown): Promise<string>;
declare function run(name: string, args: unknown): Promise<string>;
declare function dispatch(pending: readonly import('tool-search').SessionToolCallToRun[]): Promise<unknown[]>;
`,
  );
}

function writeConfig(folder, exact) {
  writeFileSync(
    join(folder, 'tsconfig.json'),
    JSON.stringify(
      {
        extends: join(root, 'tsconfig.json'),
        compilerOptions: {
          noEmit: true,
          exactOptionalPropertyTypes: exact,
          // Examples end where the reader's code begins: values they leave unused are the point.
          noUnusedLocals: false,
          noUnusedParameters: false,
          types: ['node'],
          lib: ['ES2022', 'DOM'],
          paths: {
            'tool-search': [join(root, 'src/index.ts')],
            'tool-search/openai': [join(root, 'src/providers/openai/index.ts')],
            'tool-search/anthropic': [join(root, 'src/providers/anthropic/index.ts')],
            'tool-search/gemini': [join(root, 'src/providers/gemini/index.ts')],
            'tool-search/ai-sdk': [join(root, 'src/integrations/ai-sdk/index.ts')],
          },
        },
        include: ['*.ts'],
      },
      null,
      2,
    ),
  );
}
