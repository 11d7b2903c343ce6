import { createRecordCopy } from '../../records/create-record-copy.js';
import type { RequestToolForm } from '../../request/request-tools.js';

/** A body function tool under its wire name, with `defer_loading: true` when deferred and without it otherwise. */
export function createOpenAIResponsesFunctionTool(tool: Readonly<Record<string, unknown>>, name: string, deferred: boolean): Record<string, unknown> {
  // Most tools have no `defer_loading`: a plain spread then does, at a fraction of the cost of object rest.
  const rest = 'defer_loading' in tool ? withoutDeferLoading(tool) : tool;
  return deferred ? createRecordCopy(rest, { name, defer_loading: true }) : { ...rest, name };
}

function withoutDeferLoading(tool: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const { defer_loading: _deferLoading, ...rest } = tool;
  return rest;
}

/** A tool the plan does not manage: as the caller wrote it, or without `defer_loading` when nothing sent could load it. */
export function resolveOpenAIResponsesUnmanagedTool(
  tool: Readonly<Record<string, unknown>>,
  form: RequestToolForm['form'] | undefined,
): Readonly<Record<string, unknown>> {
  return form === 'undeferred' && tool.defer_loading !== undefined ? withoutDeferLoading(tool) : tool;
}
