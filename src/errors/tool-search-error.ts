/**
 * Every code a {@link ToolSearchError} can carry. Codes are stable: match on them, not on messages.
 *
 * - `invalid-config`: a configuration failed validation (thrown as a `ToolSearchConfigError`).
 * - `invalid-tools`: the tool list contradicts itself or cannot be used (duplicate or empty names, a
 *   non-object `inputSchema`, an unknown `deferrable` policy).
 * - `invalid-request`: a request body handed to a transformer cannot be used (not an object, `tools` not an array, …).
 * - `invalid-options`: options passed to a factory or a transformer failed validation.
 * - `plan-mismatch`: a plan was made for different tools than the request holds.
 * - `too-many-deferred-tools`: more deferred tools than the provider accepts in one request.
 * - `mechanism-unsupported`: the configuration names a mechanism that does not apply to the model or API, so nothing
 *   would be deferred (thrown by the session API unless it is told to send full schemas).
 * - `invalid-tool-output`: what a caller's tool returned cannot go into a request (JSON cannot write it: an object
 *   that contains itself, a `BigInt`, a `toJSON` that throws, more text than a string can hold).
 */
export type ToolSearchErrorCode =
  | 'invalid-config'
  | 'invalid-tools'
  | 'invalid-request'
  | 'invalid-options'
  | 'plan-mismatch'
  | 'too-many-deferred-tools'
  | 'mechanism-unsupported'
  | 'invalid-tool-output';

/** Marks errors thrown by this package, so the guard works across two loaded copies of it. */
const TOOL_SEARCH_ERROR = Symbol.for('tool-search.error');

/**
 * The base class of every error this package throws.
 *
 * @example
 * ```ts
 * import { isToolSearchError } from 'tool-search';
 * try { parseToolSearchConfig({ threshold: -1 }); }
 * catch (error) { if (isToolSearchError(error)) console.error(error.code, error.message); }
 * ```
 */
export class ToolSearchError extends Error {
  /** A stable, machine-readable reason. */
  readonly code: ToolSearchErrorCode;
  readonly [TOOL_SEARCH_ERROR] = true;

  constructor(code: ToolSearchErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ToolSearchError';
    this.code = code;
  }
}

/**
 * Whether `error` was thrown by this package. Does not rely on `instanceof`, so it also recognises errors from a
 * second copy of the package (two versions in one dependency tree).
 */
export function isToolSearchError(error: unknown): error is ToolSearchError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as Record<PropertyKey, unknown>)[TOOL_SEARCH_ERROR] === true &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}
