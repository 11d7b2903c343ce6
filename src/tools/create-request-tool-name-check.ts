import { ToolSearchError } from '../errors/tool-search-error.js';

/**
 * The unique-name rule of a body-tool reader: the returned check remembers where each tool name was first read
 * (`at`: an index, a path) and throws a `ToolSearchError` (`invalid-request`) when a name comes again, worded by the
 * API (`describe` gets the name, where it came first and where again). A reader calls it for the caller's tools only,
 * after setting the package's own tools apart (a transformed body holds them once). Not part of the public API.
 *
 * @example
 * ```ts
 * const checkName = createRequestToolNameCheck<number>((name, first, at) => `tool \`${name}\` is defined twice (\`tools[${first}]\` and \`tools[${at}]\`)`);
 * tools.forEach((tool, index) => checkName(parseTool(tool).name, index));
 * ```
 */
export function createRequestToolNameCheck<At>(describe: (name: string, first: At, at: At) => string): (name: string, at: At) => void {
  const seen = new Map<string, At>();
  return (name, at) => {
    const first = seen.get(name);
    if (first !== undefined) throw new ToolSearchError('invalid-request', describe(name, first, at));
    seen.set(name, at);
  };
}
