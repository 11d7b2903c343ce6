import { isRecord } from '../../records/is-record.js';
import { resolveMappedItems } from '../../records/resolve-mapped-items.js';
import { resolveOwnToolsSent } from '../../plan/resolve-own-tools-sent.js';
import { parsePlannedTools } from '../../plan/parse-planned-tools.js';
import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import type { ToolSearchResult } from '../../client/tool-search-result.js';
import type { ToolNameMapping } from '../../names/create-tool-name-mapping.js';
import type { ToolSearch } from '../../session/create-tool-search.js';
import { createSessionToolSearch } from '../../session/create-session-tool-search.js';
import { resolveJSONSchemaField } from '../../session/resolve-json-schema-field.js';
import { formatSessionAnswer } from '../../session/format-session-answer.js';
import { readSessionResponseValue } from '../../session/read-session-response-value.js';
import type { SessionCallAnswer, SessionResponseCall } from '../../session/session-adapter.js';
import type { ListItemOf, SessionRequest, SessionTurn } from '../../session/session-request.js';
import type { SessionToolSearchOptions } from '../../session/session-tool-search-options.js';
import { createOpenAIToolSearchOutput } from './create-openai-tool-search-output.js';
import { createOpenAIResponsesAdditionalTools } from './create-openai-responses-additional-tools.js';
import { createOpenAIToolSearchNote } from './create-openai-tool-search-note.js';
import { resolveOpenAIFunctionCallName } from './resolve-openai-function-call-name.js';
import { OPENAI_RESPONSES_CODEC, type OpenAIResponsesUncategorizedTools } from './openai-responses-codec.js';
import type { OpenAIResponsesWarningCode } from './openai-responses-warning.js';
import type { TransformedOpenAIResponsesBody } from './transform-openai-responses-request.js';
import type { OpenAIResponsesFunctionCallOutputContent } from './openai-responses-api.js';
import { createOpenAIResponsesStreamAccumulator } from './create-openai-responses-stream-accumulator.js';

/**
 * A tool {@link createOpenAIResponsesToolSearch} takes: a Responses tool, as the `openai` SDK's `Tool` (a function,
 * `{ type: 'function', name, description, parameters, strict }`, a custom tool, a namespace, or a hosted tool such as
 * web search, passed through). A schema of zod 3 or 4 (or any Standard JSON Schema library) in a function's
 * `parameters` is converted to JSON Schema, as `createToolDefinition` does.
 */
export interface OpenAIResponsesSessionTool {
  readonly type: string;
}

/** What {@link createOpenAIResponsesToolSearch} needs. */
export interface CreateOpenAIResponsesToolSearchOptions<Tool extends OpenAIResponsesSessionTool = OpenAIResponsesSessionTool>
  extends SessionToolSearchOptions<Tool> {
  /** Hosted search: where tools without a category go (see the transformer). @default 'top-level' */
  readonly uncategorized?: OpenAIResponsesUncategorizedTools;
}

/**
 * Tool search for one agent on the Responses API. `prepare` returns the body (sent with the factory's `tools` when it
 * has none); `handle` takes the response (or its stream) and answers every call in its output: the package's
 * `tool_search` (a `function_call` on the client-side mechanism; a client-executed `tool_search_call` under OpenAI's
 * hosted search, answered with a `tool_search_output`), and the caller's `function_call`s and `custom_tool_call`s;
 * what `runTool` returns is the output: a string or a list of content parts as it is, anything else as JSON. Under
 * native delivery (`reveal: 'native'`) the turn's answers are followed by one `additional_tools` item with the
 * definitions of the tools they loaded that the history had not added yet; the model then calls them by their own
 * names, as ordinary calls checked against the full schema and run through `runTool`.
 *
 * A turn's `input` is what to append to `input` when you keep the history yourself (`store: false`): the response's
 * output items as returned, then the answer to every call (the transformer removes what must not be sent back); its
 * `answers` are only the answers (`function_call_output`, `tool_search_output`, …, and the `additional_tools` item
 * after them), for a loop that chains `previous_response_id`; `done` is `true` when the response made no call that
 * needs an answer.
 */
export interface OpenAIResponsesToolSearch<Tool extends OpenAIResponsesSessionTool = OpenAIResponsesSessionTool> {
  /** The provider-neutral core (plans, `tool_search`, the call check, the store). */
  readonly toolSearch: ToolSearch;
  /** Prepares one request of a session: the plan (cached), the transformed body, and `step`/`handle` for the response. */
  prepare<Body extends object>(
    body: Body,
    options: { readonly sessionId: string },
  ): Promise<
    SessionRequest<
      TransformedOpenAIResponsesBody<OpenAIResponsesBodyWithTools<Body, Tool>>,
      OpenAIResponsesWarningCode,
      { readonly output: readonly unknown[] } | AsyncIterable<{ readonly type: string }>,
      SessionTurn<ListItemOf<Body, 'input'>, 'input' | 'answers'>
    >
  >;
}

