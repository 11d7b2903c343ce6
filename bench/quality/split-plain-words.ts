import { STANDARD_STOP_WORDS } from './standard-stop-words.js';

/**
 * The benchmark's own tokenizer for the baselines (token match and BM25): camelCase split, lower-cased, runs of
 * letters and digits (`[\p{L}\p{N}]+`), as the AI SDK's `toolSearch` does. No stemming. Independent of the library.
 */
export function splitPlainWords(text: string): string[] {
  const separated = text.replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2').replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2');
  return separated.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** {@link splitPlainWords} without the {@link STANDARD_STOP_WORDS}. */
export function splitContentWords(text: string): string[] {
  return splitPlainWords(text).filter((word) => !STANDARD_STOP_WORDS.has(word));
}
