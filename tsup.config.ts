import { rmSync, writeFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

/** The library's entries: the package's subpath exports. No Node built-ins (edge and browser runtimes). */
const LIBRARY_ENTRIES = {
  index: 'src/index.ts',
  openai: 'src/providers/openai/index.ts',
  anthropic: 'src/providers/anthropic/index.ts',
  gemini: 'src/providers/gemini/index.ts',
  bedrock: 'src/providers/bedrock/index.ts',
  'ai-sdk': 'src/integrations/ai-sdk/index.ts',
  langchain: 'src/integrations/langchain/index.ts',
  'openai-agents': 'src/integrations/openai-agents/index.ts',
};

/**
 * Entries whose declarations name a framework's classes from a framework that ships ESM and CommonJS declarations of
 * its own (`@langchain/core`): their `.d.ts` is built for ESM, so an ES module app's types meet the framework's ESM
 * declarations. Re-exporting the `.d.cts` would give such an app the framework's CommonJS classes next to its ESM ones,
 * which TypeScript holds apart (`createAgent` would reject the middleware).
 */
const ESM_DECLARED_ENTRIES = { langchain: LIBRARY_ENTRIES.langchain };

/** What both module formats share. */
const COMMON: Options = {
  clean: false,
  // No source maps: the output is esbuild's unminified ESM and CommonJS, readable as it stands, and the maps were 61%
  // of the unpacked package.
  sourcemap: false,
  treeshake: true,
  splitting: true,
  target: 'es2022',
  platform: 'neutral',
  // zod's JSON Schema converter (`toJSONSchema`, for zod 4 schemas without Standard JSON Schema) is bundled in, tree-
  // shaken to the converter alone: an external `zod` would make Node load the whole of zod, its parsers and its
  // locales, on every import of an entry that can convert a schema (twice the cold start of `tool-search/openai`).
  noExternal: ['zod'],
};

export default defineConfig((): Options[] => {
  // The two builds below run at once, so neither may clean `dist/` itself: it is emptied once, first.
  rmSync('dist', { recursive: true, force: true });
  return [
    {
      // ESM: the library and the `tool-search` command (package.json `bin`) in one build, so the command imports the
      // library's chunks instead of a second copy of the library. The command's own modules, the only ones with Node
      // built-ins, stay in `dist/cli.js`; its `#!/usr/bin/env node` line is kept and the file made executable.
      ...COMMON,
      // zod's converter is an entry of its own (`dist/zod-json-schema.js`, not exported): a chunk holds the modules the
      // same entries reach, so without it the converter shared a chunk with the transformers' core, and an app that
      // imports one transformer kept zod's module-level statements (its registry on `globalThis`).
      entry: { ...LIBRARY_ENTRIES, cli: 'src/cli/index.ts', 'zod-json-schema': 'src/tools/create-zod4-json-schema.ts' },
      format: ['esm'],
      dts: { entry: ESM_DECLARED_ENTRIES },
      external: [/^node:/, 'gpt-tokenizer'],
      // One set of declarations, the CommonJS build's (`.d.cts`): each ESM entry's `.d.ts` re-exports its `.d.cts`
      // (an ES module may import a CommonJS one; not the other way round), so the package does not ship every
      // declaration twice, and the declarations are built once.
      async onSuccess() {
        for (const name of Object.keys(LIBRARY_ENTRIES)) {
          if (!(name in ESM_DECLARED_ENTRIES)) writeFileSync(`dist/${name}.d.ts`, `export * from './${name}.cjs';\n`);
        }
      },
    },
    {
      // CommonJS, for `require` on the Node versions without `require(esm)` (Node 20 before 20.19, 22 before 22.12).
      ...COMMON,
      entry: LIBRARY_ENTRIES,
      format: ['cjs'],
      dts: true,
    },
  ];
});
