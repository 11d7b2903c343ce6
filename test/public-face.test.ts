import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ENTRIES } from '../bench/bundle-entry.js';

/** The package's entries (package.json `exports`) and their sources (tsup.config.ts), as the bundle checks list them. */
const ENTRIES: Readonly<Record<string, string>> = PACKAGE_ENTRIES;

/** Issue 25's bounds on the public face, over all entries: every name a user can import, and those that are values. */
const MAX_EXPORTS = 150;
const MAX_VALUES = 45;

interface EntryFace {
  readonly exports: readonly string[];
  readonly values: readonly string[];
}

/** Each entry's exported names, and which of them are values (functions, classes, constants), from the compiler. */
function readPublicFace(): Record<string, EntryFace> {
  const root = join(import.meta.dirname, '..');
  const program = ts.createProgram(
    Object.values(ENTRIES).map((path) => join(root, path)),
    {
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    },
  );
  const checker = program.getTypeChecker();
  const faces: Record<string, EntryFace> = {};
  for (const [entry, path] of Object.entries(ENTRIES)) {
    const source = program.getSourceFile(join(root, path));
    const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`no module for ${entry} at ${path}`);
    const symbols = checker.getExportsOfModule(module);
    // A value is what a user can call or read at run time: an `export type { … }` of a class is a type.
    const isTypeOnly = (declaration: ts.Declaration): boolean =>
      (ts.isExportSpecifier(declaration) && (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly)) ||
      (ts.isExportDeclaration(declaration) && declaration.isTypeOnly);
    const isValue = (symbol: ts.Symbol): boolean => {
      let current: ts.Symbol | undefined = symbol;
      while (current !== undefined && current.flags & ts.SymbolFlags.Alias) {
        if (current.declarations?.some(isTypeOnly)) return false;
        current = checker.getImmediateAliasedSymbol(current);
      }
      return current !== undefined && (current.flags & ts.SymbolFlags.Value) !== 0;
    };
    faces[entry] = {
      exports: symbols.map((symbol) => symbol.name).sort(),
      values: symbols
        .filter(isValue)
        .map((symbol) => symbol.name)
        .sort(),
    };
  }
  return faces;
}

const faces = readPublicFace();
const count = (pick: (face: EntryFace) => readonly string[]): number => Object.values(faces).reduce((sum, face) => sum + pick(face).length, 0);

describe('the public face', () => {
  it('counts every entry of package.json', () => {
    const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    const entries = Object.keys(manifest.exports).filter((key) => key !== './package.json');
    expect(entries.map((key) => `tool-search${key.slice(1)}`).sort()).toEqual(Object.keys(ENTRIES).sort());
  });

  it(`has at most ${MAX_EXPORTS} exports across all entries`, () => {
    expect(count((face) => face.exports)).toBeLessThanOrEqual(MAX_EXPORTS);
  });

  it(`has at most ${MAX_VALUES} values across all entries`, () => {
    expect(count((face) => face.values)).toBeLessThanOrEqual(MAX_VALUES);
  });

  it('exports each name from one entry only', () => {
    const entries = new Map<string, string[]>();
    for (const [entry, face] of Object.entries(faces)) for (const name of face.exports) entries.set(name, [...(entries.get(name) ?? []), entry]);
    expect([...entries].filter(([, where]) => where.length > 1)).toEqual([]);
  });

  it('keeps what the README quick starts import', () => {
    expect(faces['tool-search/openai']?.values).toEqual(expect.arrayContaining(['createOpenAIResponsesToolSearch', 'createOpenAIChatToolSearch']));
    expect(faces['tool-search/anthropic']?.values).toContain('createAnthropicMessagesToolSearch');
    expect(faces['tool-search/gemini']?.values).toContain('createGeminiToolSearch');
    expect(faces['tool-search/bedrock']?.values).toContain('createBedrockConverseToolSearch');
  });
});
