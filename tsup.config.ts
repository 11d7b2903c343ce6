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
  // No source maps: they were 61% of the unpacked package, and the output keeps every name (see `minify`).
  sourcemap: false,
  treeshake: true,
  // Minified, names kept: Node compiles every byte of a module it imports, so the minified output starts faster and
  // packs smaller. esbuild minifies the syntax; terser the whitespace and the local variables (esbuild's whitespace
  // minification drops the `/* @__PURE__ */` marks an app's bundler needs to drop the tables it never reads). Every
  // function, class and top-level name stays as written, so a stack trace names each function.
  minifySyntax: true,
  minify: 'terser',
  terserOptions: {
    compress: false,
    // Parsed as a module (the command's top-level `await`), minified as a script: terser's `module` would rename the
    // top-level names too.
    module: false,
    // @ts-expect-error terser's types leave out the parser's `module` option, which its parser reads (lib/parse.js).
    parse: { module: true },
    toplevel: false,
    mangle: { toplevel: false, keep_fnames: true, keep_classnames: true },
    format: { preserve_annotations: true, comments: 'some' },
  },
  splitting: true,
  target: 'es2022',
  platform: 'neutral',
  // The two packages the library uses at run time are bundled in (THIRD-PARTY-NOTICES.md), so the package installs
  // with no dependency and Node resolves no package at import.
  noExternal: ['@cfworker/json-schema', 'fast-json-stable-stringify'],
};

const SOURCE = resolve('src');

/** The wire APIs, each a folder of src/providers/ and a shared module of its own (`dist/core-openai.js`, …). */
const PROVIDERS = ['openai', 'anthropic', 'gemini', 'bedrock'];

/**
 * The shared module of the ES module build a source file belongs to: `core` for the provider-neutral core (every
 * root folder), `core-<provider>` for a provider's modules; `undefined` for the integrations, the command line and
 * the entries' index files, which each entry bundles itself. A provider's code is a module of its own, not part of
 * `core.js`, so `import('tool-search/openai')` does not parse the other three APIs (and `tool-search` none), and an
 * app's bundler meets no other API's module-level statements.
 */
function sharedModuleOf(path: string): string | undefined {
  const local = relative(SOURCE, path);
  if (local.startsWith('..') || /^(integrations|cli)\//.test(local) || /(^|\/)index\.ts$/.test(local)) return undefined;
  const provider = /^providers\/([^/]+)\//.exec(local)?.[1];
  return provider === undefined ? 'core' : `core-${provider}`;
}

/** The `.ts` files under a folder. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The ES module build's shared modules, each written as one file re-exporting its source modules: `core` (every core
 * module) and `core-<provider>` (a provider's modules), which the entries import. Node loads an entry as a few files
 * instead of an entry and a dozen chunks (esbuild splits a chunk per set of entries that share modules), which is
 * most of what an import costs at cold start; and an app's bundler still tree-shakes them, statement by statement.
 * Written to a temporary folder: they are build inputs, not sources. Returns each shared module's name and file.
 */
function writeSharedEntries(): Record<string, string> {
  const folder = mkdtempSync(join(tmpdir(), 'tool-search-build-'));
  const modules = sourceFiles(SOURCE).sort();
  const entries: Record<string, string> = {};
  for (const name of ['core', ...PROVIDERS.map((provider) => `core-${provider}`)]) {
    const path = join(folder, `${name}.ts`);
    const members = modules.filter((module) => sharedModuleOf(module) === name);
    writeFileSync(path, members.map((module) => `export * from ${JSON.stringify(module)};\n`).join(''));
    entries[name] = path;
  }
  return entries;
}

/**
 * `@cfworker/json-schema`, bundled as a module of its own (`dist/json-schema.js`): its module-level statements would
 * otherwise sit in `core.js`, where an app's bundler keeps them even when the app never validates a call; in a module of
 * its own, `"sideEffects": false` lets the bundler drop it.
 */
const JSON_SCHEMA_VALIDATOR = resolve('node_modules/@cfworker/json-schema/dist/esm/index.js');

/**
 * `fast-json-stable-stringify`, a CommonJS module, built as an ES module of its own (`dist/stable-stringify.js`): bundled into
 * `core.js`, each module importing it would keep a call of esbuild's CommonJS wrapper at the top level of `core.js`,
 * which an app's bundler cannot drop.
 */
const STABLE_STRINGIFY = resolve('node_modules/fast-json-stable-stringify/index.js');

/**
 * Makes the modules of one ES module build import another shared module instead of bundling it: the core from
 * `./core.js`, a provider's modules from `./core-<provider>.js`, the JSON Schema validator from `./json-schema.js` and
 * the stable stringify from `./stable-stringify.js`. A module bundles what belongs to it (`sharedEntries`: the shared modules' entry files, which belong to the module they are named after).
 */
function importShared(sharedEntries: Record<string, string>): Plugin {
  const ownerOf = (importer: string) => Object.keys(sharedEntries).find((name) => sharedEntries[name] === importer) ?? sharedModuleOf(importer);
  return {
    name: 'import-shared',
    setup(build) {
      build.onResolve({ filter: /^([./]|@cfworker\/json-schema$|fast-json-stable-stringify$)/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (args.path === '@cfworker/json-schema') return { path: './json-schema.js', external: true };
        if (args.path === 'fast-json-stable-stringify') return { path: './stable-stringify.js', external: true };
        const path = resolve(args.resolveDir, args.path).replace(/\.js$/, '.ts');
        const target = sharedModuleOf(path);
        return target === undefined || target === ownerOf(args.importer) ? undefined : { path: `./${target}.js`, external: true };
      });
    },
  };
}

export default defineConfig((): Options[] => {
  // The two builds below run at once, so neither may clean `dist/` itself: it is emptied once, first.
  rmSync('dist', { recursive: true, force: true });
  const sharedEntries = writeSharedEntries();
  return [
    {
      // ESM: the shared modules (see writeSharedEntries).
      ...COMMON,
      // Marked pure, so the output carries `/* @__PURE__ */` on each call and an app's bundler drops the tables the app
      // never reads: every module's top level is in one file here, where only a pure statement can be left out. (esbuild
      // prints the mark for these globals only; a call of the library's own function is marked in the source.)
      esbuildOptions(options) {
        options.pure = ['Object.freeze', 'Set', 'Map'];
      },
      entry: { ...sharedEntries, 'json-schema': JSON_SCHEMA_VALIDATOR, 'stable-stringify': STABLE_STRINGIFY },
      format: ['esm'],
      splitting: false,
      esbuildPlugins: [importShared(sharedEntries)],
    },
    {
      // ESM: the library's entries and the `tool-search` command, each one file importing the core from `./core.js`,
      // so the command uses the library's core instead of a second copy. The command's own modules, the only ones with
      // Node built-ins, stay in `dist/cli.js`; its `#!/usr/bin/env node` line is kept and the file made executable.
      ...COMMON,
      entry: { ...LIBRARY_ENTRIES, cli: 'src/cli/index.ts' },
      format: ['esm'],
      splitting: false,
      esbuildPlugins: [importShared(sharedEntries)],
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
