import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
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
    format: { preserve_annotations: true, comments: 'some', ascii_only: true },
  },
  splitting: true,
  target: 'es2022',
  platform: 'neutral',
  // The one package the library uses at run time is bundled in (THIRD-PARTY-NOTICES.md), so the package installs with
  // no dependency and Node resolves no package at import.
  noExternal: ['@cfworker/json-schema'],
};

const SOURCE = resolve('src');

/** The wire APIs, each a folder of src/providers/ and a shared module of its own (`dist/core-openai.js`, …). */
const PROVIDERS = ['openai', 'anthropic', 'gemini', 'bedrock'];

/** The entries of the ES module build: the library's and the `tool-search` command's. */
const ESM_ENTRIES: Record<string, string> = { ...LIBRARY_ENTRIES, cli: 'src/cli/index.ts' };

/**
 * The module of the ES module build each source file goes to, by path: `core-<provider>` for a provider's modules,
 * `undefined` for the integrations, the command line and the entries' index files, which each entry bundles itself;
 * and for a provider-neutral core module, the one module every importer of it goes to (`core-anthropic` for the
 * decision only Anthropic's codec uses, `undefined` for the ranker only the root entry exports), or `core` when two
 * do. A provider's code is a module of its own, not part of `core.js`, so `import('tool-search/openai')` parses
 * neither the other three APIs (and `tool-search` none) nor the core only they or one other entry use, and an app's
 * bundler meets no other API's module-level statements. A module no entry imports is in no
 * file, so it is left out of the map.
 */
function placeModules(): Map<string, string | undefined> {
  const modules = sourceFiles(SOURCE);
  const importers = new Map(modules.map((module): [string, string[]] => [module, []]));
  for (const module of modules) for (const imported of runtimeImports(module)) importers.get(imported)?.push(module);
  const entryOf = new Map(Object.entries(ESM_ENTRIES).map(([name, path]) => [resolve(path), name]));
  const reached = new Set(entryOf.keys());
  for (const module of reached) for (const imported of runtimeImports(module)) reached.add(imported);
  // Where a module's code runs from: its own shared module, or the entries (and shared modules) its importers go to.
  const homes = new Map<string, ReadonlySet<string>>();
  const homesOf = (module: string): ReadonlySet<string> => {
    let found = homes.get(module);
    if (found !== undefined) return found;
    const entry = entryOf.get(module);
    const local = relative(SOURCE, module);
    const provider = /^providers\/([^/]+)\//.exec(local)?.[1];
    if (entry !== undefined) found = new Set([entry]);
    else if (provider !== undefined && !local.endsWith('/index.ts')) found = new Set([`core-${provider}`]);
    else {
      const own = new Set((importers.get(module) ?? []).filter((importer) => reached.has(importer)).flatMap((importer) => [...homesOf(importer)]));
      found = own.size > 1 && !/^(integrations|cli)\//.test(local) && !local.endsWith('/index.ts') ? new Set(['core']) : own;
    }
    homes.set(module, found);
    return found;
  };
  const shared = new Set(['core', ...PROVIDERS.map((provider) => `core-${provider}`)]);
  const placed = new Map<string, string | undefined>();
  for (const module of reached) {
    const [home, ...others] = homesOf(module);
    placed.set(module, others.length === 0 && home !== undefined && shared.has(home) ? home : undefined);
  }
  return placed;
}

/**
 * The source files a module imports at run time (`import type` and `export type` left out), by path. A type-only
 * import written `import { type A }` counts: an import too many only keeps a module in `core`.
 */
