/**
 * Type tests: `tsc -p tsconfig.test.json --noEmit` fails when the wire types or the transformer's output stop being
 * accepted by the official `@google/genai` SDK. The runtime assertions only keep vitest honest.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  Content,
  ContentListUnion,
  ContentUnion,
  FunctionDeclaration,
  GenerateContentParameters,
  GenerateContentResponse,
  Part,
  Tool,
  ToolConfig,
} from '@google/genai';
import type {
  GeminiContent,
  GeminiContentListUnion,
  GeminiContentUnion,
  GeminiFunctionDeclaration,
  GeminiGenerateContentParameters,
  GeminiGenerateContentResponseLike,
  GeminiPart,
  GeminiTool,
  GeminiToolConfig,
} from '../../../src/providers/gemini/gemini-api.js';
import { transformGeminiRequest } from '../../../src/providers/gemini/index.js';
import { geminiDeclarations, geminiPlan } from '../../support/gemini-bodies.js';

describe('the Gemini wire types', () => {
  it('are accepted where @google/genai takes parameters, declarations, tools, contents and parts', () => {
    expectTypeOf<GeminiGenerateContentParameters>().toExtend<GenerateContentParameters>();
    expectTypeOf<GeminiFunctionDeclaration>().toExtend<FunctionDeclaration>();
    expectTypeOf<GeminiTool>().toExtend<Tool>();
    expectTypeOf<GeminiToolConfig>().toExtend<ToolConfig>();
    expectTypeOf<GeminiContent>().toExtend<Content>();
    expectTypeOf<GeminiPart>().toExtend<Part>();
    expectTypeOf<GeminiContentUnion>().toExtend<ContentUnion>();
    expectTypeOf<GeminiContentListUnion>().toExtend<ContentListUnion>();
  });

  it('take what generateContent and generateContentStream give: the response, its chunks, the stream', () => {
    expectTypeOf<GenerateContentResponse>().toExtend<GeminiGenerateContentResponseLike>();
    expectTypeOf<AsyncGenerator<GenerateContentResponse>>().toExtend<AsyncIterable<GeminiGenerateContentResponseLike>>();
  });

  it('let a transformed SDK body go straight to ai.models.generateContent', () => {
    const parameters: GenerateContentParameters = {
      model: 'gemini-2.5-flash',
      contents: 'hi',
      config: { tools: [{ functionDeclarations: geminiDeclarations(20) as FunctionDeclaration[] }] },
    };
    const result = transformGeminiRequest(parameters, geminiPlan(parameters));
    const sent: GenerateContentParameters = result.body;
    expectTypeOf(result.body).toEqualTypeOf<GenerateContentParameters>();
    expect(sent.config?.tools?.[0]).toHaveProperty('functionDeclarations');
  });

  it('type an untyped body as GeminiGenerateContentParameters, which the SDK accepts', () => {
    const json: unknown = { model: 'gemini-2.5-flash', contents: 'hi', config: { tools: [{ functionDeclarations: geminiDeclarations(2) }] } };
    const result = transformGeminiRequest(json as GeminiGenerateContentParameters, geminiPlan(json));
    const sent: GenerateContentParameters = result.body;
    expect(sent.model).toBe('gemini-2.5-flash');
  });
});
