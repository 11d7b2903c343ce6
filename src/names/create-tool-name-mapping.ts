import { cutText } from '../text/cut-text.js';
import type { ToolNameRule } from './tool-name-rule.js';
import { parseToolNameList } from '../tools/parse-tool-name-list.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';

/** A two-way mapping between tool names and the names sent on one wire API. */
export interface ToolNameMapping {
  /** The name to send for a tool; unknown names are returned as they are. */
  toWire(name: string): string;
  /** The tool a name from the wire (a model's tool call) refers to; unknown names are returned as they are. */
  fromWire(wireName: string): string;
  /** Every name that had to change, as `[original, wire]` pairs in input order. Empty when all names were valid. */
  readonly renamed: readonly (readonly [string, string])[];
}

/** Names a mapping must treat apart from the ones it maps first. */
export interface ToolNameMappingOptions {
  /**
   * Wire names no tool may be sent under (a server tool the transformer adds, such as Anthropic's
   * `tool_search_tool_bm25`): a tool of that name is renamed as if the rule rejected it.
   * @default []
   */
  readonly reserved?: Iterable<string>;
  /**
   * Names mapped after the others, which never change another name's wire name: names an old history still uses
   * (a call of a tool no longer sent), or tools the request carries but the plan does not know. A valid one is kept;
   * an invalid one gets a name that no other name (first or second) is sent under.
   * @default []
   */
  readonly secondary?: Iterable<string>;
}

const IDENTITY_MAPPING: ToolNameMapping = Object.freeze({
  toWire: (name: string) => name,
  fromWire: (wireName: string) => wireName,
  renamed: Object.freeze([]),
});

/**
 * Maps tool names to names a wire API accepts, deterministically and without collisions, and back.
 *
 * Valid names are kept. An invalid name has each disallowed character replaced by `_` (so `ChaDri.change_drink`
 * becomes `ChaDri_change_drink`), a prefix `_` when its first character is not allowed, and is cut to the maximum
 * length. When the result is taken (by a valid name, a reserved name or another renamed one), or the name had to be
 * cut, a short hash of the original name is appended, so the result does not depend on the order of the list. The
 * mapping is a pure function of the sets of names and the rule; the `secondary` names never change the wire name of
 * a name in `names` (a current tool's wire name does not depend on what the history holds). The mapping is frozen.
 *
 * Throws a `ToolSearchError` (`invalid-options`) when `names` (or an option) is not an iterable of strings.
 *
 * @example
 * ```ts
 * import { createToolNameMapping } from 'tool-search';
 * const mapping = createToolNameMapping(['github.create_issue'], { label: 'OpenAI', allowed: /[A-Za-z0-9_-]/, maxLength: 64 });
 * mapping.toWire('github.create_issue'); // 'github_create_issue'
 * mapping.fromWire('github_create_issue'); // 'github.create_issue'
 * ```
 */
export function createToolNameMapping(names: Iterable<string>, rule: ToolNameRule, options: ToolNameMappingOptions = {}): ToolNameMapping {
  if (typeof options !== 'object' || options === null) {
    throw new ToolSearchError(
      'invalid-options',
      `createToolNameMapping: the options must be an object such as \`{ reserved, secondary }\`, got ${describeValue(options)}`,
    );
  }
  const reserved = parseToolNameList(options.reserved ?? [], '`reserved`');
  const checked = parseToolNameList(names, '`names`');
  const secondary = options.secondary === undefined ? undefined : parseToolNameList(options.secondary, '`secondary`');
  return createCheckedToolNameMapping(checked, rule, { reserved, secondary });
}

/**
 * {@link createToolNameMapping} of names the package has checked (its own lists of tool names): nothing is checked
 * again. Not part of the public API.
 */
