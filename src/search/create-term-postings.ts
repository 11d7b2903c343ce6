import { TOOL_SEARCH_TOOL_NAME } from '../tools/tool-search-tool-definition.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { collectParameterText } from './collect-parameter-text.js';
import { createWordTable } from './create-word-table.js';
import { findSharedParameters } from './find-shared-parameters.js';
import { isInflectedForm } from './is-inflected-form.js';
import { isSearchStopWord } from './search-stop-words.js';
import { scanSearchWords } from './split-search-words.js';
import { resolveSearchTerm } from './tokenize-search-text.js';

/** What a term found in each field of a tool weighs, before its rarity. */
export interface TermFieldWeights {
  /** A term found in the tool's name. @default 3 */
  readonly name: number;
  /** A term found in the tool's description, `title` or `category`. @default 1 */
  readonly description: number;
  /** A term found in a parameter's name, title, description or enum values. @default 0.75 */
  readonly parameters: number;
}

/** How {@link createTermPostings} weighs terms. */
export interface TermPostingsOptions {
  readonly weights: TermFieldWeights;
  /** Whether each weight is multiplied by the term's rarity, `ln(1 + N / n) / ln(1 + N)`. */
  readonly rarity: boolean;
  /**
   * The exponent `p` of the description's length factor `(L̄ / L)^p`: `L` is the number of words (stop words left
   * out) in the tool's description, `title` and `category`, `L̄` their average over the tool list. `0` turns it off.
   */
  readonly lengthNormalization: number;
  /**
   * `'content'` indexes the words that are not stop words, stemmed (the usual index), and the inflected forms among
   * them as written ({@link TermPostings.inflectedForms}); `'stop-words'` indexes only the stop words, as they are, for
   * the rare query made of stop words alone.
   */
  readonly words: 'content' | 'stop-words';
}

/**
 * Postings of terms, stored flat (compressed sparse rows): term `t`'s postings are positions `offsets[t]` to
 * `offsets[t + 1]` of `toolIds`, `weights` and `fields`, with tool ids ascending.
 */
export interface TermPostingLists {
  /** Term → term number. */
  readonly termIds: ReadonlyMap<string, number>;
  readonly offsets: Int32Array;
  readonly toolIds: Int32Array;
  /** The weight of the term's best field in that tool × the term's rarity (× the description's length factor). */
  readonly weights: Float64Array;
  /** The field the weight was counted in, per posting: {@link NAME_FIELD}, {@link DESCRIPTION_FIELD}, {@link PARAMETERS_FIELD} or {@link SERVER_FIELD}. */
  readonly fields: Uint8Array;
  /** Term number → the term's rarity (1 for every term when rarity is off). */
  readonly rarities: Float64Array;
}

/**
 * The inverted index of a tool list: for each term, the tools that have it and what it weighs in each (see
 * {@link TermPostingLists}).
 */
export interface TermPostings extends TermPostingLists {
  /** Tool names by id, in the tool list's order, without any tool named `tool_search`. */
  readonly names: readonly string[];
  /**
   * The inflected words (`isInflectedForm`: plurals, -ing and -ed forms) of the tools, each as written (`keys`, not
   * the term `key`), weighed as their term is, with their own rarity: what the tool index's `sameFormShare` reads.
   * Empty for a stop-word index.
   */
  readonly inflectedForms: TermPostingLists;
  /** Per tool: how many distinct terms its name has (its server's prefix left out). */
  readonly nameTermCounts: Int32Array;
}

/** A posting counted in the tool's name. */
export const NAME_FIELD = 0;
/** A posting counted in the tool's description, `title` or `category`. */
export const DESCRIPTION_FIELD = 1;
/** A posting counted in the tool's parameter text. */
export const PARAMETERS_FIELD = 2;
/**
 * A posting counted in the tool's `server` field (and the same namespace at the head of its name, `github__…`), when
 * the tools come from two servers or more: weighed as a name, with the term's rarity among servers.
 */
export const SERVER_FIELD = 3;
/** What separates a server from the tool's own name in a qualified MCP name (`github__create_issue`). */
const SERVER_SEPARATOR = '__';

