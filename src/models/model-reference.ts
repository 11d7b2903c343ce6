/**
 * The wire API that will carry a request. Hosted tool search exists only on some of them: OpenAI's on
 * `openai-responses`, Anthropic's on `anthropic-messages`.
 */
export type WireAPI = 'openai-responses' | 'openai-chat' | 'anthropic-messages' | 'gemini';

/** The wire APIs, for validation and docs. */
export const WIRE_APIS: readonly WireAPI[] = ['openai-responses', 'openai-chat', 'anthropic-messages', 'gemini'];

/**
 * The model a request is for: its id as the provider or gateway spells it, optionally with the wire API that will
 * carry the request. Give `api` whenever you know it: hosted search is then chosen only where that API carries it
 * (a `gpt-5.4` behind an OpenAI-compatible Chat Completions gateway gets client-side search, not nothing).
 */
export type ModelReference = string | { readonly id: string; readonly api?: WireAPI };
