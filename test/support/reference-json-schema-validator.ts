/**
 * The reference the call check is compared with: Ajv 8 (code-generating, the most used JSON Schema validator in
 * JavaScript) with the formats of the JSON Schema specification from ajv-formats, in the draft a corpus case names.
 * Unknown keywords and formats are ignored (`strict: false`), as the specification says. Ajv runs with its defaults
 * otherwise; where it and the call check disagree on purpose, `explainDisagreement` says why (docs/call-check.md).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats, { type FormatName } from 'ajv-formats';
import type { ReferenceDraft } from './schema-corpus.js';

/** The formats the JSON Schema specification (2020-12, §7.3) defines that ajv-formats implements. */
const SPECIFICATION_FORMATS: FormatName[] = [
  'date',
  'time',
  'date-time',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'uri-template',
  'uuid',
  'regex',
  'json-pointer',
  'relative-json-pointer',
];

function createAjv(draft: ReferenceDraft) {
  const options = { strict: false, logger: false as const, allErrors: true, verbose: true, code: { optimize: false } };
  const ajv = draft === 'draft-07' ? new Ajv(options) : draft === '2019-09' ? new Ajv2019(options) : new Ajv2020(options);
  addFormats(ajv, SPECIFICATION_FORMATS);
  return ajv;
}

const instances = new Map<ReferenceDraft, ReturnType<typeof createAjv>>();
const compiled = new WeakMap<object, ValidateFunction>();

/** The reference's verdict on one value: whether it fits, and Ajv's errors when not. */
export interface ReferenceVerdict {
  readonly valid: boolean;
  readonly errors: readonly ErrorObject[];
}

/** Validates `value` against `schema` under `draft` with the reference; each schema object is compiled once. */
export function validateByReference(schema: object, draft: ReferenceDraft, value: unknown): ReferenceVerdict {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    let ajv = instances.get(draft);
    if (ajv === undefined) {
      ajv = createAjv(draft);
      instances.set(draft, ajv);
    }
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  const valid = validate(value) === true;
  return { valid, errors: valid ? [] : [...(validate.errors ?? [])] };
}

/** Why the call check and the reference may disagree, as docs/call-check.md lists it. */
export type DocumentedDisagreement = 'multipleOf-decimal';

/**
 * The documented reason the call check (`accepted`) and the reference disagree on a value, or `undefined` when the
 * disagreement is not documented (a bug on one side).
 *
 * - `multipleOf-decimal`: Ajv divides in binary floating point, so `0.07` is no multiple of `0.01` for it
 *   (`0.07 / 0.01` is `7.000000000000001`); the call check's validator computes in decimal and accepts it.
 */
export function explainDisagreement(accepted: boolean, reference: ReferenceVerdict): DocumentedDisagreement | undefined {
  if (accepted && !reference.valid && reference.errors.every((error) => error.keyword === 'multipleOf' && isDecimalMultiple(error)))
    return 'multipleOf-decimal';
  return undefined;
}

/** Whether the value an Ajv `multipleOf` error is about is an exact multiple in decimal arithmetic. */
function isDecimalMultiple(error: ErrorObject): boolean {
  const divisor = (error.params as { multipleOf?: unknown }).multipleOf;
  const value = (error as ErrorObject & { data?: unknown }).data;
  if (typeof divisor !== 'number' || typeof value !== 'number') return false;
  const scale = 10 ** Math.max(decimals(divisor), decimals(value));
  return Math.round(value * scale) % Math.round(divisor * scale) === 0;
}

function decimals(value: number): number {
  const text = String(value);
  return text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
}
