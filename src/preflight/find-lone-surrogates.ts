/** Matches a surrogate without its other half: in a `u` pattern a well-formed pair is one code point, never `\p{Cs}`. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Whether a string holds a UTF-16 surrogate without its other half (a pair cut in two). */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** One string or key of a body that holds a lone surrogate: where, and the message for the preflight's violation. */
export interface LoneSurrogate {
  /** A JSON path: `tools[3].description`, `system`. */
  readonly path: string;
  readonly message: string;
}

/**
 * Every string and object key in a request body that holds a lone surrogate. `JSON.stringify` writes one as an
 * unpaired `\udXXX` escape, which the providers' JSON parsers reject (Anthropic answers 400 "no low surrogate in
 * string"), so a body with one fails whatever else it holds. Walks without recursion, so a deeply nested body cannot
 * overflow the stack. Used by every preflight (rule `lone-surrogate`). Not part of the public API.
 */
export function findLoneSurrogates(body: unknown): LoneSurrogate[] {
  const found: LoneSurrogate[] = [];
  const report = (path: string): void => {
    found.push({
      path,
      message:
        `\`${path === '' ? '(the body)' : path}\` holds a lone UTF-16 surrogate (half of an emoji or another character beyond the Basic Multilingual ` +
        'Plane, cut in two); JSON carries it as an unpaired \\udXXX escape, which the API rejects (Anthropic: "no low surrogate in string")',
    });
  };
  // Each entry: a value, its path, and whether the key that leads to it holds one (reported in body order).
  const pending: [unknown, string, boolean][] = [[body, '', false]];
  while (pending.length > 0) {
    const [value, path, loneKey] = pending.pop() as [unknown, string, boolean];
    if (loneKey) report(path);
    if (typeof value === 'string') {
      if (hasLoneSurrogate(value)) report(path);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const children: [unknown, string, boolean][] = [];
    if (Array.isArray(value)) for (const [index, item] of value.entries()) children.push([item, `${path}[${index}]`, false]);
    else for (const [key, item] of Object.entries(value)) children.push([item, path === '' ? key : `${path}.${key}`, hasLoneSurrogate(key)]);
    // Reversed onto the stack, so they come off in body order.
    for (let index = children.length - 1; index >= 0; index -= 1) pending.push(children[index] as [unknown, string, boolean]);
  }
  return found;
}
