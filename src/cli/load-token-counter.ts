/** Counts the tokens of a text, exactly or as an estimate, and says which. */
export interface TokenCounter {
  /** How tokens are counted, for the report's header. */
  readonly label: string;
  /** `true` for a real tokenizer, `false` for the bytes / 4 estimate. */
  readonly exact: boolean;
  count(text: string): number;
}

/**
 * The best token counter installed: OpenAI's `o200k_base` encoding (GPT-4o, GPT-5) through `gpt-tokenizer` when the
 * app has it (an optional peer dependency, loaded on demand, so the package itself adds no dependency for it), else
 * an estimate of one token per 4 UTF-8 bytes, labelled as such. Either is a proxy for Claude and Gemini, whose
 * tokenizers are not public; relative savings carry over closely.
 */
export async function loadTokenCounter(): Promise<TokenCounter> {
  try {
    // A variable specifier, so bundlers leave the optional dependency to the runtime.
    const specifier = 'gpt-tokenizer/encoding/o200k_base';
    const tokenizer = (await import(specifier)) as { countTokens?: (text: string) => number };
    const countTokens = tokenizer.countTokens;
    if (typeof countTokens === 'function') return { label: 'o200k_base tokens (gpt-tokenizer)', exact: true, count: (text) => countTokens(text) };
  } catch {
    // Not installed: fall through to the estimate.
  }
  const encoder = new TextEncoder();
  return {
    label: 'estimated tokens: UTF-8 bytes / 4 (install gpt-tokenizer for exact o200k_base counts)',
    exact: false,
    count: (text) => Math.ceil(encoder.encode(text).length / 4),
  };
}