/** A body as it is sent: its own `tools`, or the factory's when it has none. */
export type OpenAIResponsesBodyWithTools<Body, Tool> = Body extends { readonly tools?: unknown } ? Body : Body & { tools: Tool[] };

/**
 * Tool search on the OpenAI Responses API for one agent, in a few lines per turn: `prepare` resolves the plan for
 * the body's model (OpenAI's hosted search on GPT-5.4 and newer, the client-side `tool_search` elsewhere), transforms
 * the body, and `handle` answers every call of the response (searches, blind calls, `call_tool`), running the
 * caller's own tools through `runTool`.
 *
 * Throws a `ToolSearchError` for bad options (see `createToolSearch`; `invalid-tools` for tools in another API's
 * shape, naming the right entry point); `prepare` throws for a missing `sessionId`, a body without a model (unless
 * `mechanism: 'client'`), a configured mechanism that does not apply (unless `unsupported: 'full-schemas'`), an output
 * item without its call in `input` when no conversation is stored (`invalid-request`: the API rejects the body) and
 * what the transformer throws. `prepare` on a body it returned gives the same bytes. `request.step(response)` gives
 * the calls for a dispatch of your own (parallel, approved, traced); `handle` runs them one after another. Both also
 * take the response's stream (`openai.responses.stream(body)`, `create({ ...body, stream: true })`), read to its end
 * with each piece of text handed to `onText`: the turn is the one the whole response gives.
 *
 * @example
 * ```ts
 * import OpenAI from 'openai';
 * import type { ResponseInputItem } from 'openai/resources/responses/responses';
 * import { createOpenAIResponsesToolSearch } from 'tool-search/openai';
 *
 * const toolSearch = createOpenAIResponsesToolSearch({ tools: myTools });
 * const input: ResponseInputItem[] = [{ role: 'user', content: 'What open orders does customer 42 have?' }];
 * for (let done = false; !done; ) {
 *   const request = await toolSearch.prepare({ model: 'gpt-5.4', store: false, input }, { sessionId });
 *   const turn = await request.handle(await openai.responses.create(request.body), runTool);
 *   input.push(...turn.input);
 *   done = turn.done;
 * }
 * ```
 * @see https://developers.openai.com/api/docs/guides/tools-tool-search
 */
