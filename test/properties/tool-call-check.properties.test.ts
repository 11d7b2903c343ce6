import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { PROPERTY_TIMEOUT, argumentMutations, createCaseCounter, mutateArguments, propertyParameters } from '../support/arbitraries.js';
import { explainDisagreement, validateByReference } from '../support/reference-json-schema-validator.js';
import { SCHEMA_CORPUS_PAIRS, checkFor } from '../support/schema-corpus.js';

const counter = createCaseCounter('tool-call-check');
afterAll(() => counter.report());

describe('the call check on mutated corpus arguments', () => {
  it(
    'gives the reference validator’s verdict, checked, with an answer naming a property and a rule (or a documented disagreement)',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...SCHEMA_CORPUS_PAIRS), argumentMutations, async (pair, mutations) => {
          const value = mutateArguments(pair.value, mutations);
          // As JSON text, as models write arguments (a string given as parsed arguments would read as text).
          const outcome = await checkFor(pair.corpusCase).check({ name: 'tool', arguments: JSON.stringify(value) }, { sessionId: 's' });
          const reference = validateByReference(pair.corpusCase.reference, pair.corpusCase.draft, value);
          expect(outcome).not.toMatchObject({ ok: true, checked: false });
          if (outcome.ok !== reference.valid) {
            const reason = explainDisagreement(outcome.ok, reference);
            counter.count(reason ?? 'undocumented disagreement');
            expect({
              case: pair.corpusCase.id,
              value,
              accepted: outcome.ok,
              reference: reference.errors.map((error) => `${error.instancePath} ${error.message}`),
              reason,
            }).toMatchObject({ reason: expect.any(String) });
          }
          counter.count(outcome.ok ? 'fit' : 'misfit');
          if (!outcome.ok && outcome.result.status === 'invalid-arguments') {
            for (const error of outcome.result.errors) expect(error).toMatch(/^((arguments|`.+?`): (Invalid|Too|Unrecognized)|… and \d+ more problems$)/);
          }
        }),
        propertyParameters(),
      );
    },
    PROPERTY_TIMEOUT,
  );
});
