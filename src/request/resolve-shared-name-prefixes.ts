/** Separators of MCP-style qualified names: `github__create_issue`, `github.create_issue`, `github/…`, `github:…`. */
const PREFIX_SEPARATOR = /__|[./:]/;

/**
 * The name prefix of every tool that shares one with at least one other tool: `github__create_issue`,
 * `github.create_issue`, `github/create_issue`, `github:create_issue` → `github`; Claude Code's
 * `mcp__github__create_issue` → `github`. A prefix of one tool would hide its name behind a group for nothing.
 * Pure: the same names give the same map. Not part of the public API.
 */
export function resolveSharedNamePrefixes(names: Iterable<string>): Map<string, string> {
  const prefixOf = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const name of names) {
    const rest = name.startsWith('mcp__') ? name.slice('mcp__'.length) : name;
    const match = PREFIX_SEPARATOR.exec(rest);
    if (match === null || match.index === 0 || match.index + match[0].length >= rest.length) continue;
    const prefix = rest.slice(0, match.index);
    prefixOf.set(name, prefix);
    counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
  }
  return new Map([...prefixOf].filter(([, prefix]) => (counts.get(prefix) ?? 0) >= 2));
}