export function createCheckedToolNameMapping(
  names: Iterable<string>,
  rule: ToolNameRule,
  options: { readonly reserved?: Iterable<string>; readonly secondary?: Iterable<string> | undefined } = {},
): ToolNameMapping {
  const reserved = new Set(options.reserved ?? []);
  const primary = new Set(names);
  const secondaryList = options.secondary;
  const check = createNameCheck(rule);
  const taken = new Set<string>(reserved);
  const invalid: string[] = [];
  for (const name of primary) {
    if (isValid(check, name) && !reserved.has(name)) taken.add(name);
    else invalid.push(name);
  }
  const later: string[] = [];
  const laterInvalid: string[] = [];
  if (secondaryList !== undefined) {
    for (const name of secondaryList) {
      if (primary.has(name)) continue;
      if (isValid(check, name) && !reserved.has(name)) later.push(name);
      else laterInvalid.push(name);
    }
  }
  if (invalid.length === 0 && laterInvalid.length === 0) return IDENTITY_MAPPING;
  const toWire = new Map<string, string>();
  const fromWire = new Map<string, string>();
  // The first names are settled before the second ones are looked at, so those cannot change them.
  renameInto(invalid, check, taken, toWire, fromWire);
  for (const name of later) taken.add(name);
  renameInto([...new Set(laterInvalid)], check, taken, toWire, fromWire);
  const renamed = [...invalid, ...new Set(laterInvalid)].map((name) => Object.freeze([name, toWire.get(name) as string] as const));
  return Object.freeze({
    toWire: (name: string) => toWire.get(name) ?? name,
    fromWire: (wireName: string) => fromWire.get(wireName) ?? wireName,
    renamed: Object.freeze(renamed),
  });
}

/** Gives each invalid name a wire name not in `taken` (and adds it there). */
function renameInto(invalid: readonly string[], check: NameCheck, taken: Set<string>, toWire: Map<string, string>, fromWire: Map<string, string>): void {
  const { rule } = check;
  // Sorting the names to rename makes the result independent of input order, even in the (hash-colliding) worst case.
  const order = [...invalid].sort();
  const sanitized = order.map((name) => sanitize(check, name));
  const counts = new Map<string, number>();
  for (const candidate of sanitized) counts.set(candidate.text, (counts.get(candidate.text) ?? 0) + 1);
  for (const [index, name] of order.entries()) {
    const candidate = sanitized[index] as { text: string; cut: boolean };
    let wire = candidate.text;
    if (candidate.cut || taken.has(wire) || (counts.get(wire) ?? 0) > 1) {
      wire = withSuffix(candidate.text, hashText(name), rule.maxLength);
      for (let attempt = 2; taken.has(wire); attempt += 1) wire = withSuffix(candidate.text, `${hashText(name)}${attempt}`, rule.maxLength);
    }
    taken.add(wire);
    toWire.set(name, wire);
    fromWire.set(wire, name);
  }
}

/**
 * Checks a `names` value a caller passes in a context (`tool_search`, the blind-call check): absent, or an object
 * with `toWire` and `fromWire` functions. Returns the mapping to use (one that keeps every name when absent); throws a
 * `ToolSearchError` (`invalid-options`) naming `owner` otherwise.
 */
export function checkNamesContext(names: unknown, owner: string): Pick<ToolNameMapping, 'toWire' | 'fromWire'> {
  if (names === undefined) return IDENTITY_MAPPING;
  const mapping = names as Partial<ToolNameMapping> | null;
  if (typeof mapping !== 'object' || mapping === null || typeof mapping.toWire !== 'function' || typeof mapping.fromWire !== 'function') {
    throw new ToolSearchError(
      'invalid-options',
      `${owner}: \`context.names\` must be a transformer's \`names\` (with \`toWire\` and \`fromWire\`), got ${describeValue(names)}`,
    );
  }
  return mapping as ToolNameMapping;
}

/** Whether a name already satisfies a rule. */
export function isValidToolName(name: string, rule: ToolNameRule): boolean {
  return isValid(createNameCheck(rule), name);
}

