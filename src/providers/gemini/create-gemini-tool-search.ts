import { isRecord } from '../../records/is-record.js';
import { resolveMappedItems } from '../../records/resolve-mapped-items.js';
import { formatToolSearchResult } from '../../client/tool-search-result.js';
import { createSessionToolSearch } from '../../session/create-session-tool-search.js';
import { resolveJSONSchemaField } from '../../session/resolve-json-schema-field.js';
import { readSessionResponseValue } from '../../session/read-session-response-value.js';
import type { SessionCallAnswer, SessionResponseCall } from '../../session/session-adapter.js';
import type { SessionToolSearchFor } from '../../session/session-request.js';
import type { SessionToolSearchOptions } from '../../session/session-tool-search-options.js';
import { GEMINI_CODEC, type GeminiWarningCode } from './gemini-codec.js';
import { readGeminiBodyShape } from './read-gemini-body-shape.js';
import type { GeminiGenerateContentResponseLike, GeminiPart } from './gemini-api.js';
import { createGeminiStreamAccumulator } from './create-gemini-stream-accumulator.js';

/**
 * A tool {@link createGeminiToolSearch} takes: a Gemini tool, as `@google/genai`'s `Tool` (function declarations,
 * `{ functionDeclarations: [{ name, description, parametersJsonSchema }] }`, or a built-in tool such as
 * `{ googleSearch: {} }`, passed through), or a `CallableTool` (`mcpToTool`). A schema of zod 3 or 4 (or any Standard
 * JSON Schema library) in a declaration's `parameters` or `parametersJsonSchema` is converted to JSON Schema (sent as
 * `parametersJsonSchema`), as `createToolDefinition` does.
 */
export type GeminiSessionTool =
  | {
      readonly functionDeclarations?: readonly { readonly name?: string | undefined }[] | undefined;
      readonly googleSearch?: object | undefined;
      readonly googleSearchRetrieval?: object | undefined;
      readonly codeExecution?: object | undefined;
      readonly urlContext?: object | undefined;
      readonly retrieval?: object | undefined;
      readonly computerUse?: object | undefined;
      readonly fileSearch?: object | undefined;
      readonly googleMaps?: object | undefined;
      readonly enterpriseWebSearch?: object | undefined;
      readonly mcpServers?: readonly object[] | undefined;
    }
  | { readonly tool: (...args: never[]) => unknown; readonly callTool: (...args: never[]) => unknown };

/** What {@link createGeminiToolSearch} needs. */
export type CreateGeminiToolSearchOptions<Tool extends GeminiSessionTool = GeminiSessionTool> = SessionToolSearchOptions<Tool>;

/**
 * Tool search for one agent on Gemini's `generateContent`: `prepare` takes a body, `handle` the response (or its
 * stream).
 */
export type GeminiToolSearch = SessionToolSearchFor<
  GeminiWarningCode,
  GeminiGenerateContentResponseLike | AsyncIterable<GeminiGenerateContentResponseLike>,
  'contents'
>;

