import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', 'src');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  // Statements only, at the start of a line: specifiers quoted in doc comments do not count.
  const statements = /^(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]|^import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;
  return [...text.matchAll(statements)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

const files = sourceFiles(root).map((path) => ({ path, local: relative(root, path).split(sep).join('/') }));
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const isBuiltin = (specifier: string): boolean => builtins.has(specifier) || specifier.startsWith('node:');
// The command line (`src/cli/`, built to `dist/cli.js` alone) is the one part that runs only on Node and sits on top
// of the whole package: it may read files and the process, and use every provider.
const isCommandLine = (local: string): boolean => local.startsWith('cli/');
const library = files.filter((file) => !isCommandLine(file.local));

describe('the source layout', () => {
  it.each(library.map((file) => [file.local, file.path]))('%s imports no Node built-in', (_local, path) => {
    expect(imports(path).filter(isBuiltin)).toEqual([]);
  });

  const core = library.filter((file) => !file.local.startsWith('providers/') && !file.local.startsWith('integrations/'));
  it.each(core.map((file) => [file.local, file.path]))('core module %s imports no provider and no integration', (_local, path) => {
    expect(imports(path).filter((specifier) => specifier.includes('providers/') || specifier.includes('integrations/'))).toEqual([]);
  });

  it.each(files.filter((file) => file.local.startsWith('providers/')).map((file) => [file.local, file.path]))(
    'provider module %s imports no integration',
    (_local, path) => {
      expect(imports(path).filter((specifier) => specifier.includes('integrations/'))).toEqual([]);
    },
  );

  it.each(files.filter((file) => file.local.startsWith('providers/')).map((file) => [file.local, file.path]))(
    'provider module %s imports no other provider',
    (local, path) => {
      const own = local.split('/')[1];
      const foreign = imports(path).filter((specifier) => /^\.\.\/(?!\.\.)/.test(specifier) && !specifier.startsWith(`../${own}/`));
      expect(foreign).toEqual([]);
    },
  );

  it('imports only the allowed runtime dependencies', () => {
    const allowed = new Set(['zod', 'fast-json-stable-stringify', 'lru-cache', '@cfworker/json-schema']);
    const external = files
      .filter((file) => !file.local.startsWith('integrations/'))
      .flatMap((file) => imports(file.path).filter((specifier) => !(isCommandLine(file.local) && isBuiltin(specifier))))
      .filter((specifier) => !specifier.startsWith('.'));
    expect(external.filter((specifier) => !allowed.has(specifier))).toEqual([]);
  });

  it('lets an integration import only its framework (an optional peer dependency) besides the runtime dependencies', () => {
    const frameworks: Record<string, readonly string[]> = {
      'ai-sdk': ['ai'],
      langchain: ['langchain', '@langchain/core/tools', '@langchain/core/utils/json_schema'],
      'openai-agents': ['@openai/agents'],
    };
    for (const file of files.filter((entry) => entry.local.startsWith('integrations/'))) {
      const allowed = new Set([
        'zod',
        'fast-json-stable-stringify',
        'lru-cache',
        '@cfworker/json-schema',
        ...(frameworks[file.local.split('/')[1] ?? ''] ?? []),
      ]);
      expect(
        imports(file.path).filter((specifier) => !specifier.startsWith('.') && !allowed.has(specifier)),
        file.local,
      ).toEqual([]);
    }
  });
});
