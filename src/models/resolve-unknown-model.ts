import { splitWords } from '../text/split-words.js';
import type { ModelSupport } from './resolve-model-support.js';

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

/**
 * Spellings of model families this package recognises without naming each model: GPT (`gpt-4o`, `gpt-5.4-mini`,
 * `gpt-6`), the o-series, every Claude spelling `resolveModelSupport` reads (family first or version first), Gemini
 * and Gemma, the open-weight families served behind Chat Completions and the other providers' Amazon Bedrock ids (none
 * of them has hosted search, so their id changes nothing).
 */
const KNOWN_FAMILIES: readonly RegExp[] = [
  /^gpt-\d+(?:\.\d+)?[a-z]?(?:-[a-z0-9.-]+)?$/,
  /^o\d+(?:-[a-z0-9-]+)?$/,
  /^(?:chatgpt|codex)-[a-z0-9.-]+$/,
  /^claude-(?:opus|sonnet|haiku|fable|mythos)(?:-\d+(?:-\d{1,2})?)?(?:-[a-z][a-z0-9-]*)?$/,
  /^claude-\d+(?:[-.]\d{1,2})?-(?:opus|sonnet|haiku|fable|mythos)(?:-[a-z0-9-]+)?$/,
  /^(?:gemini|gemma)-/,
  /^(?:llama|codellama|mistral|mixtral|codestral|ministral|magistral|devstral|qwen|qwq|deepseek|phi|command|grok|kimi|glm|granite|nemotron|olmo)(?:[-.:\d]|$)/,
  // Amazon Bedrock ids of providers without hosted search (`amazon.nova-pro-v1:0`, `us.meta.llama3-3-70b-instruct-v1:0`).
  /^(?:[a-z]{2,6}\.)?(?:amazon|meta|mistral|cohere|ai21|deepseek|qwen|openai|writer|moonshot|minimax|twelvelabs)\.[a-z0-9]/,
];

/** How far (edits) a known id may be from the given one to be named as what was probably meant. */
const MAX_DISTANCE = 2;

/**
 * Whether a model id is one this package does not recognise, and if so the known id nearest to it: `null` for a
 * recognised id (a known model or family spelling, see {@link KNOWN_MODEL_IDS}) and for gateway spellings
 * (`anthropic/claude-…`, `anthropic.claude-…`, `claude-…@date`, which `resolveModelSupport` reads), otherwise
 * `{ nearest }`, the known id within two edits of the id's base (and at most a third of its length) (`claude-sonnet-4.5` → `claude-sonnet-4-5`, `gpt5.4`
 * → `gpt-5.4`), or `null` when none is that close (a gateway alias such as `fast-model`). Pure.
 *
 * @example
 * ```ts
 * import { resolveModelSupport, resolveUnknownModel } from 'tool-search';
 * resolveUnknownModel(resolveModelSupport('gpt5.4')); // { nearest: 'gpt-5.4' }
 * ```
 */
export function resolveUnknownModel(support: Pick<ModelSupport, 'baseId' | 'gateway'>): { readonly nearest: string | null } | null {
  const id = support.baseId;
  if (support.gateway !== null || KNOWN_FAMILIES.some((family) => family.test(id))) return null;
  let nearest: string | null = null;
  let best = MAX_DISTANCE + 1;
  for (const known of KNOWN_MODEL_IDS) {
    const distance = editDistance(id, known, best);
    if (distance < best) {
      best = distance;
      nearest = known;
    }
  }
  // A short id is within two edits of too many: name a match only when most of the id agrees.
  return { nearest: best * 3 <= id.length ? nearest : null };
}

/** The Levenshtein distance of two strings, or `limit` once it is certain to reach it (most pairs stop early). */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin >= limit) return limit;
    previous = current;
  }
  return Math.min(previous[b.length] ?? limit, limit);
}