/**
 * Tool search on Gemini (`@google/genai` SDK parameters or the REST body) for one agent: every model gets the
 * client-side `tool_search`; `prepare` transforms the body, and `handle` answers every function call, running the
 * caller's own tools through `runTool`. Its turn's `contents` are the model's content as returned, then one user
 * content with a `functionResponse` per call (library answers as `{ output: <text> }`; what `runTool` returns becomes
 * the `response`: a plain object as it is, anything else as `{ output }`); `done` is `true` when the model made no
 * function call.
 *
 * Throws a `ToolSearchError` for bad options (`invalid-tools` for tools in another API's shape, naming the right entry
 * point); `prepare` throws for a missing `sessionId`, a configured hosted mechanism (unless `unsupported:
 * 'full-schemas'`), a `functionResponse` without its `functionCall` in the content before (`invalid-request`: the API
 * rejects the body) and what the transformer throws. `prepare` on a body it returned gives the same bytes.
 * `request.step(response)` gives the calls for a dispatch of your own (parallel, approved, traced); `handle` runs them
 * one after another. Both also take the response's stream (`await ai.models.generateContentStream(body)`), read
 * through `createGeminiStreamAccumulator` with each piece of text handed to `onText`: the turn is the one the whole
 * response gives.
 *
 * @example
 * ```ts
 * import { GoogleGenAI, type Content } from '@google/genai';
 * import { createGeminiToolSearch } from 'tool-search/gemini';
 *
 * const toolSearch = createGeminiToolSearch({ tools: [{ functionDeclarations: myDeclarations }] });
 * const contents: Content[] = [{ role: 'user', parts: [{ text: 'Make my drink large.' }] }];
 * for (let done = false; !done; ) {
 *   const request = await toolSearch.prepare({ model: 'gemini-2.5-flash', contents }, { sessionId });
 *   const turn = await request.handle(await ai.models.generateContent(request.body), runTool);
 *   contents.push(...turn.contents);
 *   done = turn.done;
 * }
 * ```
 */
export function createGeminiToolSearch<Tool extends GeminiSessionTool>(options: CreateGeminiToolSearchOptions<Tool>): GeminiToolSearch {
  return createSessionToolSearch<GeminiWarningCode>(options, {
    api: 'gemini',
    label: 'createGeminiToolSearch',
    hints: { 'gemini-declaration': 'wrap the declarations in a tool, `[{ functionDeclarations: declarations }]`' },
    withJSONSchemas(tool) {
      if (!Array.isArray(tool.functionDeclarations)) return tool;
      // `parameters` is Gemini's OpenAPI subset: a converted JSON Schema goes in `parametersJsonSchema`.
      const declarations = resolveMappedItems(tool.functionDeclarations, (declaration: unknown) =>
        isRecord(declaration)
          ? resolveJSONSchemaField(resolveJSONSchemaField(declaration, 'parameters', 'parametersJsonSchema'), 'parametersJsonSchema', 'parametersJsonSchema')
          : declaration,
      );
      return declarations === tool.functionDeclarations ? tool : { ...tool, functionDeclarations: declarations };
    },
    // The SDK's parameters keep tools in `config`, the REST body at the top level.
    toolsOf: (body) => (isRecord(body.config) ? body.config.tools : body.tools),
    withTools: (body, tools) =>
      readGeminiBodyShape(body).shape === 'sdk' ? { ...body, config: { ...(body.config as object | undefined), tools } } : { ...body, tools },
    codec: GEMINI_CODEC as never,
    // `generateContent` holds no conversation of its own: the body is all of it.
    unpaired: 'throw',
    createStreamAccumulator: createGeminiStreamAccumulator,
    readResponse(response) {
      const content = readSessionResponseValue(response, 'response', ['candidates', 0, 'content'], "the model's content", isRecord);
      const calls: SessionResponseCall<GeminiPart>[] = [];
      for (const part of Array.isArray(content.parts) ? content.parts : []) {
        const call = isRecord(part) ? part.functionCall : undefined;
        if (!isRecord(call) || typeof call.name !== 'string') continue;
        const { name } = call;
        const id = typeof call.id === 'string' ? call.id : '';
        const write = (answer: SessionCallAnswer): GeminiPart => {
          const output = answer.type === 'run' ? answer.output : formatToolSearchResult(answer.result);
          return { functionResponse: { ...(id === '' ? {} : { id }), name, response: isRecord(output) ? output : { output } } };
        };
        calls.push({ id, name, arguments: call.args ?? {}, write });
      }
      return {
        calls,
        finish: (parts, _additions, predicted) => {
          const contents: unknown[] = [...predicted, content];
          if (parts.length > 0) contents.push({ role: 'user', parts });
          return { contents, done: parts.length === 0 };
        },
      };
    },
  }) as GeminiToolSearch;
}
