/**
 * Type tests: `tsc -p tsconfig.test.json --noEmit` fails if the wire types or the transformer's output stop being
 * assignable to the installed `openai` SDK's request types. The runtime assertions only make the file a test.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  CustomTool,
  FunctionTool,
  NamespaceTool,
  ResponseCreateParamsNonStreaming,
  ResponseInputItem,
  ResponseOutputItem,
  ResponseToolSearchOutputItemParam,
  Tool,
  ToolSearchTool,
} from 'openai/resources/responses/responses';
import type {
  OpenAIResponsesAdditionalToolsItem,
  OpenAIResponsesCustomTool,
  OpenAIResponsesFunctionTool,
  OpenAIResponsesNamespaceTool,
  OpenAIResponsesProviderTool,
  OpenAIResponsesTool,
  OpenAIResponsesToolSearchOutputItem,
  OpenAIResponsesToolSearchTool,
} from '../../../src/providers/openai/openai-responses-api.js';
import { toResponseInputItems } from 'openai/lib/responses/ResponseInputItems';
import { transformOpenAIResponsesRequest } from '../../../src/providers/openai/index.js';
import { planFor, responsesFunction } from '../../support/openai-responses-bodies.js';

describe('the OpenAI Responses wire types', () => {
  it('are assignable to the SDK types', () => {
    expectTypeOf<OpenAIResponsesFunctionTool>().toExtend<FunctionTool>();
    expectTypeOf<OpenAIResponsesCustomTool>().toExtend<CustomTool>();
    expectTypeOf<OpenAIResponsesNamespaceTool>().toExtend<NamespaceTool>();
    expectTypeOf<OpenAIResponsesToolSearchTool>().toExtend<ToolSearchTool>();
    expectTypeOf<OpenAIResponsesTool>().toExtend<Tool>();
    expectTypeOf<OpenAIResponsesToolSearchOutputItem>().toExtend<ResponseToolSearchOutputItemParam>();
    expectTypeOf<OpenAIResponsesAdditionalToolsItem>().toExtend<ResponseInputItem.AdditionalTools>();
    // The check has teeth: a loosely typed tool is not an SDK tool.
    expectTypeOf<OpenAIResponsesProviderTool>().not.toExtend<Tool>();
    expect(true).toBe(true);
  });

  it("keep the transformer's output assignable to ResponseCreateParamsNonStreaming", () => {
    const typed: ResponseCreateParamsNonStreaming = {
      model: 'gpt-5.4',
      store: false,
      input: [{ role: 'user', content: 'hi' }],
      tools: [{ type: 'web_search' }, { type: 'mcp', server_label: 'docs', server_url: 'https://example.com/mcp' }, responsesFunction('lookup')],
    };
    const fromSDK: ResponseCreateParamsNonStreaming = transformOpenAIResponsesRequest(typed, planFor(typed)).body;

    const wire: { model: string; tools: OpenAIResponsesTool[] } = { model: 'gpt-5.4', tools: [responsesFunction('lookup')] };
    const fromWire: ResponseCreateParamsNonStreaming = transformOpenAIResponsesRequest(wire, planFor(wire)).body;

    // Output items replayed into the history the SDK's way (`toResponseInputItems`) still type-check as a request.
    const output: ResponseOutputItem[] = [];
    const history: ResponseInputItem[] = [...(typed.input as ResponseInputItem[]), ...toResponseInputItems(output)];
    const replayed: ResponseCreateParamsNonStreaming = transformOpenAIResponsesRequest({ ...typed, input: history }, planFor(typed)).body;

    expect([fromSDK.model, fromWire.model, replayed.model]).toEqual(['gpt-5.4', 'gpt-5.4', 'gpt-5.4']);
  });
});
