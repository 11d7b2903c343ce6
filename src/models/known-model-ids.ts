import { splitWords } from '../text/split-words.js';
/**
 * Model ids this package knows by name, newest first within each provider (base ids: lower case, no date suffix):
 * the nearest of them is named when an id is not recognised (`claude-sonnet-4.5` → `claude-sonnet-4-5`). Taken from
 * the installed SDKs' model unions (`@anthropic-ai/sdk`'s `Model`, `openai`'s `ChatModel`) and Google's model list.
 * An id need not be here to be recognised: every spelling of a GPT, o-series, Claude or Gemini id is (see
 * `resolveUnknownModel`), so a new model works before this list names it.
 */
export const KNOWN_MODEL_IDS: readonly string[] = Object.freeze(
  /* @__PURE__ */ splitWords(
    // Anthropic
    'claude-fable-5-2 claude-mythos-5-2 claude-haiku-5-5 claude-sonnet-5-5 claude-opus-5-5 claude-fable-5-1 claude-mythos-5-1 claude-sonnet-5',
    'claude-opus-5 claude-fable-5 claude-mythos-5 claude-mythos-preview claude-opus-4-8 claude-opus-4-7 claude-opus-4-6 claude-sonnet-4-6',
    'claude-opus-4-5 claude-sonnet-4-5 claude-haiku-4-5 claude-opus-4-1 claude-opus-4 claude-sonnet-4 claude-3-7-sonnet claude-3-5-haiku',
    'claude-3-5-sonnet claude-3-opus claude-3-haiku',
    // OpenAI
    'gpt-5.6-sol gpt-5.6-terra gpt-5.6-luna gpt-5.4 gpt-5.4-mini gpt-5.4-nano gpt-5.3-chat gpt-5.2 gpt-5.2-pro gpt-5.1 gpt-5.1-codex gpt-5.1-mini',
    'gpt-5 gpt-5-mini gpt-5-nano gpt-4.1 gpt-4.1-mini gpt-4.1-nano gpt-4o gpt-4o-mini gpt-4-turbo gpt-4 gpt-3.5-turbo o4-mini o3 o3-mini o1 o1-mini',
    // Google
    'gemini-3-pro gemini-3-flash gemini-2.5-pro gemini-2.5-flash gemini-2.5-flash-lite gemini-2.0-flash gemini-2.0-flash-lite',
  ),
);
