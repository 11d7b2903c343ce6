// Type-checks every ```ts block of README.md against the sources, so the README's examples cannot rot: each block
// becomes a module that imports the package by its public names (`tool-search`, `tool-search/openai`, …), mapped to
// src/. Names the examples leave to the reader (`sessionId`, `myTools`, `runTool`, …) are declared in one ambient file.
// Part of `npm test`.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const work = join(root, 'node_modules', '.cache', 'readme-check');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((match) => match[1]);

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
blocks.forEach((code, index) => writeFileSync(join(work, `block-${index + 1}.ts`), `${code}\nexport {};\n`));
writeFileSync(
  join(work, 'globals.d.ts'),
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
writeFileSync(
  join(work, 'tsconfig.json'),
  JSON.stringify(
    {
      extends: join(root, 'tsconfig.json'),
      compilerOptions: {
        noEmit: true,
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
        },
      },
      include: ['*.ts'],
    },
    null,
    2,
  ),
);

const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(work, 'tsconfig.json')], { encoding: 'utf8' });
if (tsc.status !== 0) {
  console.error(`README.md: a TypeScript example does not compile (block-N is the N-th \`\`\`ts block):\n${tsc.stdout}${tsc.stderr}`);
  process.exit(1);
}
console.log(`ok README.md: ${blocks.length} TypeScript examples compile`);
