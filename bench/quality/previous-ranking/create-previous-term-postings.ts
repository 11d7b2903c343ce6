/**
 * The tool index's term postings as they were at commit c7f850b (before issue 16), kept unchanged as the benchmark's
 * "previous ranking" baseline (`createPreviousRanker`). Not part of the library; never edit it to tune.
 */
import { TOOL_SEARCH_TOOL_NAME } from '../../../src/tools/tool-search-tool-definition.js';
import type { ToolDefinition } from '../../../src/tools/tool-definition.js';
import { collectParameterText } from '../../../src/search/collect-parameter-text.js';
import { createWordTable } from '../../../src/search/create-word-table.js';
import { isSearchStopWord } from '../../../src/search/search-stop-words.js';
import { scanSearchWords } from '../../../src/search/split-search-words.js';
import { resolveSearchTerm } from '../../../src/search/tokenize-search-text.js';

/** What a term found in each field of a tool weighs, before its rarity. */
export interface TermFieldWeights {
  readonly name: number;
  readonly description: number;
  readonly parameters: number;
}

/** How {@link createTermPostings} weighs terms. */
export interface PreviousTermPostingsOptions {
  readonly weights: TermFieldWeights;
  /** Whether each weight is multiplied by the term's rarity, `ln(1 + N / n) / ln(1 + N)`. */
  readonly rarity: boolean;
  /**
   * The exponent `p` of the description's length factor `(L̄ / L)^p`: `L` is the number of words (stop words left
   * out) in the tool's description, `title` and `category`, `L̄` their average over the tool list. `0` turns it off.
   */
  readonly lengthNormalization: number;
  /**
   * `'content'` indexes the words that are not stop words, stemmed (the usual index); `'stop-words'` indexes only the
   * stop words, as they are, for the rare query made of stop words alone.
   */
  readonly words: 'content' | 'stop-words';
}

/**
 * The inverted index of a tool list: for each term, the tools that have it and what it weighs in each. Stored flat
 * (compressed sparse rows): term `t`'s postings are positions `offsets[t]` to `offsets[t + 1]` of `toolIds` and
 * `weights`, with tool ids ascending.
 */
export interface PreviousTermPostings {
  /** Tool names by id, in the tool list's order, without any tool named `tool_search`. */
  readonly names: readonly string[];
  /** Term → term number. */
  readonly termIds: ReadonlyMap<string, number>;
  readonly offsets: Int32Array;
  readonly toolIds: Int32Array;
  /** The weight of the term's best field in that tool × the term's rarity (× the description's length factor). */
  readonly weights: Float64Array;
  /** Term number → the term's rarity (1 for every term when rarity is off). */
  readonly rarities: Float64Array;
}

const NAME_FIELD = 0;
const DESCRIPTION_FIELD = 1;
const PARAMETERS_FIELD = 2;

/**
 * Reads every tool's name, description (with its `title` and `category`) and parameter text once and builds its {@link TermPostings}.
 * A term found in several fields of a tool counts once, in its heaviest field (by the field weights). With `rarity`,
 * each weight is multiplied by `ln(1 + N / n) / ln(1 + N)` (`N` tools in all, `n` of them with the term); a term
 * found in the description is also multiplied by the description's length factor `(L̄ / L)^lengthNormalization`.
 *
 * Built for large catalogs (10,000 tools in well under 100 ms): words are looked up in place without being
 * allocated, and postings are collected in a few flat typed arrays rather than one array per term.
 */