function runtimeImports(module: string): string[] {
  const text = readFileSync(module, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s+(type\s+)?[^'";]*?\bfrom\s+'(\.[^']+)'/gm)]
    .filter((match) => match[1] === undefined)
    .map((match) => resolve(dirname(module), match[2] ?? '').replace(/\.js$/, '.ts'));
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
function writeSharedEntries(placed: ReadonlyMap<string, string | undefined>): Record<string, string> {
  const folder = mkdtempSync(join(tmpdir(), 'tool-search-build-'));
  const modules = [...placed.keys()].sort();
  const entries: Record<string, string> = {};
  for (const name of ['core', ...PROVIDERS.map((provider) => `core-${provider}`)]) {
    const path = join(folder, `${name}.ts`);
    const members = modules.filter((module) => placed.get(module) === name);
    writeFileSync(path, members.map((module) => `export * from ${JSON.stringify(module)};\n`).join(''));
    entries[name] = path;
  }
  return entries;
}

/**
 * The JSON Schema validator (`@cfworker/json-schema`'s two functions the library uses), bundled as a module of its own
 * (`dist/json-schema.js`): `resolveCatalogValidator` imports it with `import()` on the first validator it compiles, so no
 * entry parses it at import; and its module-level statements would otherwise sit in `core.js`, where an app's bundler
 * keeps them even when the app never validates a call. No other module imports it (placeModules does not see an
 * `import()`).
 */
const JSON_SCHEMA_VALIDATOR = resolve('src/tools/json-schema-validator.ts');

/**
 * Makes the modules of one ES module build import another shared module instead of bundling it: the core from
 * `./core.js`, a provider's modules from `./core-<provider>.js` and the JSON Schema validator from `./json-schema.js`.
 * A module bundles what belongs to it (`sharedEntries`: the shared modules' entry files, which belong to the module they are named after).
 */
function importShared(sharedEntries: Record<string, string>, placed: ReadonlyMap<string, string | undefined>): Plugin {
  const ownerOf = (importer: string) => Object.keys(sharedEntries).find((name) => sharedEntries[name] === importer) ?? placed.get(importer);
  return {
    name: 'import-shared',
    setup(build) {
      build.onResolve({ filter: /^[./]/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const path = resolve(args.resolveDir, args.path).replace(/\.js$/, '.ts');
        if (path === JSON_SCHEMA_VALIDATOR) return { path: './json-schema.js', external: true };
        if (relative(SOURCE, path).startsWith('..')) return undefined;
        const target = placed.get(path);
        const owner = ownerOf(args.importer);
        // What placeModules read of the imports holds: else a module would be in no file, or a shared module would
        // bundle a copy of an entry's module or import another API's (or the core a provider's).
        if (!placed.has(path) || (owner !== undefined && target !== owner && target !== 'core')) {
          throw new Error(`${relative(SOURCE, args.importer)} imports ${relative(SOURCE, path)}, placed in ${target ?? 'no shared module'}`);
        }
        return target === undefined || target === owner ? undefined : { path: `./${target}.js`, external: true };
      });
    },
  };
}

/**
 * Makes the CommonJS build load what it imports on first use (the JSON Schema validator: `resolveCatalogValidator`) with
 * `require`, as a CommonJS module does, instead of the `import()` the build keeps: so `require('tool-search')` never
 * goes through the ES module loader, which a CommonJS host may not give a module (Jest without its ES module mode, a
 * `vm` script). The validator is a chunk of its own (esbuild splits it off at the `import()`), required on first use.
 */
function requireLoadedChunks(): NonNullable<Options['plugins']>[number] {
  return {
    name: 'require-loaded-chunks',
    renderChunk(code) {
      return { code: code.replace(/\bimport\((["'])(\.\/[\w-]+\.cjs)\1\)/g, 'Promise.resolve().then(() => require($1$2$1))') };
    },
  };
}

export default defineConfig((): Options[] => {
  // The two builds below run at once, so neither may clean `dist/` itself: it is emptied once, first.
  rmSync('dist', { recursive: true, force: true });
  const placed = placeModules();
  const sharedEntries = writeSharedEntries(placed);
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
      entry: { ...sharedEntries, 'json-schema': JSON_SCHEMA_VALIDATOR },
      format: ['esm'],
      splitting: false,
      esbuildPlugins: [importShared(sharedEntries, placed)],
    },
    {
      // ESM: the library's entries and the `tool-search` command, each one file importing the core from `./core.js`,
      // so the command uses the library's core instead of a second copy. The command's own modules, the only ones with
      // Node built-ins, stay in `dist/cli.js`; its `#!/usr/bin/env node` line is kept and the file made executable.
      ...COMMON,
      entry: { ...LIBRARY_ENTRIES, cli: 'src/cli/index.ts' },
      format: ['esm'],
      splitting: false,
      esbuildPlugins: [importShared(sharedEntries, placed)],
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
      plugins: [requireLoadedChunks()],
      dts: true,
    },
  ];
});
