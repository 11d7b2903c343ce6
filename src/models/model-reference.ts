/**
 * The wire API that will carry a request. Hosted tool search exists only on some of them: OpenAI's on
 * `openai-responses`, Anthropic's on `anthropic-messages`. `bedrock-converse` is Amazon Bedrock's Converse API (any
 * Bedrock model: Claude, Nova, Llama, Mistral, …), which carries none.
 */
export type WireAPI = 'openai-responses' | 'openai-chat' | 'anthropic-messages' | 'gemini' | 'bedrock-converse';

/** The wire APIs, for validation and docs. */
export const WIRE_APIS: readonly WireAPI[] = ['openai-responses', 'openai-chat', 'anthropic-messages', 'gemini', 'bedrock-converse'];

/** How messages name each wire API ("… which the OpenAI Responses API does not carry"). */
export const WIRE_API_NAMES: Readonly<Record<WireAPI, string>> = {
  'openai-responses': 'the OpenAI Responses API',
  'anthropic-messages': 'the Anthropic Messages API',
  'openai-chat': 'OpenAI Chat Completions',
  gemini: 'Gemini',
  'bedrock-converse': "Amazon Bedrock's Converse API",
};

/**
 * The platform that serves the model, when the caller knows it. It decides where hosted tool search is documented:
 *
 * - `anthropic`: the Claude API (and Claude Platform on AWS, which works like it): Anthropic's hosted search.
 * - `bedrock`: Amazon Bedrock through InvokeModel (the Anthropic-native body) or the Bedrock Messages API:
 *   Anthropic's hosted search, documented there ("Available through the InvokeModel API, not the Converse API").
 * - `bedrock-converse`: Amazon Bedrock's Converse or ConverseStream API: no hosted search (no `defer_loading`).
 * - `vertex`: Google Cloud Vertex AI: Anthropic's hosted search for Claude models (Gemini has none).
 * - `foundry`: Microsoft Foundry (Claude): Anthropic's hosted search.
 * - `openai`: the OpenAI API: OpenAI's hosted search.
 * - `azure-openai`: Azure OpenAI: OpenAI's hosted search ("supported on gpt-5.4 and later models").
 * - `gateway`: any other proxy or router (OpenRouter, LiteLLM, a self-hosted server): no hosted search, as whether a
 *   gateway passes it through is not documented.
 */
export type ModelPlatform = 'anthropic' | 'bedrock' | 'bedrock-converse' | 'vertex' | 'foundry' | 'openai' | 'azure-openai' | 'gateway';

/** The platforms, for validation and docs. */
export const MODEL_PLATFORMS: readonly ModelPlatform[] = ['anthropic', 'bedrock', 'bedrock-converse', 'vertex', 'foundry', 'openai', 'azure-openai', 'gateway'];

/**
 * The model a request is for: its id as the provider or gateway spells it, optionally with the wire API that will
 * carry the request and the platform that serves it. Give `api` whenever you know it: hosted search is then chosen
 * only where that API carries it (a `gpt-5.4` behind an OpenAI-compatible Chat Completions gateway gets client-side
 * search, not nothing). Give `platform` for a model served by Amazon Bedrock, Vertex AI or Microsoft Foundry: their
 * ids (`anthropic.claude-…`, `claude-…@date`) get client-side search without it, as the id alone does not say
 * whether the transport carries hosted search (Bedrock's Converse API does not).
 */
export type ModelReference = string | { readonly id: string; readonly api?: WireAPI; readonly platform?: ModelPlatform };