/**
 * Reads every tool's name, description (with its `title` and `category`) and parameter text once and builds its {@link TermPostings}.
 * A term found in several fields of a tool counts once, in its heaviest field (by the field weights). With `rarity`,
 * each weight is multiplied by `ln(1 + N / n) / ln(1 + N)` (`N` tools in all, `n` of them with the term); a term
 * found in the description is also multiplied by the description's length factor `(L̄ / L)^lengthNormalization`.
 * The parameters most tools of a server declare alike (`findSharedParameters`) are left out of its tools' text.
 *
 * Built for large catalogs (10,000 tools in well under 100 ms): words are looked up in place without being
 * allocated, and postings are collected in a few flat typed arrays rather than one array per term.
 */
export function createTermPostings(tools: readonly ToolDefinition[], options: TermPostingsOptions): TermPostings {
  const { weights: fieldWeights, rarity, lengthNormalization } = options;
  const resolveTerm = options.words === 'content' ? resolveSearchTerm : resolveStopWord;
  const names: string[] = [];
  // Words of each tool's description field, stop words left out, for the length factor.
  let descriptionLengths = new Int32Array(1024);
  const termIds = new Map<string, number>();
  const formIds = new Map<string, number>();
  // Each word's number is cached, and with it the word's term number (-1 for a stop word) and inflected form number
  // (-1 for none): the same few thousand words make up most of any catalog's text, and stemming each occurrence
  // again would dominate the build.
  const numberOfWord = createWordTable();
  let termOfWord = new Int32Array(1024);
  let formOfWord = new Int32Array(1024);
  let wordCount = 0;
  // (term, tool, field) triples in the order found, for the terms and for the inflected forms.
  const terms = createPostingCollector();
  const forms = createPostingCollector();
  const isSharedParameter = options.words === 'content' ? findSharedParameters(tools) : undefined;
  const weightOfField = [fieldWeights.name, fieldWeights.description, fieldWeights.parameters, fieldWeights.name];
  // A tool's server, by tool (`undefined` for none); the server field counts only when there are two servers or more.
  const servers = tools.map(resolveToolServer);
  const serverCount = new Set(servers.filter((server) => server !== undefined).map((server) => server.toLowerCase())).size;
  // Fields are read from the heaviest to the lightest (the server before the name it is part of), so the first time a
  // tool meets a term is in its best field.
  const fieldOrder = [...(serverCount >= 2 ? [SERVER_FIELD] : []), NAME_FIELD, DESCRIPTION_FIELD, PARAMETERS_FIELD].sort(
    (a, b) => weightOfField[b]! - weightOfField[a]!,
  );
  // Per term found in a server field: the servers (lower case) that have it, for its rarity among servers.
  const serversOfTerm = new Map<number, Set<string>>();
  let toolServer = '';

  let id = -1;
  let field = NAME_FIELD;
  const addWord = (source: string, start: number, end: number): void => {
    let wordNumber = numberOfWord.lookup(source, start, end);
    if (wordNumber === undefined) {
      const word = source.slice(start, end).toLowerCase();
      const term = resolveTerm(word);
      wordNumber = wordCount;
      wordCount += 1;
      if (wordNumber === termOfWord.length) {
        termOfWord = grown(termOfWord);
        formOfWord = grown(formOfWord);
      }
      termOfWord[wordNumber] = term === null ? -1 : resolveId(termIds, term);
      formOfWord[wordNumber] = term !== null && options.words === 'content' && isInflectedForm(word) ? resolveId(formIds, word) : -1;
      numberOfWord.insert(word, wordNumber);
    }
    const termId = termOfWord[wordNumber]!;
    if (termId < 0) return;
    const formId = formOfWord[wordNumber]!;
    if (formId >= 0 && field !== SERVER_FIELD) addPosting(forms, formId, id, field);
    if (field === DESCRIPTION_FIELD) descriptionLengths[id]! += 1;
    if (field === SERVER_FIELD) serversOfTerm.set(termId, (serversOfTerm.get(termId) ?? new Set<string>()).add(toolServer));
    addPosting(terms, termId, id, field);
  };

  tools.forEach((tool, position) => {
    if (tool.name === TOOL_SEARCH_TOOL_NAME) return;
    id = names.length;
    names.push(tool.name);
    if (id === descriptionLengths.length) descriptionLengths = grown(descriptionLengths);
    for (field of fieldOrder) {
      if (field === SERVER_FIELD) {
        const server = servers[position];
        if (server === undefined) continue;
        toolServer = server.toLowerCase();
        scanSearchWords(server, addWord);
      } else if (field === NAME_FIELD) {
        const prefix = resolveNamespaceLength(tool);
        scanSearchWords(prefix > 0 ? tool.name.slice(prefix) : tool.name, addWord);
      } else if (field === DESCRIPTION_FIELD) {
        // A namespace with no `server` field to say what it is counts as description words (see resolveNamespaceLength).
        if (typeof tool.server !== 'string' || tool.server.length === 0) {
          const prefix = resolveNamespaceLength(tool);
          if (prefix > 0) scanSearchWords(tool.name.slice(0, prefix), addWord);
        }
        if (typeof tool.description === 'string') scanSearchWords(tool.description, addWord);
        if (typeof tool.title === 'string') scanSearchWords(tool.title, addWord);
        if (typeof tool.category === 'string') scanSearchWords(tool.category, addWord);
      } else {
        const skip = isSharedParameter === undefined ? undefined : (name: string, property: unknown) => isSharedParameter(tool, name, property);
        for (const text of collectParameterText(tool.inputSchema, skip)) scanSearchWords(text, addWord);
      }
    }
  });

  let totalDescriptionLength = 0;
  for (let tool = 0; tool < names.length; tool += 1) totalDescriptionLength += descriptionLengths[tool]!;
  const averageDescriptionLength = totalDescriptionLength / Math.max(names.length, 1);
  // Each tool's length factor, once per tool rather than once per term found in its description.
  const lengthFactors = new Float64Array(names.length).fill(1);
  if (lengthNormalization > 0) {
    for (let tool = 0; tool < names.length; tool += 1) {
      if (descriptionLengths[tool]! > 0) lengthFactors[tool] = (averageDescriptionLength / descriptionLengths[tool]!) ** lengthNormalization;
    }
  }
  const serverRarityScale = Math.log(1 + serverCount);
  const serverRarity = (withTerm: number): number => (rarity ? Math.log(1 + serverCount / withTerm) / serverRarityScale : 1);
  const scale = { toolCount: names.length, rarity, lengthFactors, weightOfField };
  // A server term's rarity is among servers: "github" is rare among servers, however many tools GitHub has.
  const termLists = buildPostingLists(terms, termIds, scale, (term) => serverRarity(serversOfTerm.get(term)!.size));
  const nameTermCounts = new Int32Array(names.length);
  for (let position = 0; position < termLists.fields.length; position += 1) {
    if (termLists.fields[position] === NAME_FIELD) nameTermCounts[termLists.toolIds[position]!]! += 1;
  }
  return { names, ...termLists, inflectedForms: buildPostingLists(forms, formIds, scale, () => 1), nameTermCounts };
}

