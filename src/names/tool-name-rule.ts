/**
 * What a wire API accepts as a tool name. Characters outside `allowed` are replaced, names longer than `maxLength`
 * are shortened, and a name whose first character fails `first` gets a prefix.
 */
export interface ToolNameRule {
  /** A short label for messages, e.g. `OpenAI Chat Completions`. */
  readonly label: string;
  /** Matches one allowed character. */
  readonly allowed: RegExp;
  /** Matches an allowed first character; omit when any allowed character may come first. */
  readonly first?: RegExp;
  /** The longest accepted name. */
  readonly maxLength: number;
}
