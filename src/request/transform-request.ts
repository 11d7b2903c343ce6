import { parseToolSearchPlan } from '../plan/parse-tool-search-plan.js';
import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { TransformRequestResult } from './request-transformer.js';
import { isSame, type RequestMemo, type ResolveRequestToolsInput } from './request-decision.js';
import { resolveRequestTools } from './resolve-request-tools.js';
import type { ToolSearchWarning } from '../plan/tool-search-plan.js';
import type { CodecReadContext, CodecTools, WireCodec } from './wire-codec.js';
import type { NeutralHistory } from './neutral-request.js';

/** What the driver takes besides the body and the plan: the options every transformer has. */
export interface TransformRequestContext<Tools, Options = undefined>
  extends CodecReadContext<Tools, Options>,
    Partial<Pick<ResolveRequestToolsInput, 'revealed' | 'catalog' | 'predict' | 'memo'>> {
  /** Handed the history as read: the session takes its unpaired results from it (`NeutralHistory.unpaired`). */
  readonly onHistory?: (history: NeutralHistory) => void;
}

/**
 * The driver of every transformer: checks the plan once, reads the body once with the API's codec, decides once
 * (`resolveRequestTools`), writes once. The public `transform*Request` functions are this with their API's codec; the session calls it with the
 * tools it has read already. Pure. Throws what the codec and the decision throw. Not part of the public API.
 */
export function transformRequest<Read, Tools extends CodecTools, Code extends string, Options>(
  codec: WireCodec<Read, Tools, Code, Options>,
  body: unknown,
  plan: ToolSearchPlan,
  context: TransformRequestContext<Tools, Options> = {},
): TransformRequestResult<unknown, Code> {
  // The plan is checked once, before the read, which reads the model it names.
  const checked = parseToolSearchPlan(plan);
  const request = codec.read(body, context, checked);
  context.onHistory?.(request.history);
  // A bare transformer's plan holds its memo itself, so its requests read the same tools only once.
  const memo = context.memo ?? memoOnPlan(plan);
  const tools = resolveRequestTools({
    plan: checked,
    request,
    api: codec,
    revealed: context.revealed ?? [],
    catalog: context.catalog,
    predict: context.predict,
    memo,
  });
  const written = codec.write(request, tools);
  // The decision's codes are among every codec's (`overLimitCode` stands for `over-tool-limit`).
  const decided = (list: readonly ToolSearchWarning<string>[]) => list as readonly ToolSearchWarning<Code>[];
  const warnings = [...decided(tools.planWarnings), ...(written.planWarnings ?? []), ...decided(tools.warnings), ...written.warnings];
  // The request as sent holds the predicted tools' schemas: they count as loaded (and, natively, as added).
  const items = written.predicted;
  const predicted = items === undefined ? undefined : tools.predicted;
  const added = predicted?.form === 'addition' ? [...new Set([...(tools.added ?? []), ...predicted.names])] : tools.added;
  return {
    body: written.body,
    warnings,
    names: tools.names,
    loaded: predicted === undefined ? tools.loaded : [...new Set([...tools.loaded, ...predicted.names])],
    ...(added === undefined ? {} : { added }),
    ...(tools.adjustedPlan === undefined ? {} : { plan: tools.adjustedPlan }),
    ...(predicted === undefined || items === undefined ? {} : { predicted: { names: predicted.names, items } }),
  };
}

/** Where a plan a bare transformer is given holds its memo (not enumerable: the caller's plan reads and copies as before). */
const REQUEST_MEMO: unique symbol = Symbol('tool-search request memo');

/**
 * The plan's own memo, made on its first request with a copy of the plan it was made for: a plan edited in place since
 * gets a new one. None for a plan that cannot take one (a frozen plan: a session's, which has its own).
 */
function memoOnPlan(plan: ToolSearchPlan): RequestMemo | undefined {
  const held = (plan as { readonly [REQUEST_MEMO]?: { readonly copy: ToolSearchPlan; readonly memo: RequestMemo } })[REQUEST_MEMO];
  if (held !== undefined && isSame(held.copy, plan, 3)) return held.memo;
  if (!Object.isExtensible(plan)) return undefined;
  const copy = { ...plan, tools: plan.tools.map((tool) => ({ ...tool })) };
  if (plan.unmanagedToolNames !== undefined) copy.unmanagedToolNames = [...plan.unmanagedToolNames];
  const memo: RequestMemo = {};
  Object.defineProperty(plan, REQUEST_MEMO, { value: { copy, memo }, configurable: true });
  return memo;
}