/** (term, tool, field) triples in the order found, each term at most once per tool (in the first field it is met in). */
interface PostingCollector {
  count: number;
  terms: Int32Array;
  tools: Int32Array;
  fields: Uint8Array;
  /** Per term, the last tool a posting was added for (-1 for none). */
  lastToolOfTerm: Int32Array;
}

function createPostingCollector(): PostingCollector {
  const size = 16_384;
  return { count: 0, terms: new Int32Array(size), tools: new Int32Array(size), fields: new Uint8Array(size), lastToolOfTerm: new Int32Array(1024).fill(-1) };
}

/** Adds a posting unless the tool has the term already; tools come in order, so each term's tools come ascending. */
function addPosting(collected: PostingCollector, term: number, tool: number, field: number): void {
  while (term >= collected.lastToolOfTerm.length) collected.lastToolOfTerm = grownWith(collected.lastToolOfTerm, -1);
  if (collected.lastToolOfTerm[term] === tool) return;
  collected.lastToolOfTerm[term] = tool;
  if (collected.count === collected.terms.length) {
    collected.terms = grown(collected.terms);
    collected.tools = grown(collected.tools);
    collected.fields = grown(collected.fields);
  }
  collected.terms[collected.count] = term;
  collected.tools[collected.count] = tool;
  collected.fields[collected.count] = field;
  collected.count += 1;
}

