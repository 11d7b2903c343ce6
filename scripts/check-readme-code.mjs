// Type-checks every ```ts block of README.md and docs/quick-starts.md against the sources, so the examples cannot rot:
// each block becomes a module that imports the package by its public names (`tool-search`, `tool-search/openai`, …),
// mapped to src/, compiled under `strict` and `exactOptionalPropertyTypes` (what a careful user's project has). Names
// the README's examples leave to the reader (`sessionId`, `myTools`, `runTool`, …) are declared in one ambient file;
// the quick starts declare their own. Part of `npm test`.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const work = join(root, 'node_modules', '.cache', 'readme-check');
// README.md with the project's own settings; docs/quick-starts.md (complete modules, meant to be copied) also under
// `exactOptionalPropertyTypes`, reporting only what is wrong in the examples themselves (src/ is checked by `typecheck`).
const sources = [
  { file: 'README.md', folder: 'readme', exact: false },
  { file: 'docs/quick-starts.md', folder: 'quick-starts', exact: true },
];

rmSync(work, { recursive: true, force: true });
let count = 0;
const failures = [];
for (const source of sources) {
  const folder = join(work, source.folder);
  mkdirSync(folder, { recursive: true });
  const blocks = [...readFileSync(join(root, source.file), 'utf8').matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((match) => match[1]);
  blocks.forEach((code, index) => writeFileSync(join(folder, `block-${index + 1}.ts`), `${code}\nexport {};\n`));
  count += blocks.length;
  writeGlobals(folder);
  writeConfig(folder, source.exact);
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(folder, 'tsconfig.json')], { encoding: 'utf8' });
  const output = `${tsc.stdout}${tsc.stderr}`;
  const errors = source.exact ? output.split(/\n(?=\S)/).filter((entry) => entry.includes(`${source.folder}/block-`)).join('\n') : tsc.status === 0 ? '' : output;
  if (errors.trim() !== '') failures.push(`${source.file} (block-N is its N-th \`\`\`ts block):\n${errors}`);
}
if (failures.length > 0) {
  console.error(`A TypeScript example does not compile:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log(`ok ${sources.map((source) => source.file).join(', ')}: ${count} TypeScript examples compile`);

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
