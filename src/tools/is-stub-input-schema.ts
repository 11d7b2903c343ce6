import { formatStableJSON } from '../records/format-stable-json.js';
import { STUB_INPUT_SCHEMA } from './tool-search-tool-definition.js';

// Marked pure so that an app's bundler drops it with the function (the build puts every module in one file).
const STUB_SIGNATURE = /* @__PURE__ */ formatStableJSON(STUB_INPUT_SCHEMA);

/**
 * Whether a schema serializes like the client-side stub ({@link STUB_INPUT_SCHEMA}): a deferred tool of a body this
 * package wrote, whose real schema the catalog holds. The cheap look at `type` and `additionalProperties` comes
 * first: serializing every tool's full schema to tell that it is not a stub was half the cost of a transform. Only a
 * schema that could be the stub (or that serializes itself, through `toJSON`) is serialized. Not part of the public API.
 */
export function isStubInputSchema(schema: Readonly<Record<string, unknown>>): boolean {
  const { type, additionalProperties } = schema;
  const couldBeStub =
    typeof schema.toJSON === 'function' ||
    ((type === STUB_INPUT_SCHEMA.type || isObject(type)) && (additionalProperties === true || isObject(additionalProperties)));
  return couldBeStub && formatStableJSON(schema) === STUB_SIGNATURE;
}

/** A value `stringify` may serialize as something else (through its own `toJSON`). */
function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}