/** What weighs a posting besides its term's rarity: the tool count, the length factors and the field weights. */
interface PostingScale {
  readonly toolCount: number;
  readonly rarity: boolean;
  readonly lengthFactors: Float64Array;
  readonly weightOfField: readonly number[];
}

/** Sorts collected postings by term into flat lists and weighs each: field weight × rarity (× length factor). */
function buildPostingLists(
  collected: PostingCollector,
  termIds: ReadonlyMap<string, number>,
  scale: PostingScale,
  serverRarity: (term: number) => number,
): TermPostingLists {
  const { toolCount, rarity, lengthFactors, weightOfField } = scale;
  const termCount = termIds.size;
  const pairCount = collected.count;
  const { terms: pairTerms, tools: pairTools, fields: pairFields } = collected;
  const offsets = new Int32Array(termCount + 1);
  for (let pair = 0; pair < pairCount; pair += 1) offsets[pairTerms[pair]! + 1]! += 1;
  for (let term = 0; term < termCount; term += 1) offsets[term + 1]! += offsets[term]!;
  const rarityScale = Math.log(1 + toolCount);
  const rarities = new Float64Array(termCount);
  for (let term = 0; term < termCount; term += 1) {
    rarities[term] = rarity ? Math.log(1 + toolCount / (offsets[term + 1]! - offsets[term]!)) / rarityScale : 1;
  }
  const next = offsets.slice(0, termCount);
  const toolIds = new Int32Array(pairCount);
  const weights = new Float64Array(pairCount);
  const fields = new Uint8Array(pairCount);
  for (let pair = 0; pair < pairCount; pair += 1) {
    const term = pairTerms[pair]!;
    const position = next[term]!;
    next[term] = position + 1;
    const tool = pairTools[pair]!;
    const pairField = pairFields[pair]!;
    toolIds[position] = tool;
    fields[position] = pairField;
    weights[position] = weightOfField[pairField]! * (pairField === SERVER_FIELD ? serverRarity(term) : rarities[term]!);
    if (pairField === DESCRIPTION_FIELD) weights[position]! *= lengthFactors[tool]!;
  }
  return { termIds, offsets, toolIds, weights, fields, rarities };
}

/**
 * How many leading characters of a tool's name are a namespace rather than the tool's own name: with a `server` field,
 * the part up to the last `__` when it ends with the server (`github__` of `github__create_issue`, `mcp__github__` of
 * `mcp__github__create_issue`, for `server: 'github'`), whose words are the server field's; without one, the part up
 * to the last `__` of any qualified name, whose words count as description words. Never name words: in a catalog that
 * qualifies only the names two servers share, they would lift the qualified tools above their unqualified siblings
 * whenever a request names the server.
 */
function resolveNamespaceLength(tool: ToolDefinition): number {
  const end = tool.name.lastIndexOf(SERVER_SEPARATOR);
  if (end <= 0 || end + SERVER_SEPARATOR.length >= tool.name.length) return 0;
  if (typeof tool.server !== 'string' || tool.server.length === 0) return end + SERVER_SEPARATOR.length;
  return tool.name.slice(0, end).toLowerCase().endsWith(tool.server.toLowerCase()) ? end + SERVER_SEPARATOR.length : 0;
}

/**
 * A tool's server: its `server` field, never a pattern in its name (a catalog may qualify only some names, and a
 * server read from those alone would favour them).
 */
function resolveToolServer(tool: ToolDefinition): string | undefined {
  return typeof tool.server === 'string' && tool.server.length > 0 ? tool.server : undefined;
}

/** The term of a word in the stop-word index: the stop word itself, or `null` for any other word. */
function resolveStopWord(word: string): string | null {
  return isSearchStopWord(word) ? word : null;
}

/** The number of `key` in `ids`, a new one (the next) when it has none. */
function resolveId(ids: Map<string, number>, key: string): number {
  let found = ids.get(key);
  if (found === undefined) {
    found = ids.size;
    ids.set(key, found);
  }
  return found;
}

function grownWith(array: Int32Array, fill: number): Int32Array {
  const larger = grown(array);
  larger.fill(fill, array.length);
  return larger;
}

function grown<Array extends Int32Array | Uint8Array>(array: Array): Array {
  const larger = new (array.constructor as new (length: number) => Array)(array.length * 2);
  larger.set(array);
  return larger;
}
