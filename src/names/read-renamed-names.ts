/**
 * The names a renaming walk passes through its `rename`, in order, left as they are: a transformer reads the names its
 * tool choice forces with the same walk that later writes them in wire names
 * (`readRenamedNames((rename) => transformToolChoice(body.tool_choice, rename))`), so the two never disagree about
 * where a name sits. Not part of the public API.
 */
export function readRenamedNames(walk: (rename: (name: string) => string) => unknown): string[] {
  const names: string[] = [];
  walk((name) => {
    names.push(name);
    return name;
  });
  return names;
}
