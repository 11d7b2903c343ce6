import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { countCodeLines, findLongFunctions } from '../scripts/count-code-lines.mjs';

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
    const allowed = new Set(['zod', '@cfworker/json-schema']);
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
      const allowed = new Set(['zod', '@cfworker/json-schema', ...(frameworks[file.local.split('/')[1] ?? ''] ?? [])]);
      expect(
        imports(file.path).filter((specifier) => !specifier.startsWith('.') && !allowed.has(specifier)),
        file.local,
      ).toEqual([]);
    }
  });
});

/**
 * The folders of `src/` from the bottom up: a module imports its own folder and the folders below it, never one above
 * (an arrow that climbs makes a loop between folders). Root modules (`index.ts`) sit above everything but the command
 * line.
 */
const LAYERS = [
  'text',
  'errors',
  'records',
  'models',
  'tools',
  'names',
  'config',
  'search',
  'catalog',
  'plan',
  'reveal',
  'client',
  'cache',
  'request',
  'session',
  'providers',
  'integrations',
  '.',
  'cli',
];

/**
 * The files of the codec seam and the driver: all a provider folder may import from `src/request/`. The decision's
 * parts a codec's own decision kind builds on (the plan match, the forced tools, the client tool list) are among them:
 * OpenAI's namespace grouping, a Responses-only kind, lives in `src/providers/openai/`.
 */
const SEAM = [
  'request/neutral-request.ts',
  'request/request-tools.ts',
  'request/request-tool-entry.ts',
  'request/wire-codec.ts',
  'request/request-decision.ts',
  'request/resolve-client-api-request.ts',
  'request/resolve-defer-loading-api-request.ts',
  'request/resolve-plan-match.ts',
  'request/resolve-forced-tools.ts',
  'request/resolve-tool-list.ts',
  'request/transform-request.ts',
  'request/request-transformer.ts',
  'request/parse-transform-request-options.ts',
];

/** Each source file's imports of other source files, as paths relative to `src/`. */
const graph = new Map(
  files.map((file) => [
    file.local,
    imports(file.path)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => join(file.path, '..', specifier.replace(/\.js$/, '.ts')))
      .filter((path) => path.startsWith(root + sep) && path.endsWith('.ts'))
      .map((path) => relative(root, path).split(sep).join('/')),
  ]),
);
const folderOf = (local: string): string => (local.includes('/') ? (local.split('/')[0] as string) : '.');

describe('the import graph', () => {
  it('has no import cycle', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string): void => {
      state.set(file, 'open');
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].join(' -> '));
        else if (state.get(next) === undefined) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of graph.keys()) if (state.get(file) === undefined) visit(file);
    expect(cycles).toEqual([]);
  });

  it('has every folder of src/ in the layer order', () => {
    expect([...new Set(files.map((file) => folderOf(file.local)))].filter((folder) => !LAYERS.includes(folder))).toEqual([]);
  });

  it('imports no folder from a lower one', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      targets.filter((target) => LAYERS.indexOf(folderOf(target)) > LAYERS.indexOf(folderOf(file))).map((target) => `${file} -> ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('lets a provider import only the codec seam and the driver from src/request/', () => {
    const imported = [...graph].flatMap(([file, targets]) =>
      file.startsWith('providers/')
        ? targets.filter((target) => target.startsWith('request/') && !SEAM.includes(target)).map((target) => `${file} -> ${target}`)
        : [],
    );
    expect(imported).toEqual([]);
  });

  it('names no file after OpenAI outside src/providers/openai/ (and the OpenAI Agents SDK integration)', () => {
    const named = files.filter((file) => /openai/i.test(file.local) && !/^(providers\/openai|integrations\/openai-agents)\//.test(file.local));
    expect(named.map((file) => file.local)).toEqual([]);
  });
});

/** Classes whose instances hold what a program puts in them: caches and records, not lookup tables. */
const CACHE_CLASSES = new Set(['WeakMap', 'WeakSet', 'WeakRef', 'LRUCache', 'Array']);

/**
 * The top-level variables of a source file that could hold state: a `let` or `var`; a cache (`WeakMap`, `LRUCache`,
 * ...); a `Map`, `Set`, array or object literal not typed read-only (`ReadonlyMap`, `readonly string[]`,
 * `Readonly<...>`), frozen or `as const`. Constant lookup tables are typed read-only.
 */
function findModuleState(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const constant = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of statement.declarationList.declarations) {
      const name = declaration.name.getText(source);
      if (!constant) {
        found.push(`${name} (let or var)`);
        continue;
      }
      let value = declaration.initializer;
      while (value !== undefined && (ts.isAsExpression(value) || ts.isSatisfiesExpression(value) || ts.isParenthesizedExpression(value))) {
        value = ts.isAsExpression(value) && value.type.getText(source) === 'const' ? undefined : value.expression;
      }
      if (value === undefined) continue;
      const readOnly = /^(Readonly|readonly )/.test(declaration.type?.getText(source) ?? '');
      if (ts.isNewExpression(value)) {
        const created = value.expression.getText(source);
        if (CACHE_CLASSES.has(created) || ((created === 'Map' || created === 'Set') && !readOnly)) found.push(`${name} (new ${created})`);
      } else if ((ts.isArrayLiteralExpression(value) || ts.isObjectLiteralExpression(value)) && !readOnly) {
        found.push(`${name} (a literal not typed read-only)`);
      }
    }
  }
  return found;
}

describe('what an import compiles', () => {
  // V8 checks every regular expression literal as it compiles a module, and a `\p{…}` class costs it about 0.1 ms at a
  // cold start whether or not the expression ever runs: the library builds those patterns from strings.
  it.each(library.map((file) => [file.local, file.path]))('%s writes no \\p{…} class in a regular expression literal', (_local, path) => {
    expect(findUnicodePropertyLiterals(path)).toEqual([]);
  });
});

/** The regular expression literals of a file with a Unicode property class (`\p{…}`, `\P{…}`), with their lines. */
function findUnicodePropertyLiterals(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node) && /\\[pP]\{/.test(node.text))
      found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.text}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('module state', () => {
  it.each(files.map((file) => [file.local, file.path]))('%s keeps no mutable state at module level', (_local, path) => {
    expect(findModuleState(path)).toEqual([]);
  });
});

describe('the size of the request path (issue 25)', () => {
  const codecs = files.filter((file) => /^providers\/[^/]+\/[^/]+-codec\.ts$/.test(file.local));

  it.each(codecs.map((file) => [file.local, file.path]))('codec %s is at most 350 code lines', (_local, path) => {
    expect(countCodeLines(path)).toBeLessThanOrEqual(350);
  });

  it('has no function over 80 code lines in src/request, src/providers or src/session', () => {
    const long = findLongFunctions(80, 'src/request', 'src/providers', 'src/session');
    expect(long.map((found) => `${found.file}:${found.line} ${found.name} (${found.lines} lines)`)).toEqual([]);
  });
});
