import type { ToolPredictor } from './create-tool-predictor.js';
import { createToolCatalog } from '../catalog/create-tool-catalog.js';
import type { ToolCatalog } from '../catalog/tool-catalog.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import { describeValue } from '../errors/describe-value.js';
import { parseToolNameList } from '../tools/parse-tool-name-list.js';
import { findUnknownKeys } from '../records/find-unknown-keys.js';
import { isRecord } from '../records/is-record.js';
import type { ToolDefinitionsInput } from '../tools/tool-definition.js';
import { quoteNames } from '../text/quote-names.js';

/** One option of a transformer: its name and the rule its value keeps (`undefined`, the default, always passes). */
export interface TransformOption {
  readonly name: string;
  /** The rule, as a message states it after the option's name: `must be 'bm25' or 'regex'`. */
  readonly rule: string;
  readonly isValid: (value: unknown) => boolean;
}

/** What {@link findTransformOptionProblems} finds wrong: an option that breaks its rule, or the unknown options. */
export type TransformOptionProblem =
  | { readonly kind: 'rule'; readonly option: TransformOption; readonly value: unknown }
  | { readonly kind: 'unknown'; readonly names: readonly string[] };

/**
 * The `revealed` option every transformer takes; a transformer with options of its own lists it with them and reads
 * the value with {@link parseRevealedOption}.
 */
export const REVEALED_OPTION: Readonly<TransformOption> = {
  name: 'revealed',
  rule: 'must be an iterable of tool names (an array or a Set)',
  isValid: (value) => typeof value === 'object' && value !== null && typeof (value as Partial<Iterable<unknown>>)[Symbol.iterator] === 'function',
};

/**
 * The `revealed` option as a list of tool names. Throws a `ToolSearchError` (`invalid-options`) for a string, a value
 * that is not iterable, or an entry that is not a string (with its position); `field` is how the option is named in
 * that message.
 */
export function parseRevealedOption(value: unknown, field = '`options.revealed`'): string[] {
  return value === undefined ? [] : parseToolNameList(value, field);
}

/**
 * The `catalog` option of a transformer that may send tools the body lacks (an array of tool definitions, an MCP
 * `tools/list` result or a `createToolCatalog` catalog); read the value with {@link parseCatalogOption}.
 */
export const CATALOG_OPTION: Readonly<TransformOption> = {
  name: 'catalog',
  rule: 'must be an array of tool definitions or an MCP `tools/list` result (`{ tools }`)',
  isValid: (value) => Array.isArray(value) || (isRecord(value) && 'tools' in value),
};

/**
 * The `predict` option every transformer takes (`TransformRequestOptions.predict`): `'off'`, or the prediction step
 * made with `createToolPredictor` (which brings the ranking, so a transformer that never predicts carries none).
 */
export const PREDICT_OPTION: Readonly<TransformOption> = {
  name: 'predict',
  rule: "must be 'off' or a predictor from `createToolPredictor` (such as `createToolPredictor('auto')`)",
  isValid: (value) => value === 'off' || (isRecord(value) && typeof value.index === 'function' && isRecord(value.settings)),
};

/** The `predict` option as the prediction step, or `undefined` when it is off (absent or `'off'`). */
export function parsePredictOption(value: unknown): ToolPredictor | undefined {
  return value === undefined || value === 'off' ? undefined : (value as ToolPredictor);
}

/**
 * What is wrong with a transformer's options object, in order: each option of `known` whose value breaks its rule,
 * then the options that are none of `known`. Plain checks rather than a schema library: every transformer runs them,
 * so what they cost is paid in every bundle and cold start.
 */
export function findTransformOptionProblems(options: object, known: readonly TransformOption[]): TransformOptionProblem[] {
  const fields = options as Record<string, unknown>;
  const problems: TransformOptionProblem[] = [];
  for (const option of known) {
    const value = fields[option.name];
    if (value !== undefined && !option.isValid(value)) problems.push({ kind: 'rule', option, value });
  }
  const unknown = findUnknownKeys(
    options,
    known.map((option) => option.name),
  );
  if (unknown.length > 0) problems.push({ kind: 'unknown', names: unknown });
  return problems;
}

/**
 * The `catalog` option as a catalog: a session's catalog is read as it is, a plain list is checked on each call (none
 * is the empty catalog). Throws a `ToolSearchError` (`invalid-options`) with the list's problem.
 */
export function parseCatalogOption(value: ToolDefinitionsInput | undefined): ToolCatalog {
  try {
    return createToolCatalog(value ?? []);
  } catch (error) {
    throw new ToolSearchError('invalid-options', `\`catalog\`: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/**
 * Validates the options of a transformer that takes only the common options (`TransformRequestOptions`) and returns the revealed
 * names and the prediction settings (absent: off). Throws a `ToolSearchError` (`invalid-options`) naming the option, the rule and the value given.
 */
export function parseTransformRequestOptions(options: unknown): { readonly revealed: string[]; readonly predict?: ToolPredictor } {
  const given = options ?? {};
  if (!isRecord(given)) throw new ToolSearchError('invalid-options', `\`options\` must be an object such as \`{ revealed }\`, got ${describeValue(options)}`);
  const [problem] = findTransformOptionProblems(given, [REVEALED_OPTION, PREDICT_OPTION]);
  if (problem?.kind === 'unknown') {
    throw new ToolSearchError(
      'invalid-options',
      `\`options\` has an unknown option ${quoteNames(problem.names)}; the options are \`revealed\` and \`predict\``,
    );
  }
  if (problem !== undefined) {
    throw new ToolSearchError('invalid-options', `\`options.${problem.option.name}\` ${problem.option.rule}, got ${describeValue(problem.value)}`);
  }
  const predict = parsePredictOption(given.predict);
  return { revealed: parseRevealedOption(given.revealed), ...(predict === undefined ? {} : { predict }) };
}
