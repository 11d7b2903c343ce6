import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainDisagreement, validateByReference } from '../support/reference-json-schema-validator.js';
import { SCHEMA_CORPUS, SCHEMA_CORPUS_PAIRS, checkFor } from '../support/schema-corpus.js';

const documentation = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'call-check.md'), 'utf8');

describe('createToolCallCheck on the schema corpus', () => {
  it('holds at least 150 schema/argument pairs across every dialect', () => {
    expect(SCHEMA_CORPUS_PAIRS.length).toBeGreaterThanOrEqual(150);
    expect(new Set(SCHEMA_CORPUS.map((corpusCase) => corpusCase.dialect))).toEqual(
      new Set(['zod3', 'zod4', 'pydantic-v1', 'pydantic-v2', 'github-mcp', 'gemini', 'json-schema']),
    );
  });

  it('gives the reference validator’s verdict on every pair, checked, except where docs/call-check.md says why', async () => {
    const undocumented: string[] = [];
    const documented = new Map<string, number>();
    for (const { corpusCase, value, fits } of SCHEMA_CORPUS_PAIRS) {
      const outcome = await checkFor(corpusCase).check({ name: 'tool', arguments: value }, { sessionId: 's' });
      const reference = validateByReference(corpusCase.reference, corpusCase.draft, JSON.parse(JSON.stringify(value)) as unknown);
      const label = `${corpusCase.id} ${JSON.stringify(value)}`;
      if (outcome.ok && !outcome.checked) undocumented.push(`${label}: not checked`);
      if (outcome.ok === reference.valid && reference.valid === fits) continue;
      const reason = explainDisagreement(outcome.ok, reference);
      // A documented disagreement is one where the fixture and the call check agree, and the reference is the one off.
      if (reason !== undefined && outcome.ok === fits) documented.set(reason, (documented.get(reason) ?? 0) + 1);
      else
        undocumented.push(
          `${label}: fixture says ${fits ? 'fits' : 'misfits'}, call check ${outcome.ok ? 'accepts' : 'refuses'}, reference ${reference.valid ? 'accepts' : `refuses (${JSON.stringify(reference.errors.map((error) => error.message))})`}`,
        );
    }
    expect(undocumented).toEqual([]);
    for (const reason of documented.keys()) expect(documentation).toContain(`\`${reason}\``);
  });

  it('names a property and a rule in every answer to arguments that do not fit', async () => {
    for (const { corpusCase, value } of SCHEMA_CORPUS_PAIRS.filter((pair) => !pair.fits)) {
      const outcome = await checkFor(corpusCase).check({ name: 'tool', arguments: value }, { sessionId: 's' });
      expect(outcome.ok).toBe(false);
      if (outcome.ok || outcome.result.status !== 'invalid-arguments') continue;
      expect(outcome.result.errors.length).toBeGreaterThan(0);
      for (const error of outcome.result.errors) expect(error).toMatch(/^(arguments|`.+?`): (Invalid|Too|Unrecognized)/);
    }
  });
});
