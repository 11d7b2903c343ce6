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

/** Records one broken rule with its message: how a shared check hands a violation to its result, in body order. */
export type ReportPreflightViolation<Rule extends string = string> = (rule: Rule, path: string, message: string) => void;

/** An API's own preflight rules as a table: each rule's id, with its message worded from what its check passes. */
export type PreflightRuleMessages = Readonly<Record<string, (...args: never[]) => string>>;

/**
 * Records one broken rule of an API: a rule of its {@link PreflightRuleMessages} table with what its message is worded
 * from, or a shared rule ({@link SharedPreflightRule}) with its message.
 */
export type ReportPreflightRule<Messages extends PreflightRuleMessages> = <Rule extends (keyof Messages & string) | SharedPreflightRule>(
  rule: Rule,
  path: string,
  ...args: Rule extends keyof Messages ? Parameters<Messages[Rule]> : [message: string]
) => void;

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
