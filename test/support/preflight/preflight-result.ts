import type { ToolNameRule } from '../../../src/names/tool-name-rule.js';

/** One documented provider rule a request body breaks: the request would be rejected with an HTTP 400. */
export interface PreflightViolation<Rule extends string = string> {
  /** The rule's stable id, e.g. `deferred-without-tool-search`. */
  readonly rule: Rule;
  /** Where in the body, as a JSON path (`tools[3].name`, `input[5].namespace`). */
  readonly path: string;
  /** What is wrong, naming the tool or item, and the provider's error text where it is known. */
  readonly message: string;
}

/** The outcome of a provider's preflight check of a request body. */
export interface PreflightResult<Rule extends string = string> {
  /** `true` when no documented rule is broken. */
  readonly ok: boolean;
  /** Every broken rule, in body order. Empty when `ok`. */
  readonly violations: readonly PreflightViolation<Rule>[];
}

/** An API's own preflight rules as a table: each rule's id, with its message worded from what its check passes. */
export type PreflightRuleMessages = Readonly<Record<string, (...args: never[]) => string>>;

/**
 * Records one broken rule of an API: a rule of its {@link PreflightRuleMessages} table with what its message is worded
 * from, or a shared rule ({@link SharedPreflightRule}) with its message. It also carries the shape checks every API
 * makes, each reporting `invalid-body` worded the same on every API.
 */
export type ReportPreflightRule<Messages extends PreflightRuleMessages> = (<Rule extends (keyof Messages & string) | SharedPreflightRule>(
  rule: Rule,
  path: string,
  ...args: Rule extends keyof Messages ? Parameters<Messages[Rule]> : [message: string]
) => void) & {
  /** Whether a part of a body is an array; else "`tools` must be an array, got an object" (the field is the last name in `path`). */
  array(value: unknown, path: string): value is unknown[];
  /** Whether a part of a body is an object (not an array); else "a tool must be an object, got null", `what` naming the part. */
  record(value: unknown, path: string, what: string): value is Record<string, unknown>;
  /** The name rules of one scope of tools (its `tools`, or one namespace): `rule` is the API's tool-name rule, `messages` word the violations. */
  names(rule: ToolNameRule, messages?: PreflightToolNameMessages): PreflightToolNames;
};

/** How an API words the two tool-name rules (with its own error text, where known). */
export interface PreflightToolNameMessages {
  /**
   * `invalid-tool-name`: the tool at `place` (`tools[3]`) has a name the rule rejects (any value: a missing name too).
   * @default "tool name \"a.b\" (a string) does not match '^[A-Za-z0-9_-]{1,64}$'" (the rule's pattern)
   */
  readonly invalid?: (name: unknown, place: string) => string;
  /** `duplicate-tool-name`: the tool at `place` has the name of the tool at `first`. @default "tool `a` is also defined at `tools[0]`" */
  readonly duplicate?: (name: string, first: string, place: string) => string;
}

/**
 * The tool names of one scope of a body, as a preflight meets them in body order: the rules `invalid-tool-name` and
 * `duplicate-tool-name`, and which names the body defines. Paths default to `<place>.name`.
 */
export interface PreflightToolNames {
  /** Whether `name` is a string the name rule accepts; reports `invalid-tool-name` when it is not. */
  checkName(name: unknown, place: string, path?: string): name is string;
  /** Takes `name` for the tool at `place`; when an earlier tool took it, reports `duplicate-tool-name` and returns `false`. */
  claim(name: string, place: string, path?: string): boolean;
  /** {@link PreflightToolNames.checkName}, then {@link PreflightToolNames.claim} for any string name, valid or not. */
  check(name: unknown, place: string, path?: string): name is string;
  /** Whether `name` is the name a tool of the scope took (any value: only a string can be). */
  has(name: unknown): boolean;
}

/**
 * The rules every API's preflight checks, under the same id on every API (each API's rule list adds its own).
 *
 * - `invalid-body`: the body is not an object, or a part the API requires is not the shape it requires (each API
 *   lists which).
 * - `invalid-tool-name`: a tool name the API's name rule rejects (each API states its pattern and length).
 * - `duplicate-tool-name`: two tools of one scope share a name.
 * - `lone-surrogate`: a string or key anywhere in the body holds a UTF-16 surrogate without its other half (an emoji
 *   or CJK extension character cut in two), which JSON carries as an unpaired `\udXXX` escape [obs: Anthropic 400
 *   "no low surrogate in string"; every API parses the body as JSON].
 * - `unserializable-value`: the body holds a value JSON cannot write (an object that contains itself, a `BigInt`), so
 *   no client can send it; the rest of the body is not checked.
 */
export type SharedPreflightRule = 'invalid-body' | 'invalid-tool-name' | 'duplicate-tool-name' | 'lone-surrogate' | 'unserializable-value';
