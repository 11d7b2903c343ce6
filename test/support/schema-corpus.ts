/**
 * The schema corpus (test/fixtures/schema-corpus/): tool schemas as real producers emit them (zod 3 through
 * zod-to-json-schema, zod 4's `z.toJSONSchema`, pydantic v1 and v2, GitHub's MCP server, Gemini's `Schema`, and
 * hand-written keyword cases), each with arguments that fit and arguments that do not, and the JSON Schema a
 * reference validator reads for it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JSONSchemaObject } from '../../src/tools/tool-definition.js';
import { createToolCallCheck, type ToolCallCheck } from '../../src/client/create-tool-call-check.js';
import { createMemoryRevealStore } from '../../src/reveal/create-memory-reveal-store.js';
import { ZOD3_CASES } from '../fixtures/schema-corpus/zod3.js';
import { ZOD4_CASES } from '../fixtures/schema-corpus/zod4.js';
import { githubTool } from './github-mcp-tools.js';

/** The JSON Schema drafts the reference validator reads (Ajv's classes). */
export type ReferenceDraft = 'draft-07' | '2019-09' | '2020-12';

/** Who wrote a schema. */
export type SchemaDialect = 'zod3' | 'zod4' | 'pydantic-v1' | 'pydantic-v2' | 'github-mcp' | 'gemini' | 'json-schema';

/** One corpus entry as a fixture file writes it. */
export interface SchemaCorpusEntry {
  readonly id: string;
  /** The schema as its producer emits it: what the call check is given. */
  readonly schema: JSONSchemaObject;
  /** The same schema as standard JSON Schema, when the producer's is not (Gemini, Python patterns). @default schema */
  readonly reference?: JSONSchemaObject;
  /** The draft the reference reads `reference` under. @default the file's */
  readonly draft?: ReferenceDraft;
  readonly fits: readonly unknown[];
  readonly misfits: readonly unknown[];
}

/** One corpus schema, ready to check. */
export interface SchemaCorpusCase {
  readonly dialect: SchemaDialect;
  /** `dialect: id`, unique. */
  readonly id: string;
  readonly schema: JSONSchemaObject;
  readonly reference: JSONSchemaObject;
  readonly draft: ReferenceDraft;
  readonly fits: readonly unknown[];
  readonly misfits: readonly unknown[];
}

/** One schema and one argument value, with what the fixture says of it. */
export interface SchemaCorpusPair {
  readonly corpusCase: SchemaCorpusCase;
  readonly value: unknown;
  readonly fits: boolean;
}

interface CorpusFile {
  readonly draft: ReferenceDraft;
  readonly cases: readonly (SchemaCorpusEntry | { readonly tool: string; readonly fits: readonly unknown[]; readonly misfits: readonly unknown[] })[];
}

function readCorpusFile(name: string): CorpusFile {
  return JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'schema-corpus', name), 'utf8')) as CorpusFile;
}

function fromEntries(dialect: SchemaDialect, entries: readonly SchemaCorpusEntry[], draft: ReferenceDraft): SchemaCorpusCase[] {
  return entries.map((entry) => ({
    dialect,
    id: `${dialect}: ${entry.id}`,
    schema: entry.schema,
    reference: entry.reference ?? entry.schema,
    draft: entry.draft ?? draft,
    fits: entry.fits,
    misfits: entry.misfits,
  }));
}

function fromFile(dialect: SchemaDialect, name: string): SchemaCorpusCase[] {
  const file = readCorpusFile(name);
  const entries = file.cases.map((entry): SchemaCorpusEntry => {
    if (!('tool' in entry)) return entry;
    return { id: entry.tool, schema: githubTool(entry.tool).inputSchema, fits: entry.fits, misfits: entry.misfits };
  });
  return fromEntries(dialect, entries, file.draft);
}

/** Every corpus schema. */
export const SCHEMA_CORPUS: readonly SchemaCorpusCase[] = [
  ...fromEntries('zod3', ZOD3_CASES, 'draft-07'),
  ...fromEntries('zod4', ZOD4_CASES, '2020-12'),
  ...fromFile('pydantic-v1', 'pydantic-v1.json'),
  ...fromFile('pydantic-v2', 'pydantic-v2.json'),
  ...fromFile('github-mcp', 'github-mcp.json'),
  ...fromFile('gemini', 'gemini.json'),
  ...fromFile('json-schema', 'json-schema.json'),
];

/** Every schema/argument pair of the corpus. */
export const SCHEMA_CORPUS_PAIRS: readonly SchemaCorpusPair[] = SCHEMA_CORPUS.flatMap((corpusCase) => [
  ...corpusCase.fits.map((value) => ({ corpusCase, value, fits: true })),
  ...corpusCase.misfits.map((value) => ({ corpusCase, value, fits: false })),
]);

const corpusChecks = new Map<SchemaCorpusCase, ToolCallCheck>();

/** The call check for one corpus case's schema (a tool named `tool`), made once per case and kept. */
export function checkFor(corpusCase: SchemaCorpusCase): ToolCallCheck {
  let check = corpusChecks.get(corpusCase);
  if (check === undefined) {
    check = createToolCallCheck({ tools: [{ name: 'tool', inputSchema: corpusCase.schema }], store: createMemoryRevealStore() });
    corpusChecks.set(corpusCase, check);
  }
  return check;
}
