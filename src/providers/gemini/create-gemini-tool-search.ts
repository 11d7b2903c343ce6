import { ToolSearchError } from '../../errors/tool-search-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { isRecord } from '../../records/is-record.js';
import { formatToolSearchResult } from '../../client/tool-search-result.js';
import { createToolSearch, type ToolSearch } from '../../session/create-tool-search.js';
import { prepareSessionRequest } from '../../session/prepare-session-request.js';
import type { ListItemOf, SessionRequest } from '../../session/session-request.js';
import type { SessionToolSearchOptions } from '../../session/session-tool-search-options.js';
import { parseGeminiToolSlots, parseGeminiTools } from './parse-gemini-tools.js';
import { transformGeminiRequest, type GeminiWarningCode } from './transform-gemini-request.js';
import type { GeminiPart } from './gemini-api.js';

/** What {@link createGeminiToolSearch} needs. */
export type CreateGeminiToolSearchOptions = SessionToolSearchOptions;

/** The contents a response adds to the history, and whether the model is done. */
export interface GeminiTurn<Content> {
  /** Append these to `contents`: the model's content as returned, then one user content with a `functionResponse` per call. */
  readonly contents: Content[];
  /** `true` when the model made no function call: it has finished its turn. */
  readonly done: boolean;
}

/**
 * One Gemini request prepared for a session. `handle` takes the response and answers every function call of its first
 * candidate with `functionResponse` parts (library answers as `{ output: <text> }`); what `runTool` returns becomes
 * the `response`: a plain object as it is, anything else as `{ output }`.
 */
export type GeminiToolSearchRequest<Body> = SessionRequest<
  Body,
  GeminiWarningCode,
  { readonly candidates?: readonly { readonly content?: object }[] },
  GeminiTurn<ListItemOf<Body, 'contents'>>
>;

/** Tool search for one agent on Gemini's `generateContent`. */
export interface GeminiToolSearch {
  /** The provider-neutral core (plans, `tool_search`, the call check, the store). */
  readonly toolSearch: ToolSearch;
  /** Prepares one request of a session: the plan (cached), the transformed body, and `handle` for the response. */
  prepare<Body extends object>(body: Body, options: { readonly sessionId: string }): Promise<GeminiToolSearchRequest<Body>>;
}

/**
 * Tool search on Gemini (`@google/genai` SDK parameters or the REST body) for one agent: every model gets the
 * client-side `tool_search`; `prepare` transforms the body, and `handle` answers every function call, running the
 * caller's own tools through `runTool`.
 *
 * Throws a `ToolSearchError` for bad options; `prepare` throws for a missing `sessionId`, a configured hosted
 * mechanism (unless `unsupported: 'full-schemas'`) and what the transformer throws.
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
export function createGeminiToolSearch(options: CreateGeminiToolSearchOptions): GeminiToolSearch {
  if (!isRecord(options) || !Array.isArray(options.tools)) {
    throw new ToolSearchError('invalid-options', `createGeminiToolSearch: \`tools\` must be the agent's Gemini tools, got ${describeValue(isRecord(options) ? options.tools : options)}`);
  }
  const catalogTools = options.tools;
  const toolSearch = createToolSearch({ tools: parseGeminiTools({ contents: [], tools: catalogTools }), config: options.config, store: options.store, unsupported: options.unsupported });

  return {
    toolSearch,
    async prepare(given, { sessionId } = {} as { sessionId: string }) {
      const { shape, settings } = parseGeminiToolSlots(given);
      let body = given;
      if (settings.tools === undefined) {
        body = (shape === 'sdk' ? { ...given, config: { ...(given as { config?: object }).config, tools: catalogTools } } : { ...given, tools: catalogTools }) as typeof given;
      }
      const sent = settings.tools === undefined ? undefined : parseGeminiTools(body);
      const { loaded, ...prepared } = await prepareSessionRequest(
        toolSearch,
        {
          api: 'gemini',
          sessionId,
          bodyModel: (given as { model?: unknown }).model,
          optionModel: options.model,
          tools: sent,
          label: 'createGeminiToolSearch',
        },
        (plan, revealed) => transformGeminiRequest(body, plan, { revealed }),
      );
      const { plan, names } = prepared;
      return {
        ...prepared,
        async handle(response, runTool) {
          const candidate = isRecord(response) && Array.isArray(response.candidates) ? response.candidates[0] : undefined;
          const content = isRecord(candidate) ? candidate.content : undefined;
          if (!isRecord(content)) throw new ToolSearchError('invalid-request', `\`response.candidates[0].content\` must be the model's content, got ${describeValue(content)}`);
          const parts: GeminiPart[] = [];
          for (const part of Array.isArray(content.parts) ? content.parts : []) {
            const call = isRecord(part) ? part.functionCall : undefined;
            if (!isRecord(call) || typeof call.name !== 'string') continue;
            const id = typeof call.id === 'string' ? call.id : '';
            const handling = await toolSearch.handleToolCall({ name: call.name, arguments: call.args ?? {} }, { sessionId, plan, names, loaded });
            const output =
              handling.type === 'run' ? await runTool(handling.name, handling.arguments, { id, sessionId }) : formatToolSearchResult(handling.result);
            const result = isRecord(output) ? output : { output };
            parts.push({ functionResponse: { ...(id === '' ? {} : { id }), name: call.name, response: result } });
          }
          const contents: unknown[] = [content];
          if (parts.length > 0) contents.push({ role: 'user', parts });
          return { contents: contents as ListItemOf<typeof given, 'contents'>[], done: parts.length === 0 };
        },
      };
    },
  };
}
