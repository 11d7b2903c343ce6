import { describe, expect, it } from 'vitest';
import { resolveOpenAIFunctionCallName } from '../../../src/providers/openai/resolve-openai-function-call-name.js';
import { planFor, responsesBody, responsesFunction, responsesNamespace, transformChecked } from '../../support/openai-responses-bodies.js';

const body = responsesBody([
  responsesFunction('github.create_issue'),
  responsesNamespace('crm', [responsesFunction('crm/lookup')]),
  responsesFunction('plain'),
]);
const { names } = transformChecked(body, planFor(body, { id: 'gpt-5.4', api: 'openai-responses' }, { threshold: 0 }));

describe('resolveOpenAIFunctionCallName', () => {
  it.each([
    {
      case: 'a deferred top-level function (namespace = its name)',
      item: { name: 'github_create_issue', namespace: 'github_create_issue' },
      original: 'github.create_issue',
    },
    { case: 'a namespaced function', item: { name: 'crm_lookup', namespace: 'crm' }, original: 'crm/lookup' },
    { case: 'a function without a namespace', item: { name: 'plain' }, original: 'plain' },
    { case: 'a null namespace', item: { name: 'plain', namespace: null }, original: 'plain' },
    { case: 'a name a client qualified with its namespace', item: { name: 'crm.crm_lookup', namespace: 'crm' }, original: 'crm/lookup' },
    { case: 'a tool outside the plan', item: { name: 'mine', namespace: 'x' }, original: 'mine' },
  ])('resolves $case', ({ item, original }) => {
    expect(resolveOpenAIFunctionCallName(item, names)).toBe(original);
  });

  it.each([
    { case: 'null', item: null, message: 'A function call must have a non-empty string `name`, got null' },
    { case: 'an item without a name', item: { namespace: 'crm' }, message: 'A function call must have a non-empty string `name`, got nothing (undefined)' },
    { case: 'an empty name', item: { name: '' }, message: 'A function call must have a non-empty string `name`, got "" (a string)' },
  ])('throws invalid-request for $case', ({ item, message }) => {
    expect(() => resolveOpenAIFunctionCallName(item as never, names)).toThrow(expect.objectContaining({ code: 'invalid-request', message }));
  });
});
