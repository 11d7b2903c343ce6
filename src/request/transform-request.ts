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
  // The plan is checked once, before the read, which reads the model it names. A bare transformer's plan holds its
  // check and its memo itself, so its requests check the same plan and read the same tools only once.
  const { checked, memo } = context.memo === undefined ? checkOnPlan(plan) : { checked: parseToolSearchPlan(plan), memo: context.memo };
  const request = codec.read(body, context, checked);
  context.onHistory?.(request.history);
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

/** Where a plan a bare transformer is given holds its check and memo (not enumerable: the caller's plan reads and copies as before). */
const REQUEST_MEMO: unique symbol = Symbol('tool-search request memo');

/** A bare transformer's plan as checked, with the memo its requests share. */
interface PlanCheck {
  readonly checked: ToolSearchPlan;
  readonly memo?: RequestMemo;
}

/**
 * The plan checked, with its own memo: both made on its first request with a copy of the plan they were made for, so a
 * plan edited in place since is checked again and gets a new memo. No memo for a plan that cannot take one (a frozen
 * plan: a session's, which has its own).
 */
function checkOnPlan(plan: ToolSearchPlan): PlanCheck {
  // Optional: a value that is no plan (null) is told so by the check.
  const held = (plan as { readonly [REQUEST_MEMO]?: PlanCheck & { readonly copy: ToolSearchPlan } } | null)?.[REQUEST_MEMO];
  if (held !== undefined && isSame(held.copy, plan, 3)) return held;
  const checked = parseToolSearchPlan(plan);
  if (!Object.isExtensible(plan)) return { checked };
  const copy = { ...plan, tools: plan.tools.map((tool) => ({ ...tool })) };
  if (plan.unmanagedToolNames !== undefined) copy.unmanagedToolNames = [...plan.unmanagedToolNames];
  const kept = { copy, checked, memo: {} };
  Object.defineProperty(plan, REQUEST_MEMO, { value: kept, configurable: true });
  return kept;
}
