import { describe, expect, expectTypeOf, it } from 'vitest';
import type { FunctionDeclaration, GenerateContentParameters } from '@google/genai';
import { createGeminiFunctionDeclarations } from '../../../src/providers/gemini/index.js';
import { ToolSearchError } from '../../../src/errors/tool-search-error.js';
import { tool } from '../../support/tools.js';

describe('createGeminiFunctionDeclarations', () => {
  it('writes each tool as a declaration with its JSON Schema in parametersJsonSchema', () => {
    const schema = { type: 'object', properties: { when: { const: 'now' } }, additionalProperties: false };
    expect(createGeminiFunctionDeclarations([tool('read_file'), { name: 'ping', inputSchema: schema }])).toEqual([
      { name: 'read_file', description: 'does read_file', parametersJsonSchema: tool('read_file').inputSchema },
      { name: 'ping', parametersJsonSchema: schema },
    ]);
  });

  it('takes an MCP tools/list result and leaves category, deferrable and MCP fields out', () => {
    const listed = { tools: [tool('a', 'always', { category: 'Files', title: 'A' })] };
    expect(createGeminiFunctionDeclarations(listed)).toEqual([{ name: 'a', description: 'does a', parametersJsonSchema: tool('a').inputSchema }]);
  });

  it('gives a result assignable to the SDK’s FunctionDeclaration and request tools', () => {
    const declarations: FunctionDeclaration[] = createGeminiFunctionDeclarations([tool('a')]);
    const parameters: GenerateContentParameters = {
      model: 'gemini-2.5-pro',
      contents: 'hi',
      config: { tools: [{ functionDeclarations: createGeminiFunctionDeclarations([tool('a')]) }] },
    };
    expectTypeOf(createGeminiFunctionDeclarations).returns.toExtend<FunctionDeclaration[]>();
    expect([declarations.length, parameters.config?.tools?.length]).toEqual([1, 1]);
  });

  it('rejects a bad tool list with invalid-tools', () => {
    expect(() => createGeminiFunctionDeclarations([null] as never)).toThrow(ToolSearchError);
  });
});
