import type { WireAPI } from '../../models/model-reference.js';

/** What the integration reads from an AI SDK model. */
export interface AISDKModelReference {
  /** The model id (`modelId`, or the string a gateway model is named by). */
  readonly id: string;
  /**
   * The wire API the model's provider speaks, or `null` for a provider this package does not know (a gateway, an
   * OpenAI-compatible server, Bedrock, Vertex's Anthropic models): those get the client-side mechanism, because the
   * hosted mechanisms are sent through the OpenAI and Anthropic providers' own options.
   */
  readonly api: WireAPI | null;
  /** The provider's id (`model.provider`, `gateway` for a string). */
  readonly provider: string;
  /**
   * The major of the AI SDK language model specification the provider implements (`model.specificationVersion`: 3
   * for the providers of AI SDK 6, such as `@ai-sdk/openai` 3; 4 for those of AI SDK 7), or `null` when the model does
   * not say (a model id string). Some provider options exist only in later majors (`additionalTools`).
   */
  readonly specification: number | null;
}

/** AI SDK provider ids whose wire API this package knows; Google's Gemini providers are matched by prefix. */
const PROVIDER_APIS: ReadonlyMap<string, WireAPI> = new Map([
  ['openai.responses', 'openai-responses'],
  ['openai.chat', 'openai-chat'],
  ['anthropic.messages', 'anthropic-messages'],
]);

/**
 * The model id and wire API of an AI SDK model: a model object's `provider` names its API (`openai.responses`,
 * `openai.chat`, `anthropic.messages`, `google.generative-ai`, `google.vertex.chat`); a string is a gateway model id.
 *
 * @example
 * ```ts
 * import { openai } from '@ai-sdk/openai';
 * resolveAISDKModel(openai('gpt-5.4')); // { id: 'gpt-5.4', api: 'openai-responses', provider: 'openai.responses', specification: 4 }
 * ```
 */
export function resolveAISDKModel(model: unknown): AISDKModelReference | undefined {
  if (typeof model === 'string') return model.length === 0 ? undefined : { id: model, api: null, provider: 'gateway', specification: null };
  if (typeof model !== 'object' || model === null) return undefined;
  const { modelId, provider, specificationVersion } = model as { modelId?: unknown; provider?: unknown; specificationVersion?: unknown };
  if (typeof modelId !== 'string' || modelId.length === 0 || typeof provider !== 'string') return undefined;
  const api = PROVIDER_APIS.get(provider) ?? (provider.startsWith('google.') ? 'gemini' : null);
  const specification = typeof specificationVersion === 'string' ? /^v(\d+)$/.exec(specificationVersion)?.[1] : undefined;
  return { id: modelId, api, provider, specification: specification === undefined ? null : Number(specification) };
}
