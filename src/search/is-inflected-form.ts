/** The endings {@link isInflectedForm} looks for: plurals and the third person (-s), -ing and -ed. */
const INFLECTION = /(?:s|ing|ed)$/;

/**
 * Whether a lower-case word ends like an inflected form: a plural or a third-person -s (`keys`, `groups`,
 * `companies`), an -ing or an -ed form (`running`, `created`). The stemmer joins these with their other forms, and
 * the tool index counts such a word a little more in a tool that writes it the same way (`sameFormShare`): a request
 * for "the keys" leans to the tool that lists keys rather than the one that gets a key, though both have the term
 * `key`. Words that only end like one (`status`, `news`) count too: their form as written is as good a sign, and
 * measured across the bench's sets, leaving them out lowered MRR (bench/quality/README.md).
 *
 * @example
 * ```ts
 * isInflectedForm('keys'); // true
 * isInflectedForm('key'); // false
 * ```
 */
export function isInflectedForm(word: string): boolean {
  return INFLECTION.test(word);
}
