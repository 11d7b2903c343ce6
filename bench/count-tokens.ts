import { countTokens as countO200kTokens } from 'gpt-tokenizer/encoding/o200k_base';

const counted = new Map<string, number>();

/**
 * Tokens in a text under OpenAI's `o200k_base` encoding (GPT-4o, GPT-5), counted with `gpt-tokenizer`. A proxy for
 * every provider: Claude and Gemini use their own tokenizers (not public as libraries), and providers render tool
 * definitions into the prompt in their own format, so absolute counts differ; relative savings carry over closely.
 * Results are cached per text (the same tool list is counted by several tables). A text longer than `upTo`
 * characters is not counted (`NaN`), which quick runs use to skip the grown catalog.
 */
export function countTokens(text: string, upTo = Number.POSITIVE_INFINITY): number {
  if (text.length > upTo) return Number.NaN;
  let tokens = counted.get(text);
  if (tokens === undefined) {
    tokens = countO200kTokens(text);
    counted.set(text, tokens);
  }
  return tokens;
}

/** Frees the cache (between parts, so a large catalog's texts do not stay in memory). */
export function clearTokenCache(): void {
  counted.clear();
}
