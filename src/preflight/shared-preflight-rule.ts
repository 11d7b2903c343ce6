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
