import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** The package's entries (its subpath exports), each with its source file: the build's entries, tsup.config.ts. */
export const PACKAGE_ENTRIES = {
  'tool-search': 'src/index.ts',
  'tool-search/openai': 'src/providers/openai/index.ts',
  'tool-search/anthropic': 'src/providers/anthropic/index.ts',
  'tool-search/gemini': 'src/providers/gemini/index.ts',
  'tool-search/bedrock': 'src/providers/bedrock/index.ts',
  'tool-search/ai-sdk': 'src/integrations/ai-sdk/index.ts',
  'tool-search/langchain': 'src/integrations/langchain/index.ts',
  'tool-search/openai-agents': 'src/integrations/openai-agents/index.ts',
} as const;

/** One of the package's entries. */
export type PackageEntry = keyof typeof PACKAGE_ENTRIES;

/** What {@link bundleEntry} bundles. */
export interface BundleEntryOptions {
  readonly entry: PackageEntry;
  /** The exports an app imports; every export of the entry when omitted. */
  readonly names?: readonly string[];
  /**
   * `source` bundles src/ (no build needed: what `npm test` checks); `dist` bundles the built package through its
   * `exports` map, as an app's bundler meets it (run the build first).
   */
  readonly from?: 'source' | 'dist';
}

/** One module of a bundle and the bytes it adds to the minified output. */
export interface BundledModule {
  readonly path: string;
  readonly bytes: number;
}

/** An entry bundled the way an edge app bundles it: esbuild, browser platform, ES module, minified. */
export interface EntryBundle {
  /** The minified bundle. */
  readonly code: Uint8Array;
  readonly minifiedBytes: number;
  /** The minified bundle after gzip (zlib's default level, as servers and CDNs send it). */
  readonly gzipBytes: number;
  /** Every module in the bundle, the largest first (esbuild's metafile). */
  readonly modules: readonly BundledModule[];
}

/** The project's root, where the bundles resolve the package's sources and dependencies. */
const ROOT = new URL('..', import.meta.url).pathname;

/**
 * Bundles one entry of the package, or some of its exports, for the browser with esbuild (minified ES module,
 * tree-shaken) and measures it. The frameworks (`ai`, `langchain` and `@langchain/*`, `@openai/agents`: optional peer
 * dependencies an app brings) stay outside.
 */
export async function bundleEntry(options: BundleEntryOptions): Promise<EntryBundle> {
  const specifier = options.from === 'dist' ? options.entry : `./${PACKAGE_ENTRIES[options.entry]}`;
  const contents = options.names === undefined ? `export * from '${specifier}';` : `export { ${options.names.join(', ')} } from '${specifier}';`;
  const result = await build({
    stdin: { contents, resolveDir: ROOT, loader: 'ts', sourcefile: 'app.ts' },
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    external: ['ai', 'langchain', '@langchain/*', '@openai/agents'],
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (output === undefined) throw new Error(`esbuild gave no output for ${options.entry}`);
  const inputs = Object.values(result.metafile.outputs)[0]?.inputs ?? {};
  const modules = Object.entries(inputs)
    .map(([path, input]) => ({ path, bytes: input.bytesInOutput }))
    .filter((module) => module.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
  return { code: output.contents, minifiedBytes: output.contents.length, gzipBytes: gzipSync(output.contents).length, modules };
}
