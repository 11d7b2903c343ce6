import { describe, expect, it } from 'vitest';
import { preflightGeminiRequest } from '../../support/preflight/preflight-gemini-request.js';
import { geminiDeclaration, geminiDeclarations, geminiParameters, geminiRESTBody } from '../../support/gemini-bodies.js';

const call = (name: string) => ({ functionCall: { name, args: {} } });
const response = (name: string) => ({ functionResponse: { name, response: { output: 'ok' } } });

describe('preflightGeminiRequest', () => {
  it.each([
    ['the SDK shape', geminiParameters([geminiDeclaration('a-b'), geminiDeclaration('c.d')])],
    ['the REST shape', geminiRESTBody([geminiDeclaration('a-b'), geminiDeclaration('c.d')])],
  ])('passes a valid body in %s with answered function calls', (_, body) => {
    const contents = [
      { role: 'user', parts: [{ text: 'hi' }] },
      { role: 'model', parts: [call('a-b'), call('c.d')] },
      { role: 'user', parts: [response('a-b'), response('c.d')] },
      { role: 'model', parts: [{ text: 'done' }] },
    ];
    expect(preflightGeminiRequest({ ...body, contents })).toEqual({ ok: true, violations: [] });
  });

  it.each<[string, unknown, string, string]>([
    ['a body that is not an object', null, 'invalid-body', ''],
    ['config that is not an object', { model: 'm', contents: [], config: 1 }, 'invalid-body', 'config'],
    ['config mixed with top-level tools', { ...geminiParameters([]), tools: [] }, 'invalid-body', 'tools'],
    ['tools that are not an array', { contents: [], tools: {} }, 'invalid-body', 'tools'],
    ['a name starting with a digit', geminiRESTBody([geminiDeclaration('3d')]), 'invalid-tool-name', 'tools[0].functionDeclarations[0].name'],
    [
      'a name with a colon, which some endpoints reject',
      geminiRESTBody([geminiDeclaration('server:tool')]),
      'invalid-tool-name',
      'tools[0].functionDeclarations[0].name',
    ],
    ['a name with a space', geminiParameters([geminiDeclaration('send email')]), 'invalid-tool-name', 'config.tools[0].functionDeclarations[0].name'],
    ['a 65-character name', geminiRESTBody([geminiDeclaration('a'.repeat(65))]), 'invalid-tool-name', 'tools[0].functionDeclarations[0].name'],
    [
      'two declarations with one name',
      geminiRESTBody([geminiDeclaration('a'), geminiDeclaration('a')]),
      'duplicate-tool-name',
      'tools[0].functionDeclarations[1].name',
    ],
    [
      'parameters and parametersJsonSchema together',
      geminiRESTBody([geminiDeclaration('a', { parametersJsonSchema: { type: 'object' } })]),
      'parameters-and-json-schema',
      'tools[0].functionDeclarations[0]',
    ],
    [
      'additionalProperties in REST parameters',
      geminiRESTBody([geminiDeclaration('a', { parameters: { type: 'object', properties: {}, additionalProperties: true } })]),
      'unsupported-schema-keyword',
      'tools[0].functionDeclarations[0].parameters',
    ],
    [
      'oneOf in SDK parameters',
      geminiParameters([geminiDeclaration('a', { parameters: { type: 'object', properties: { x: { oneOf: [] } } } })]),
      'unsupported-schema-keyword',
      'config.tools[0].functionDeclarations[0].parameters',
    ],
    [
      'a required property that is not defined',
      geminiRESTBody([geminiDeclaration('a', { parameters: { type: 'OBJECT', properties: {}, required: ['ref'] } })]),
      'unsupported-schema-keyword',
      'tools[0].functionDeclarations[0].parameters',
    ],
    [
      'an array parameter without items',
      geminiParameters([geminiDeclaration('a', { parameters: { type: 'object', properties: { tags: { type: 'array' } } } })]),
      'unsupported-schema-keyword',
      'config.tools[0].functionDeclarations[0].parameters',
    ],
    [
      'a parameter name with a dash',
      geminiRESTBody([geminiDeclaration('a', { parameters: { type: 'OBJECT', properties: { 'Content-Type': { type: 'STRING' } } } })]),
      'unsupported-schema-keyword',
      'tools[0].functionDeclarations[0].parameters',
    ],
    [
      'two entries with declarations',
      geminiRESTBody([], [], { tools: [{ functionDeclarations: [geminiDeclaration('a')] }, { functionDeclarations: [geminiDeclaration('b')] }] }),
      'multiple-function-tools',
      'tools[1]',
    ],
    ['513 declarations', geminiRESTBody(geminiDeclarations(513)), 'too-many-function-declarations', 'tools'],
    [
      'an allowed function that is not declared',
      geminiParameters([geminiDeclaration('a')], undefined, { toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['b'] } } }),
      'allowed-function-unknown',
      'config.toolConfig.functionCallingConfig.allowedFunctionNames[0]',
    ],
    [
      'a function response without a call before it',
      geminiRESTBody(
        [geminiDeclaration('a')],
        [
          { role: 'user', parts: [{ text: 'hi' }] },
          { role: 'user', parts: [response('a')] },
        ],
      ),
      'function-response-without-call',
      'contents[1]',
    ],
    [
      'fewer function responses than calls',
      geminiRESTBody(
        [geminiDeclaration('a')],
        [
          { role: 'model', parts: [call('a'), call('a')] },
          { role: 'user', parts: [response('a')] },
        ],
      ),
      'function-response-count-mismatch',
      'contents[1]',
    ],
    [
      'a description cut inside an emoji',
      geminiRESTBody([geminiDeclaration('a', { description: 'Weather \ud83d' })]),
      'lone-surrogate',
      'tools[0].functionDeclarations[0].description',
    ],
  ])('flags %s', (_, body, rule, path) => {
    const result = preflightGeminiRequest(body);
    expect(result.ok).toBe(false);
    expect(result.violations).toContainEqual(expect.objectContaining({ rule, path }));
  });

  it('accepts additionalProperties in SDK-shape parameters, which the SDK drops before sending', () => {
    const body = geminiParameters([geminiDeclaration('a', { parameters: { type: 'object', properties: {}, additionalProperties: false } })]);
    expect(preflightGeminiRequest(body).ok).toBe(true);
  });

  it('never throws, whatever the body holds', () => {
    for (const body of [1, [], { contents: [null, { parts: [null] }] }, { tools: [null, { functionDeclarations: [null, {}] }] }]) {
      expect(() => preflightGeminiRequest(body)).not.toThrow();
    }
  });
});