/**
 * A rule with its verdict for each ASCII character, for the names of one call. Running the rule's RegExp on every
 * character of every name was most of the cost of a mapping, which each transformer builds per request; tool names
 * are almost all ASCII, drawn from a few dozen characters. Nothing outlives the call. (Plain functions over this
 * state rather than closures made per call, so the engine can inline them in the per-character loop.)
 */
interface NameCheck {
  readonly rule: ToolNameRule;
  /** By character code: 0 not tested yet, 1 allowed, 2 not allowed. */
  readonly allowed: Uint8Array;
  readonly first: Uint8Array;
}

function createNameCheck(rule: ToolNameRule): NameCheck {
  return { rule, allowed: new Uint8Array(128), first: new Uint8Array(128) };
}

function isValid(check: NameCheck, name: string): boolean {
  const { rule } = check;
  if (name.length === 0 || name.length > rule.maxLength) return false;
  if (rule.first !== undefined && !isAllowed(rule.first, check.first, name[0] as string)) return false;
  // By character code, several times faster than iterating the string; a name with a character beyond ASCII is read
  // by code point instead, as `for…of` reads it.
  for (let index = 0; index < name.length; index += 1) {
    const code = name.charCodeAt(index);
    if (code >= 128) return everyCharacterAllowed(check, name);
    if (!isAllowedCode(rule.allowed, check.allowed, code)) return false;
  }
  return true;
}

function everyCharacterAllowed(check: NameCheck, name: string): boolean {
  for (const character of name) if (!isAllowed(check.rule.allowed, check.allowed, character)) return false;
  return true;
}

function sanitize(check: NameCheck, name: string): { text: string; cut: boolean } {
  const { rule } = check;
  // Copied in runs between replaced characters, not one character at a time: the map lookups below hash every
  // candidate, and a string grown one character at a time must first be flattened from a long rope.
  let text = '';
  let runStart = 0;
  let at = 0;
  while (at < name.length) {
    const code = name.charCodeAt(at);
    // By character code for ASCII (most names), by code point beyond it, as `for…of` reads the string.
    const width = code < 128 ? 1 : (name.codePointAt(at) as number) > 0xffff ? 2 : 1;
    const allowed = code < 128 ? isAllowedCode(rule.allowed, check.allowed, code) : test(rule.allowed, name.slice(at, at + width));
    if (!allowed) {
      text += `${name.slice(runStart, at)}_`;
      runStart = at + width;
    }
    at += width;
  }
  text += name.slice(runStart);
  if (text.length === 0 || (rule.first !== undefined && !isAllowed(rule.first, check.first, text[0] as string))) text = `_${text}`;
  const cut = text.length > rule.maxLength;
  return { text: cut ? cutText(text, rule.maxLength) : text, cut };
}

/** Whether `pattern` matches one character (as `for…of` reads a string), remembered for ASCII in `verdicts`. */
function isAllowed(pattern: RegExp, verdicts: Uint8Array, character: string): boolean {
  return character.length === 1 && character.charCodeAt(0) < 128 ? isAllowedCode(pattern, verdicts, character.charCodeAt(0)) : test(pattern, character);
}

function isAllowedCode(pattern: RegExp, verdicts: Uint8Array, code: number): boolean {
  if (verdicts[code] === 0) verdicts[code] = test(pattern, String.fromCharCode(code)) ? 1 : 2;
  return verdicts[code] === 1;
}

function withSuffix(text: string, suffix: string, maxLength: number): string {
  return `${cutText(text, Math.max(1, maxLength - suffix.length - 1))}_${suffix}`;
}

function test(pattern: RegExp, character: string): boolean {
  pattern.lastIndex = 0;
  return pattern.test(character);
}

/** FNV-1a (32-bit) of a string, base 36: short, stable across runtimes, no dependency (also the predicted call's id). */
export function hashText(text: string): string {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value.toString(36);
}
