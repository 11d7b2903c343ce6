import type { ModelPlatform, WireAPI } from '../../models/model-reference.js';
import { isRecord } from '../../records/is-record.js';

/** What the integration reads from a LangChain chat model. */
export interface LangChainModelReference {
  /** The model id (`model.model`, `claude-sonnet-4-5`). */
  readonly id: string;
  /**
   * The wire API the chat model class speaks: `openai-responses` or `openai-chat` for `ChatOpenAI` (by its
   * `useResponsesApi` and the models it sends to the Responses API on its own), `anthropic-messages` for
   * `ChatAnthropic`, `gemini` for Google's chat models, `bedrock-converse` for `ChatBedrockConverse`; `null` for any
   * other class, which gets the client-side mechanism (the hosted ones are sent through OpenAI's and Anthropic's own
   * classes).
   */
  readonly api: WireAPI | null;
  /** The platform the class names (`azure-openai` for `AzureChatOpenAI`); absent for the provider's own API. */
  readonly platform?: ModelPlatform;
  /** The chat model class (`ChatOpenAI`, `ChatAnthropic`, …), from `getName()`. */
  readonly provider: string;
}

/** LangChain chat model classes whose wire API this package knows. */
const CLASS_APIS: ReadonlyMap<string, WireAPI> = new Map([
  ['ChatAnthropic', 'anthropic-messages'],
  ['ChatGoogleGenerativeAI', 'gemini'],
  ['ChatVertexAI', 'gemini'],
  ['ChatGoogle', 'gemini'],
  ['ChatBedrockConverse', 'bedrock-converse'],
]);

/**
 * The model id and wire API of the model a LangChain agent calls (`ModelRequest.model`): a chat model instance, a
 * model bound with `withConfig` (its `bound` model is read), or the configurable model `createAgent` makes of a model
 * string (`'openai:gpt-5.4'`, read through its instance). `undefined` for anything without a model id.
 *
 * @example
 * ```ts
 * import { ChatOpenAI } from '@langchain/openai';
 * await resolveLangChainModel(new ChatOpenAI({ model: 'gpt-5.4', useResponsesApi: true }));
 * // { id: 'gpt-5.4', api: 'openai-responses', provider: 'ChatOpenAI' }
 * ```
 */
export async function resolveLangChainModel(model: unknown): Promise<LangChainModelReference | undefined> {
  let current = model;
  // A configurable model (a model string) and a bound model wrap the chat model that is called; a few levels at most.
  for (let depth = 0; depth < 4 && isRecord(current); depth += 1) {
    if (typeof current._getModelInstance === 'function') current = await (current._getModelInstance as () => Promise<unknown>)();
    else if (isRecord(current.bound) && typeof current.model !== 'string') current = current.bound;
    else break;
  }
  if (!isRecord(current)) return undefined;
  const id = typeof current.model === 'string' ? current.model : current.modelName;
  if (typeof id !== 'string' || id.length === 0) return undefined;
  const provider = typeof current.getName === 'function' ? String((current.getName as () => unknown).call(current)) : 'unknown';
  if (provider === 'ChatOpenAI' || provider === 'AzureChatOpenAI') {
    // The class picks the API per call: the Responses API when asked to, or for the models that only take it.
    const responses =
      current.useResponsesApi === true ||
      (typeof current._useResponsesApi === 'function' && (current._useResponsesApi as (options: object) => unknown).call(current, {}) === true);
    return {
      id,
      api: responses ? 'openai-responses' : 'openai-chat',
      ...(provider === 'AzureChatOpenAI' ? { platform: 'azure-openai' as const } : {}),
      provider,
    };
  }
  return { id, api: CLASS_APIS.get(provider) ?? null, provider };
}
