import { describeValue } from '../errors/describe-value.js';
import { ToolSearchError } from '../errors/tool-search-error.js';
import type { ToolCatalog } from '../catalog/tool-catalog.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import { parseToolNameList } from '../tools/parse-tool-name-list.js';
import type { TransformRequestResult } from '../transform/request-transformer.js';
import { resolveRequestTools } from './resolve-request-tools.js';
import type { ToolSearchWarning } from '../plan/tool-search-plan.js';
import type { CodecReadContext, CodecTools, WireCodec } from './wire-codec.js';

/** What the driver takes besides the body and the plan: the options every transformer has. */
export interface TransformRequestContext<Tools, Options = undefined> extends CodecReadContext<Tools, Options> {
  /** The tools the session revealed, in either name form (the checked `revealed` option). */
  readonly revealed?: readonly string[];
  /** Every tool the session may have used (the `catalog` option), for a tool the body lacks. */
  readonly catalog?: ToolCatalog;
}

/**
 * The driver of every transformer: reads the body once with the API's codec, decides once (`resolveRequestTools`),
 * writes once. The public `transform*Request` functions are this with their API's codec; the session calls it with the
 * tools it has read already. Pure. Throws what the codec and the decision throw. Not part of the public API.
 */
export function transformRequest<Read, Tools extends CodecTools, Code extends string, Options>(
  codec: WireCodec<Read, Tools, Code, Options>,
  body: unknown,
  plan: ToolSearchPlan,
  context: TransformRequestContext<Tools, Options> = {},
): TransformRequestResult<unknown, Code> {
  const request = codec.read(body, context);
  const tools = resolveRequestTools({
    plan,
    request,
    api: codec,
    revealed: context.revealed ?? [],
    ...(context.catalog === undefined ? {} : { catalog: context.catalog }),
  });
  const written = codec.write(request, tools);
  // The decision's codes are among every codec's (`overLimitCode` stands for `over-tool-limit`).
  const decided = (list: readonly ToolSearchWarning<string>[]) => list as readonly ToolSearchWarning<Code>[];
  const warnings = [...decided(tools.planWarnings), ...(written.planWarnings ?? []), ...decided(tools.warnings), ...written.warnings];
  return {
    body: written.body,
    warnings,
    names: tools.names,
    loaded: tools.loaded,
    ...(tools.added === undefined ? {} : { added: tools.added }),
    ...(tools.adjustedPlan === undefined ? {} : { plan: tools.adjustedPlan }),
  };
}

/**
 * The options of a transformer that takes only the common one (`revealed`), checked: the revealed names. Throws a
 * `ToolSearchError` (`invalid-options`) naming the option, the rule and the value given.
 */
export function parseTransformRequestOptions(options: unknown): { readonly revealed: readonly string[] } {
  if (options === undefined || options === null) return { revealed: [] };
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new ToolSearchError('invalid-options', `\`options\` must be an object such as \`{ revealed }\`, got ${describeValue(options)}`);
  }
  const unknown = Object.keys(options).filter((key) => key !== 'revealed');
  if (unknown.length > 0) {
    throw new ToolSearchError(
      'invalid-options',
      `\`options\` has an unknown option ${unknown.map((key) => `\`${key}\``).join(', ')}; the only option is \`revealed\``,
    );
  }
  const { revealed } = options as { revealed?: unknown };
  return { revealed: parseRevealedOption(revealed, '`options.revealed`') };
}

/**
 * The `revealed` option as a list of tool names (none when absent). Throws a `ToolSearchError` (`invalid-options`) for
 * a value that is not an iterable (`field` names it), a string, or an entry that is not a string (with its position).
 */
export function parseRevealedOption(value: unknown, field: string): readonly string[] {
  if (value === undefined) return [];
  if (typeof value !== 'object' || value === null || typeof (value as Partial<Iterable<unknown>>)[Symbol.iterator] !== 'function') {
    throw new ToolSearchError('invalid-options', `${field} must be an iterable of tool names (an array or a Set), got ${describeValue(value)}`);
  }
  return parseToolNameList(value, field);
}