export function createOpenAIResponsesToolSearch<Tool extends OpenAIResponsesSessionTool>(
  options: CreateOpenAIResponsesToolSearchOptions<Tool>,
): OpenAIResponsesToolSearch<Tool> {
  const uncategorized = (isRecord(options) ? options.uncategorized : undefined) ?? 'top-level';
  return createSessionToolSearch<OpenAIResponsesWarningCode>(options, {
    api: 'openai-responses',
    label: 'createOpenAIResponsesToolSearch',
    providerTools: true,
    withJSONSchemas(tool) {
      if (tool.type === 'function') return resolveJSONSchemaField(tool, 'parameters', 'parameters');
      if (tool.type !== 'namespace' || !Array.isArray(tool.tools)) return tool;
      const members = resolveMappedItems(tool.tools, (member: unknown) =>
        isRecord(member) ? resolveJSONSchemaField(member, 'parameters', 'parameters') : member,
      );
      return members === tool.tools ? tool : { ...tool, tools: members };
    },
    codec: OPENAI_RESPONSES_CODEC as never,
    codecOptions: { uncategorized },
    // A chained response's `input` holds only the new items; what earlier turns added is on the server.
    isHistoryOnServer: (body) =>
      (body.previous_response_id !== undefined && body.previous_response_id !== null) || (body.conversation !== undefined && body.conversation !== null),
    // One `additional_tools` item with the caller's own definitions, under the names sent.
    writeAddition: (definitions, { names, catalogTools }) => [
      createOpenAIResponsesAdditionalTools(
        definitions.map((definition) => names.toWire(definition.name)),
        { tools: catalogTools, names },
      ),
    ],
    unpaired: 'throw',
    createStreamAccumulator: createOpenAIResponsesStreamAccumulator,
    readResponse(response, { plan, names, catalogTools }) {
      const output = resolveOpenAIResponsesOutputItems(
        readSessionResponseValue(response, 'response', ['output'], "the response's output items", Array.isArray),
      );
      const calls: SessionResponseCall<unknown>[] = [];
      for (const item of output) {
        if (!isRecord(item)) continue;
        const id = typeof item.call_id === 'string' ? item.call_id : '';
        // The caller's output as the answer's content, the package's result as text.
        const answer = (type: string) => (given: SessionCallAnswer) => ({
          type,
          call_id: id,
          output: formatSessionAnswer<OpenAIResponsesFunctionCallOutputContent>(given),
        });
        if (item.type === 'function_call' && typeof item.call_id === 'string') {
          const name = resolveOpenAIFunctionCallName(item as { name: string; namespace?: string }, names);
          calls.push({ id, name, arguments: item.arguments, write: answer('function_call_output') });
        } else if (item.type === 'tool_search_call' && item.execution === 'client') {
          // A client-executed `tool_search_call` is always the package's search, whatever functions the catalog holds.
          calls.push({
            id,
            name: names.toWire(resolveOwnToolsSent(plan).searchName),
            arguments: item.arguments,
            write: (given) => {
              if (given.type === 'run') return [];
              const result = withDeferredMatchesLoadedAgain(given.result, plan, names);
              // Loaded as the caller declared them (their `strict`, their namespace).
              const found = createOpenAIToolSearchOutput(item as { call_id?: string | null }, result, { tools: catalogTools, names });
              // What the output's definitions cannot say (no match, a tool sent in full, a bad query) follows as a note.
              const note = createOpenAIToolSearchNote(result);
              return note === null ? found : [found, note];
            },
          });
        } else if (item.type === 'custom_tool_call' && typeof item.call_id === 'string' && typeof item.name === 'string') {
          calls.push({ id, name: item.name, arguments: item.input, free: true, write: answer('custom_tool_call_output') });
        }
      }
      return {
        calls,
        finish: (written, additions, predicted) => {
          // A search's answer is its output and, when it has one, its note: two items (no answer item is an array).
          const outputs = written.flatMap((answer) => (Array.isArray(answer) ? (answer as unknown[]) : [answer]));
          // Native delivery: the tools the answers loaded are added after every `function_call_output` of the turn.
          const answers = [...outputs, ...additions];
          // The predicted load went with the request: a stored conversation has it, a replayed history takes it first.
          return { input: [...predicted, ...output, ...answers], answers, done: outputs.length === 0 };
        },
      };
    },
  }) as unknown as OpenAIResponsesToolSearch<Tool>;
}

/**
 * A search result whose matches an earlier `tool_search_output` loaded (`loadedEarlier`) are loaded again, when the
 * plan defers them: the output carries definitions only, and one that answered a match with no tools reads as "nothing
 * found" (the model searched for the tool again, so it may no longer see it: a trimmed or compacted context). The
 * definition is the one the earlier output loaded (the caller's declaration), so the model sees the same tool. A match
 * the request sends in full stays in `loadedEarlier`: loading it would declare it twice.
 */
function withDeferredMatchesLoadedAgain(result: ToolSearchResult, plan: ToolSearchPlan, names: Pick<ToolNameMapping, 'fromWire'>): ToolSearchResult {
  if (result.status !== 'found' || result.loadedEarlier === undefined || result.loadedEarlier.length === 0) return result;
  const { byName } = parsePlannedTools(plan.tools);
  const again = result.loadedEarlier.filter((name) => byName.get(names.fromWire(name))?.status === 'deferred');
  if (again.length === 0) return result;
  const { loadedEarlier, ...rest } = result;
  const still = loadedEarlier.filter((name) => !again.includes(name));
  return { ...rest, tools: [...result.tools, ...again.map((name) => ({ name }))], ...(still.length === 0 ? {} : { loadedEarlier: still }) };
}

/**
 * A response's output items as the session's turn appends them to `input`: the items as the API returned them, the
 * same whether the response came whole, was rebuilt from a stream, or came from the SDK's `finalResponse()`, which
 * adds its own parse results (`parsed_arguments` on `function_call` items, `parsed` on `output_text` parts) that the
 * API never sent: those are left out, so the next request has the same bytes. The list itself when no item has them.
 * Not part of the public API.
 */
export function resolveOpenAIResponsesOutputItems(output: readonly unknown[]): readonly unknown[] {
  return resolveMappedItems(output, (item) => {
    if (!isRecord(item)) return item;
    if (item.type === 'function_call' && 'parsed_arguments' in item) {
      const { parsed_arguments: _, ...rest } = item;
      return rest;
    }
    if (item.type !== 'message' || !Array.isArray(item.content)) return item;
    const content = resolveMappedItems(item.content, (part: unknown) => {
      if (!isRecord(part) || !('parsed' in part)) return part;
      const { parsed: _, ...rest } = part;
      return rest;
    });
    return content === item.content ? item : { ...item, content };
  });
}
