import { collectParameterText } from '../../src/search/collect-parameter-text.js';
import { isArgumentText } from '../../src/search/is-argument-text.js';
import { splitSearchWords } from '../../src/search/split-search-words.js';
import type { ToolDefinition } from '../../src/tools/tool-definition.js';
import { splitContentWords } from './split-plain-words.js';

/**
 * Why a ranker missed a request's tool at rank 1, in the classes of issue 26 (checked in this order, first wins):
 *
 * - `no-shared-word`: the gold tool shares no content word with the request (only embeddings can find it);
 * - `argument-text`: the request holds a URL or a path (`isArgumentText`), whose words may read as topic words;
 * - `sibling-first`: the first result is a sibling of the gold tool: its name shares the gold name's first word (the
 *   service or resource, after the server's namespace: `kusto_table_list` for `kusto_database_list`);
 * - `several-needs`: the request is long (12 content words or more) and may hold several needs;
 * - `other`.
 */
export type MissClass = 'no-shared-word' | 'argument-text' | 'sibling-first' | 'several-needs' | 'other';

export const MISS_CLASSES: readonly MissClass[] = ['no-shared-word', 'argument-text', 'sibling-first', 'several-needs', 'other'];

/** Builds the classifier over one catalog. */
export function createMissClassifier(tools: readonly ToolDefinition[]): (request: string, gold: readonly string[], first: string | undefined) => MissClass {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const words = new Map(
    tools.map((tool) => [tool.name, new Set(splitContentWords([tool.name, tool.description ?? '', ...collectParameterText(tool.inputSchema)].join(' ')))]),
  );
  const firstNameWord = (name: string): string | undefined => {
    const tool = byName.get(name);
    const bare = tool?.server !== undefined && name.startsWith(`${tool.server}__`) ? name.slice(tool.server.length + 2) : name;
    return splitSearchWords(bare)[0];
  };
  return (request, gold, first) => {
    const requestWords = new Set(splitContentWords(request));
    if (gold.every((name) => ![...(words.get(name) ?? [])].some((word) => requestWords.has(word)))) return 'no-shared-word';
    if (request.split(/\s+/).some(isArgumentText)) return 'argument-text';
    if (first !== undefined) {
      const firstWord = firstNameWord(first);
      if (gold.some((name) => firstNameWord(name) === firstWord)) return 'sibling-first';
    }
    if (requestWords.size >= 12) return 'several-needs';
    return 'other';
  };
}
