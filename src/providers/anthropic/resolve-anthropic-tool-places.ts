import type { ToolSearchPlan } from '../../plan/tool-search-plan.js';
import type { RequestTools } from '../../request/request-tools.js';

/**
 * What one entry of the body's tool list is, for placing a request's tools: a tool the plan manages (`tool`), the
 * package's own `tool_search` or `call_tool` in a body this package wrote (`own`), the provider's hosted search tool
 * (`hosted-search`), or anything else (a provider tool, a toolset), passed through in place (`other`).
 */
export type AnthropicBodyToolKind = 'tool' | 'own' | 'hosted-search' | 'other';

/** How the API gives the tool for each place: an entry of the decision (written), an entry of the body, the hosted search tool. */
export interface AnthropicToolPlaceWriter<Tool> {
  entry(index: number): Tool;
  body(position: number): Tool;
  hostedSearch(): Tool;
}

/** The tool list sent, and where the body's last entry went. */
export interface AnthropicToolPlaces<Tool> {
  readonly tools: Tool[];
  /**
   * The index in `tools` of what the body's last entry became, or `-1` when it is not sent (a cache breakpoint on
   * the caller's last tool means "cache every tool", wherever that tool went).
   */
  readonly last: number;
}

/**
 * Where each tool of a request goes, as the decided tools describe it: the leading entries first, the provider's
 * hosted search tool next, then the body in order with its other entries in place. Under the client-side mechanism
 * the decided entries fill the managed tools' places (the package's own among them), extra entries after the last;
 * otherwise each managed tool is written in its place (the package's own are dropped, and under hosted search the
 * body's hosted search tool is the one sent after the leading entries) and extra entries follow. The trailing entries
 * go last. `lastName` is the body's last entry's name as the decision names it (the caller's name; the package's own
 * tools under their own), when that entry is a tool. The tools come from `write`, place by place (no list of places
 * is allocated: this runs for every tool of every request). Pure. Not part of the public API.
 */
export function resolveAnthropicToolPlaces<Tool>(
  body: readonly AnthropicBodyToolKind[],
  list: Pick<RequestTools, 'entries' | 'leading' | 'trailing' | 'hostedSearch'>,
  mechanism: ToolSearchPlan['mechanism'],
  lastName: string | undefined,
  write: AnthropicToolPlaceWriter<Tool>,
): AnthropicToolPlaces<Tool> {
  const tools: Tool[] = [];
  const client = mechanism === 'client';
  const end = list.entries.length - list.trailing;
  // Under the client-side mechanism the caller's last tool may be sent elsewhere in the list, or not at all.
  const lastKind = body.at(-1);
  let lastEntry = -1;
  if (client && (lastKind === 'tool' || lastKind === 'own')) {
    for (let index = 0; index < end && lastEntry === -1; index++) if (list.entries[index]?.name === lastName) lastEntry = index;
  }
  let last = -1;
  let next = 0;
  const pushEntry = (): void => {
    if (next === lastEntry) last = tools.length;
    tools.push(write.entry(next++));
  };
  while (next < list.leading) pushEntry();
  if (list.hostedSearch) tools.push(write.hostedSearch());
  const slots = client ? body.filter((kind) => kind === 'tool' || kind === 'own').length : 0;
  let seenSlots = 0;
  body.forEach((kind, position) => {
    const isLast = position === body.length - 1;
    if (kind === 'hosted-search' && mechanism === 'claude-hosted') {
      if (isLast && list.hostedSearch) last = list.leading;
      return;
    }
    if (kind === 'hosted-search' || kind === 'other') {
      if (isLast) last = tools.length;
      tools.push(write.body(position));
      return;
    }
    if (client) {
      seenSlots += 1;
      if (next < end) pushEntry();
      if (seenSlots === slots) while (next < end) pushEntry();
      return;
    }
    if (kind === 'own') return;
    if (isLast) last = tools.length;
    pushEntry();
  });
  while (next < list.entries.length) pushEntry();
  return { tools, last };
}
