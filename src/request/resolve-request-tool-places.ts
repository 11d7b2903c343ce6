import type { ToolSearchPlan } from '../plan/tool-search-plan.js';
import type { RequestToolList } from './resolve-request-tool-list.js';

/**
 * One entry of the body's tool list, as placing a request's tools sees it: a tool the plan manages (`tool`), the
 * package's own `tool_search` or `call_tool` in a body this package wrote (`own`), the provider's hosted search tool
 * (`hosted-search`), or anything else (a provider tool, a toolset), passed through in place (`other`). `name` is the
 * entry's name as the request decision names it (the caller's name; the package's own under their own).
 */
export interface RequestBodyToolSlot {
  readonly kind: 'tool' | 'own' | 'hosted-search' | 'other';
  readonly name?: string;
}

/** One place of the tool list sent: an entry of the decision, an entry of the body passed through, or the hosted search tool. */
export type RequestToolPlace = { readonly type: 'entry' | 'body'; readonly index: number } | { readonly type: 'hosted-search' };

/** The tool list sent, place by place, and where the body's last entry went. */
export interface RequestToolPlaces {
  readonly places: readonly RequestToolPlace[];
  /**
   * The place of what the body's last entry became, or `-1` when it is not sent (a cache breakpoint on the caller's
   * last tool means "cache every tool", wherever that tool went).
   */
  readonly last: number;
}

const HOSTED_SEARCH_PLACE: RequestToolPlace = Object.freeze({ type: 'hosted-search' });

/**
 * Where each tool of a request goes, as {@link RequestToolList} describes it: the leading entries first, the provider's
 * hosted search tool next, then the body in order with its other entries in place. Under the client-side mechanism
 * the decided entries fill the managed tools' places (the package's own among them), extra entries after the last;
 * otherwise each managed tool is written in its place (the package's own are dropped, and under hosted search the
 * body's hosted search tool is the one sent after the leading entries) and extra entries follow. The trailing entries
 * go last. Pure. Not part of the public API.
 */
export function resolveRequestToolPlaces(
  body: readonly RequestBodyToolSlot[],
  list: RequestToolList,
  mechanism: ToolSearchPlan['mechanism'],
): RequestToolPlaces {
  const places: RequestToolPlace[] = [];
  for (let index = 0; index < list.leading; index++) places.push({ type: 'entry', index });
  if (list.hostedSearch) places.push(HOSTED_SEARCH_PLACE);
  const client = mechanism === 'client';
  const end = list.entries.length - list.trailing;
  const slots = client ? body.filter(({ kind }) => kind === 'tool' || kind === 'own').length : 0;
  let next = list.leading;
  let seenSlots = 0;
  let last = -1;
  body.forEach(({ kind }, position) => {
    const isLast = position === body.length - 1;
    if (kind === 'hosted-search' && mechanism === 'claude-hosted') {
      if (isLast && list.hostedSearch) last = list.leading;
      return;
    }
    if (kind === 'hosted-search' || kind === 'other') {
      if (isLast) last = places.length;
      places.push({ type: 'body', index: position });
      return;
    }
    if (client) {
      seenSlots += 1;
      if (next < end) places.push({ type: 'entry', index: next++ });
      if (seenSlots === slots) while (next < end) places.push({ type: 'entry', index: next++ });
      return;
    }
    if (kind === 'own') return;
    if (isLast) last = places.length;
    places.push({ type: 'entry', index: next++ });
  });
  while (next < list.entries.length) places.push({ type: 'entry', index: next++ });
  const lastSlot = body.at(-1);
  // Under the client-side mechanism the caller's last tool may be sent elsewhere in the list, or not at all.
  if (client && (lastSlot?.kind === 'tool' || lastSlot?.kind === 'own')) {
    let entry = -1;
    for (let index = 0; index < end && entry === -1; index++) if (list.entries[index]?.name === lastSlot.name) entry = index;
    last = entry === -1 ? -1 : places.findIndex((place) => place.type === 'entry' && place.index === entry);
  }
  return { places, last };
}
