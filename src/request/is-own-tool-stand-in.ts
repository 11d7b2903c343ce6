/**
 * Whether one of the package's own tools found in a body (`tool_search`, `call_tool`: an earlier transform's output)
 * stands for the caller's tool of its name that the plan manages: the earlier pass sent the package's tool in its place
 * (the two are alike), so the body is read as holding the caller's tool, unless it still holds that tool itself. Any
 * other of the package's own tools is not the caller's: it is dropped or written again. Not part of the public API.
 */
export function isOwnToolStandIn(name: string, planned: ReadonlyMap<string, unknown>, bodyHolds: (name: string) => boolean): boolean {
  return planned.has(name) && !bodyHolds(name);
}