export function createPreviousTermPostings(tools: readonly ToolDefinition[], options: PreviousTermPostingsOptions): PreviousTermPostings {
  const { weights: fieldWeights, rarity, lengthNormalization } = options;
  const resolveTerm = options.words === 'content' ? resolveSearchTerm : resolveStopWord;
  const names: string[] = [];
  // Words of each tool's description field, stop words left out, for the length factor.
  let descriptionLengths = new Int32Array(1024);
  const termIds = new Map<string, number>();
  // Each word's term number (-1 for a stop word) is cached: the same few thousand words make up most of any
  // catalog's text, and stemming each occurrence again would dominate the build.
  const termOfWord = createWordTable();
  let lastToolOfTerm = new Int32Array(1024);
  // (term, tool, field) triples in the order found; tools come in order, so each term's tools come ascending.
  let pairTerms = new Int32Array(16_384);
  let pairTools = new Int32Array(16_384);
  let pairFields = new Uint8Array(16_384);
  let pairCount = 0;
  const weightOfField = [fieldWeights.name, fieldWeights.description, fieldWeights.parameters];
  // Fields are read from the heaviest to the lightest, so the first time a tool meets a term is in its best field.
  const fieldOrder = [NAME_FIELD, DESCRIPTION_FIELD, PARAMETERS_FIELD].sort((a, b) => weightOfField[b]! - weightOfField[a]!);

  let id = -1;
  let field = NAME_FIELD;
  const addWord = (source: string, start: number, end: number): void => {
    let termId = termOfWord.lookup(source, start, end);
    if (termId === undefined) {
      const word = source.slice(start, end).toLowerCase();
      const term = resolveTerm(word);
      termId = term === null ? -1 : (termIds.get(term) ?? -1);
      if (term !== null && termId < 0) {
        termId = termIds.size;
        termIds.set(term, termId);
        if (termId === lastToolOfTerm.length) lastToolOfTerm = grown(lastToolOfTerm);
        lastToolOfTerm[termId] = -1;
      }
      termOfWord.insert(word, termId);
    }
    if (termId < 0) return;
    if (field === DESCRIPTION_FIELD) descriptionLengths[id]! += 1;
    if (lastToolOfTerm[termId] === id) return;
    lastToolOfTerm[termId] = id;
    if (pairCount === pairTerms.length) {
      pairTerms = grown(pairTerms);
      pairTools = grown(pairTools);
      pairFields = grown(pairFields);
    }
    pairTerms[pairCount] = termId;
    pairTools[pairCount] = id;
    pairFields[pairCount] = field;
    pairCount += 1;
  };

  for (const tool of tools) {
    if (tool.name === TOOL_SEARCH_TOOL_NAME) continue;
    id = names.length;
    names.push(tool.name);
    if (id === descriptionLengths.length) descriptionLengths = grown(descriptionLengths);
    for (field of fieldOrder) {
      if (field === NAME_FIELD) {
        scanSearchWords(tool.name, addWord);
      } else if (field === DESCRIPTION_FIELD) {
        if (typeof tool.description === 'string') scanSearchWords(tool.description, addWord);
        if (typeof tool.title === 'string') scanSearchWords(tool.title, addWord);
        if (typeof tool.category === 'string') scanSearchWords(tool.category, addWord);
      } else {
        for (const text of collectParameterText(tool.inputSchema)) scanSearchWords(text, addWord);
      }
    }
  }

  const termCount = termIds.size;
  const offsets = new Int32Array(termCount + 1);
  for (let pair = 0; pair < pairCount; pair += 1) offsets[pairTerms[pair]! + 1]! += 1;
  for (let term = 0; term < termCount; term += 1) offsets[term + 1]! += offsets[term]!;
  const rarityScale = Math.log(1 + names.length);
  const rarities = new Float64Array(termCount);
  for (let term = 0; term < termCount; term += 1) {
    rarities[term] = rarity ? Math.log(1 + names.length / (offsets[term + 1]! - offsets[term]!)) / rarityScale : 1;
  }
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
  const next = offsets.slice(0, termCount);
  const toolIds = new Int32Array(pairCount);
  const weights = new Float64Array(pairCount);
  for (let pair = 0; pair < pairCount; pair += 1) {
    const term = pairTerms[pair]!;
    const position = next[term]!;
    next[term] = position + 1;
    const tool = pairTools[pair]!;
    const pairField = pairFields[pair]!;
    toolIds[position] = tool;
    weights[position] = weightOfField[pairField]! * rarities[term]!;
    if (pairField === DESCRIPTION_FIELD) weights[position]! *= lengthFactors[tool]!;
  }
  return { names, termIds, offsets, toolIds, weights, rarities };
}

/** The term of a word in the stop-word index: the stop word itself, or `null` for any other word. */
function resolveStopWord(word: string): string | null {
  return isSearchStopWord(word) ? word : null;
}

function grown<Array extends Int32Array | Uint8Array>(array: Array): Array {
  const larger = new (array.constructor as new (length: number) => Array)(array.length * 2);
  larger.set(array);
  return larger;
}
