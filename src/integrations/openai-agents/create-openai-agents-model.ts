import { OpenAIProvider, type Model, type ModelRequest } from '@openai/agents';

/**
 * The agent's model, sending each request without the function tools in `hidden`: the deferred tools the plan leaves
 * out of the request (OpenAI's hosted search with the library's ranking, under the `names` or `none` listing), which the
 * agent holds so the SDK dispatches their calls once a search loaded them. The `tool_search_output` the SDK writes for a
 * search carries their definitions, as the session API's does, so the first request is the tools kept loaded and the
 * search tool, not every deferred definition. Everything else of the request, the response and the retry advice is the
 * model's.
 *
 * `model` is the Model the agent calls, or a model id resolved by the Agents SDK's OpenAI provider on the Responses API
 * (the default client and API key, as `run` resolves a model id), once, on the first request.
 */
export function createOpenAIAgentsModel(model: string | Model, hidden: ReadonlySet<string>): Model {
  let resolved: Promise<Model> | undefined;
  const inner = (): Promise<Model> => {
    // The provider `@openai/agents` sets as its default, on the Responses API (the only API this model is made for).
    resolved ??=
      typeof model === 'string' ? new OpenAIProvider({ useResponses: true, cacheResponsesWebSocketModels: false }).getModel(model) : Promise.resolve(model);
    return resolved;
  };
  const visible = (request: ModelRequest): ModelRequest => ({
    ...request,
    tools: request.tools.filter((entry) => !(entry.type === 'function' && 'deferLoading' in entry && entry.deferLoading === true && hidden.has(entry.name))),
  });
  return {
    async getResponse(request) {
      return (await inner()).getResponse(visible(request));
    },
    async *getStreamedResponse(request) {
      yield* (await inner()).getStreamedResponse(visible(request));
    },
    async getRetryAdvice(args) {
      return (await inner()).getRetryAdvice?.({ ...args, request: visible(args.request) });
    },
  };
}
