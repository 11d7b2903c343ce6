import { describe, expect, it } from 'vitest';
import { isToolSearchError } from '../../../src/errors/tool-search-error.js';
import { createToolNameMapping } from '../../../src/names/create-tool-name-mapping.js';
import { OPENAI_RESPONSES_TOOL_NAME_RULE } from '../../../src/providers/openai/openai-responses-api.js';
import { createOpenAIResponsesAdditionalTools } from '../../../src/providers/openai/create-openai-responses-additional-tools.js';
import { preflightOpenAIResponsesRequest } from '../../support/preflight/preflight-openai-responses-request.js';
import { responsesFunction, responsesNamespace } from '../../support/openai-responses-bodies.js';

const tools = [
  responsesFunction('get_weather', { defer_loading: true }),
  { type: 'web_search' },
  responsesNamespace('crm', [responsesFunction('lookup', { strict: false }), responsesFunction('refund')]),
  responsesFunction('Cafe.order'),
];

describe('createOpenAIResponsesAdditionalTools', () => {
  it("adds the caller's own definitions, at the top level, without defer_loading, in the order given", () => {
    const item = createOpenAIResponsesAdditionalTools(['lookup', 'get_weather', 'lookup'], { tools });
    expect(item).toEqual({
      type: 'additional_tools',
      role: 'developer',
      tools: [responsesFunction('lookup', { strict: false }), responsesFunction('get_weather')],
    });
    expect(preflightOpenAIResponsesRequest({ model: 'gpt-5.4', input: [item] }).violations).toEqual([]);
  });

  it('names each tool as sent', () => {
    const names = createToolNameMapping(['Cafe.order', 'get_weather'], OPENAI_RESPONSES_TOOL_NAME_RULE);
    expect(createOpenAIResponsesAdditionalTools(['Cafe_order'], { tools, names }).tools).toEqual([{ ...responsesFunction('Cafe.order'), name: 'Cafe_order' }]);
  });

  it('leaves the given tools alone', () => {
    const given = structuredClone(tools);
    createOpenAIResponsesAdditionalTools(['get_weather', 'refund'], { tools: given });
    expect(given).toEqual(tools);
  });

  it.each([
    { case: 'no names', names: [], options: { tools }, message: '`names` must be a non-empty list' },
    { case: 'a name that is not a string', names: [1], options: { tools }, message: '`names` must be a non-empty list' },
    { case: 'no tools', names: ['lookup'], options: {}, message: "`options.tools` must be the agent's Responses tools" },
    { case: 'an unknown name', names: ['lookup', 'nope'], options: { tools }, message: '`nope` is not a function of `options.tools`' },
    { case: 'a tool that is not a function', names: ['web_search'], options: { tools }, message: '`web_search` is not a function' },
    {
      case: 'a mapping without toWire',
      names: ['lookup'],
      options: { tools, names: { toWire: 5 } },
      message: "`options.names` must be a transformer's `names`",
    },
  ])('throws invalid-options for $case', ({ names, options, message }) => {
    let thrown: unknown;
    try {
      createOpenAIResponsesAdditionalTools(names as string[], options as { tools: unknown[] });
    } catch (error) {
      thrown = error;
    }
    expect(isToolSearchError(thrown) && thrown.code).toBe('invalid-options');
    expect((thrown as Error).message).toContain(message);
  });
});
