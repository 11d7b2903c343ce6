import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { Plugin } from 'esbuild';
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
  // The three packages the library uses at run time are bundled in (THIRD-PARTY-NOTICES.md), so the package installs
  // with no dependency and Node resolves no package at import: zod's JSON Schema converter (`toJSONSchema`, for zod 4
  // schemas without Standard JSON Schema), tree-shaken to the converter alone (an external `zod` would make Node load
  // the whole of zod, its parsers and its locales); `@cfworker/json-schema`; `fast-json-stable-stringify`.
  noExternal: ['zod', '@cfworker/json-schema', 'fast-json-stable-stringify'],
};

const SOURCE = resolve('src');

/**
 * Whether a source file belongs to the shared core: everything but the integrations, the command line and the entries'
 * index files. The providers are in it: the command line and the integrations use them too.
 */
function isCoreModule(path: string): boolean {
  const local = relative(SOURCE, path);
  return !local.startsWith('..') && !/^(integrations|cli)\//.test(local) && !/(^|\/)index\.ts$/.test(local);
}

/** The `.ts` files under a folder. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The ES module build's one shared module: every core module re-exported from one file (`dist/core.js`), which each
 * entry imports. Node loads an entry as a few files instead of an entry and a dozen chunks (esbuild splits a chunk per
 * set of entries that share modules), which is most of what an import costs at cold start; and an app's bundler still
 * tree-shakes it, statement by statement. Written to a temporary folder: it is a build input, not a source.
 */
function writeCoreEntry(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'tool-search-build-')), 'core.ts');
  const modules = sourceFiles(SOURCE).filter(isCoreModule).sort();
  writeFileSync(path, modules.map((module) => `export * from ${JSON.stringify(module)};\n`).join(''));
  return path;
}

/**
 * zod's JSON Schema converter, a module of its own (`dist/zod-json-schema.js`, not exported): zod's module-level
 * statements (its registry on `globalThis`) would otherwise sit in `core.js`, where an app's bundler keeps them even
 * when the app never converts a schema; in a module of its own, `"sideEffects": false` lets the bundler drop it.
 */
const ZOD_CONVERTER = resolve('src/tools/create-zod4-json-schema.ts');

/** `@cfworker/json-schema`, bundled as a module of its own (`dist/json-schema.js`) for the same reason. */
const JSON_SCHEMA_VALIDATOR = resolve('node_modules/@cfworker/json-schema/dist/esm/index.js');

/**
 * `fast-json-stable-stringify`, a CommonJS module, built as an ES module of its own (`dist/stable-stringify.js`): bundled into
 * `core.js`, each module importing it would keep a call of esbuild's CommonJS wrapper at the top level of `core.js`,
 * which an app's bundler cannot drop.
 */
const STABLE_STRINGIFY = resolve('node_modules/fast-json-stable-stringify/index.js');

/**
 * Makes the modules of one ES module build import the core from `./core.js`, zod's converter from
 * `./zod-json-schema.js` and the JSON Schema validator from `./json-schema.js` instead of bundling them (`core`: the core's own build, which bundles the core).
 */
function importShared(core: boolean): Plugin {
  return {
    name: 'import-shared',
    setup(build) {
      build.onResolve({ filter: /^([./]|@cfworker\/json-schema$|fast-json-stable-stringify$)/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (args.path === '@cfworker/json-schema') return { path: './json-schema.js', external: true };
        if (args.path === 'fast-json-stable-stringify') return { path: './stable-stringify.js', external: true };
        const path = resolve(args.resolveDir, args.path).replace(/\.js$/, '.ts');
        if (path === ZOD_CONVERTER) return { path: './zod-json-schema.js', external: true };
        return !core && isCoreModule(path) ? { path: './core.js', external: true } : undefined;
      });
    },
  };
}

export default defineConfig((): Options[] => {
  // The two builds below run at once, so neither may clean `dist/` itself: it is emptied once, first.
  rmSync('dist', { recursive: true, force: true });
  return [
    {
      // ESM: the shared core, one module (see writeCoreEntry).
      ...COMMON,
      // Marked pure, so the output carries `/* @__PURE__ */` on each call and an app's bundler drops the tables the app
      // never reads: every module's top level is in one file here, where only a pure statement can be left out.
      esbuildOptions(options) {
        options.pure = ['Object.freeze', 'Set', 'Map', 'oneOf', 'withAutoChoice', 'stringify'];
      },
      entry: { core: writeCoreEntry(), 'zod-json-schema': ZOD_CONVERTER, 'json-schema': JSON_SCHEMA_VALIDATOR, 'stable-stringify': STABLE_STRINGIFY },
      format: ['esm'],
      splitting: false,
      esbuildPlugins: [importShared(true)],
    },
    {
      // ESM: the library's entries and the `tool-search` command, each one file importing the core from `./core.js`,
      // so the command uses the library's core instead of a second copy. The command's own modules, the only ones with
      // Node built-ins, stay in `dist/cli.js`; its `#!/usr/bin/env node` line is kept and the file made executable.
      ...COMMON,
      entry: { ...LIBRARY_ENTRIES, cli: 'src/cli/index.ts' },
      format: ['esm'],
      splitting: false,
      esbuildPlugins: [importShared(false)],
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
