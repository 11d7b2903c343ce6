#!/usr/bin/env node
// Counts code lines: lines that hold at least one token that is not a comment, read with the TypeScript scanner, so
// documentation can be written or deleted without moving the figure. `node scripts/count-code-lines.mjs [folder …]`
// prints the count of each folder given (default: every folder of src/ and src/ itself); `--functions N` lists the
// functions longer than N code lines; `--json` prints the same as JSON. The tests of the source layout import
// `countCodeLines` and `findLongFunctions` from here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const TRIVIA = new Set([
  ts.SyntaxKind.WhitespaceTrivia,
  ts.SyntaxKind.NewLineTrivia,
  ts.SyntaxKind.SingleLineCommentTrivia,
  ts.SyntaxKind.MultiLineCommentTrivia,
  ts.SyntaxKind.ShebangTrivia,
  ts.SyntaxKind.ConflictMarkerTrivia,
]);
// After these a `/` divides; anywhere else it starts a regular expression.
const ENDS_EXPRESSION = new Set([
  ts.SyntaxKind.Identifier,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.BigIntLiteral,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.CloseParenToken,
  ts.SyntaxKind.CloseBracketToken,
  ts.SyntaxKind.CloseBraceToken,
  ts.SyntaxKind.ThisKeyword,
  ts.SyntaxKind.SuperKeyword,
  ts.SyntaxKind.TrueKeyword,
  ts.SyntaxKind.FalseKeyword,
  ts.SyntaxKind.NullKeyword,
  ts.SyntaxKind.PlusPlusToken,
  ts.SyntaxKind.MinusMinusToken,
]);

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

/** The `.ts` files under `path` (a file or a folder), sorted. */
export function sourceFiles(path) {
  if (!statSync(path).isDirectory()) return path.endsWith('.ts') ? [path] : [];
  return readdirSync(path)
    .sort()
    .flatMap((entry) => sourceFiles(join(path, entry)));
}

/** The 0-based numbers of the lines of `text` that hold a token other than a comment. */
export function codeLineNumbers(text) {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, /* skipTrivia */ false, ts.LanguageVariant.Standard, text);
  const starts = [0];
  for (let index = 0; index < text.length; index += 1) if (text[index] === '\n') starts.push(index + 1);
  const lineOf = (position) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const lines = new Set();
  const mark = (from, to) => {
    const first = lineOf(from);
    const last = lineOf(Math.max(from, to - 1));
    for (let line = first; line <= last; line += 1) lines.add(line);
  };
  // The scanner alone does not know a regular expression from a division, nor the `}` that resumes a template from
  // one that closes a block: both are told here as the parser would (by the token before, by the brace depth).
  const braces = [];
  let previous;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (TRIVIA.has(kind)) continue;
    if ((kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) && !ENDS_EXPRESSION.has(previous)) {
      kind = scanner.reScanSlashToken();
    } else if (kind === ts.SyntaxKind.TemplateHead) {
      braces.push(0);
    } else if (kind === ts.SyntaxKind.OpenBraceToken && braces.length > 0) {
      braces[braces.length - 1] += 1;
    } else if (kind === ts.SyntaxKind.CloseBraceToken && braces.length > 0) {
      if (braces[braces.length - 1] === 0) {
        kind = scanner.reScanTemplateToken(false);
        if (kind === ts.SyntaxKind.TemplateTail) braces.pop();
      } else {
        braces[braces.length - 1] -= 1;
      }
    }
    mark(scanner.getTokenStart(), scanner.getTokenEnd());
    previous = kind;
  }
  return lines;
}

/** Code lines of every `.ts` file under each path (relative to the project, or absolute), summed. */
export function countCodeLines(...paths) {
  let total = 0;
  for (const path of paths) for (const file of sourceFiles(resolvePath(path))) total += codeLineNumbers(readFileSync(file, 'utf8')).size;
  return total;
}

/** Every line of every `.ts` file under each path, comments and blank lines included. */
export function countAllLines(...paths) {
  let total = 0;
  for (const path of paths) for (const file of sourceFiles(resolvePath(path))) total += readFileSync(file, 'utf8').split('\n').length - 1;
  return total;
}

/**
 * The functions (declarations, methods, arrow functions and function expressions) under `paths` whose body spans more
 * than `limit` code lines, longest first: `{ file, name, line, lines }`. A function inside another counts in both.
 */
export function findLongFunctions(limit, ...paths) {
  const found = [];
  for (const path of paths) {
    for (const file of sourceFiles(resolvePath(path))) {
      const text = readFileSync(file, 'utf8');
      const code = codeLineNumbers(text);
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const visit = (node) => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
          const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
          let lines = 0;
          for (let line = first; line <= last; line += 1) if (code.has(line)) lines += 1;
          if (lines > limit) found.push({ file: relative(root, file).split(sep).join('/'), name: nameOf(node), line: first + 1, lines });
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return found.sort((a, b) => b.lines - a.lines);
}

function nameOf(node) {
  if (node.name !== undefined) return node.name.getText();
  const parent = node.parent;
  if (parent !== undefined && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name !== undefined) return parent.name.getText();
  return '(anonymous)';
}

function resolvePath(path) {
  return path.startsWith('/') ? path : join(root, path);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const at = args.indexOf('--functions');
  const limit = at === -1 ? undefined : Number(args[at + 1]);
  const folders = args.filter((arg, index) => !arg.startsWith('--') && (at === -1 || index !== at + 1));
  const targets =
    folders.length > 0
      ? folders
      : [
          'src',
          ...readdirSync(join(root, 'src'))
            .filter((entry) => statSync(join(root, 'src', entry)).isDirectory())
            .sort()
            .map((entry) => `src/${entry}`),
        ];
  const rows = targets.map((path) => ({ path, code: countCodeLines(path), all: countAllLines(path) }));
  const long = limit === undefined ? [] : findLongFunctions(limit, ...targets);
  if (json) {
    console.log(JSON.stringify({ rows, ...(limit === undefined ? {} : { long }) }, null, 2));
  } else {
    for (const row of rows) console.log(`${String(row.code).padStart(7)} code  ${String(row.all).padStart(7)} all  ${row.path}`);
    for (const entry of long) console.log(`${String(entry.lines).padStart(5)} lines  ${entry.file}:${entry.line} ${entry.name}`);
  }
}
