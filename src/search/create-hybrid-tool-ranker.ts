import { createLruMap } from '../records/create-lru-map.js';
import { describeValue } from '../errors/describe-value.js';
import { isToolSearchError, ToolSearchError } from '../errors/tool-search-error.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { collectParameterText } from './collect-parameter-text.js';
import { EXACT_NAME_BONUS, type ToolSearchHit } from './create-tool-index.js';
import type { ToolSearchRanker, ToolSearchRankingRequest } from './tool-search-ranker.js';

/** Turns texts into embedding vectors, one per text, in order (all of one length). */
export type EmbedTexts = (texts: readonly string[]) => Promise<readonly (readonly number[])[]>;

/** What {@link createHybridToolRanker} needs. */
export interface CreateHybridToolRankerOptions {
  /** The caller's embedding model: OpenAI, Voyage, a local model. Called with tool texts in batches and with each query. */
  readonly embed: EmbedTexts;
  /**
   * How many tool embeddings are kept, by content hash, across every catalog the ranker serves; least recently used go
   * first. Keep it at or above the catalog's size, or tools past the bound are embedded again on every search.
   * @default 20000
   */
  readonly maxCachedEmbeddings?: number;
  /** How many query embeddings are kept (a model repeats a query more often than one would think). @default 256 */
  readonly maxCachedQueries?: number;
  /** At most this many tool texts per `embed` call. @default 256 */
  readonly batchSize?: number;
  /** How deep each ranking goes into the fusion: the best `depth` of the lexical and of the embedding ranking. @default 50 */
  readonly depth?: number;
  /**
   * The share of the fused score that comes from the embeddings, from 0 (the lexical ranking alone) to 1 (the
   * embeddings alone, calibrated). The default keeps a weak embedder (averaged word vectors) within 0.01 of the
   * lexical ranking on every benchmark slice while it still adds the tools a request names in other words; a strong
   * embedder (a sentence-embedding model) can take more (docs/hybrid-ranking.md).
   * @default 0.1
   */
  readonly embeddingWeight?: number;
  /**
   * The lexical first result stays first when it scores at least this many times the lexical second (a confident
   * lexical match: a rare word, or a name): the embeddings reorder what follows it. `Infinity` turns the guard off.
   * @default 1.5
   */
  readonly lexicalGuard?: number;
}

/** The default {@link CreateHybridToolRankerOptions.embeddingWeight}; measured in bench/quality/README.md. */
const DEFAULT_EMBEDDING_WEIGHT = 0.1;
/** The default {@link CreateHybridToolRankerOptions.lexicalGuard}. */
const DEFAULT_LEXICAL_GUARD = 1.5;
/**
 * How many standard deviations above the catalog's mean similarity count as a full embedding score: a tool that stands
 * out this far from the rest of the catalog scores 1, the mean and below score 0. So the embedding side's weight follows
 * how clearly the embedder tells its choice from the catalog, not its raw cosine scale (which differs per model).
 */
const CALIBRATION_DEVIATIONS = 4;

/** The longest text embedded per tool, in characters: a model card or a huge schema adds cost, not meaning. */
const MAX_TOOL_TEXT = 2_000;

/**
 * Creates a {@link ToolSearchRanker} that fuses the library's lexical ranking with the caller's embeddings by score:
 * each tool scores `(1 − embeddingWeight) × lexical + embeddingWeight × embedding`, where `lexical` is its lexical
 * score over the first result's (0 when the lexical ranking's best `depth` miss it) and `embedding` its similarity
 * calibrated against the catalog: how many standard deviations it stands above the catalog's mean similarity for this
 * query, over 4, clamped to [0, 1]. So an embedder that clearly singles a tool out counts fully, one that barely tells
 * the tools apart counts little, whatever the scale of its cosines. A guard keeps a confident lexical result: a
 * lexical first result scoring `lexicalGuard` (1.5) times the second or more stays first. The lexical side keeps
 * exact words and names; the embedding side adds the tools a request implies without naming them ("who owns this
 * website" → `whois_lookup`), and ranks alone when no tool shares a word with the request. Pass it as `rank` to
 * `createToolSearchTool`, `createToolSearch` or a session factory.
 *
 * What to expect (bench/quality/README.md, docs/hybrid-ranking.md): with a weak embedder (averaged word vectors) the
 * default weight keeps every benchmark slice within 0.01 of the lexical ranking and finds some of the tools that share
 * no word with their request; a strong embedder (a sentence-embedding model) earns a larger `embeddingWeight`.
 *
 * Each tool is embedded once, from its name, description and parameter text, and kept by a hash of that text
 * (`maxCachedEmbeddings`, default 20,000), so a 10,000-tool catalog is embedded once, in batches of `batchSize`, on the
 * first search, and a changed tool is embedded again while unchanged ones are not. Each search embeds the query (kept
 * for the last `maxCachedQueries` queries). A query that is a tool's exact name keeps the lexical answer (that tool
 * alone). Scores are the fused scores. Errors from `embed` reach the search's caller; an `embed` that returns the
 * wrong number of vectors, vectors of differing lengths, empty vectors or vectors holding anything but finite numbers
 * (NaN, an infinity, text) throws `ToolSearchError('invalid-options')`, and nothing of that answer is cached: junk is
 * refused rather than ranked (a NaN makes every similarity NaN), and once the embedder is fixed the next search works.
 *
 * @example
 * ```ts
 * import OpenAI from 'openai';
 * import { createHybridToolRanker } from 'tool-search';
 * const openai = new OpenAI();
 * const rank = createHybridToolRanker({
 *   embed: async (texts) => (await openai.embeddings.create({ model: 'text-embedding-3-small', input: [...texts] })).data.map((item) => item.embedding),
 * });
 * // createOpenAIResponsesToolSearch({ tools, rank }), createToolSearchTool({ tools, store, rank }), …
 * ```
 */
export function createHybridToolRanker(options: CreateHybridToolRankerOptions): ToolSearchRanker {
  if (typeof options !== 'object' || options === null || typeof options.embed !== 'function') {
    throw invalidOption(`\`embed\` must be a function from texts to vectors, got ${describeValue(options?.embed)}`);
  }
  const { embed, maxCachedEmbeddings = 20_000, maxCachedQueries = 256, batchSize = 256, depth = 50 } = options;
  const { embeddingWeight = DEFAULT_EMBEDDING_WEIGHT, lexicalGuard = DEFAULT_LEXICAL_GUARD } = options;
  const wholeNumber = (name: string, value: number) => [name, value, Number.isInteger(value) && value >= 1, 'a whole number ≥ 1'] as const;
  // Each option, whether it holds, and the rule its message states, in the order they are checked.
  const checks = [
    wholeNumber('maxCachedEmbeddings', maxCachedEmbeddings),
    wholeNumber('maxCachedQueries', maxCachedQueries),
    wholeNumber('batchSize', batchSize),
    wholeNumber('depth', depth),
    ['embeddingWeight', embeddingWeight, typeof embeddingWeight === 'number' && embeddingWeight >= 0 && embeddingWeight <= 1, 'a number from 0 to 1'] as const,
    ['lexicalGuard', lexicalGuard, typeof lexicalGuard === 'number' && lexicalGuard >= 1, 'a number ≥ 1'] as const,
  ];
  const broken = checks.find(([, , holds]) => !holds);
  if (broken !== undefined) throw invalidOption(`\`${broken[0]}\` must be ${broken[3]}, got ${describeValue(broken[1])}`);
  // Bounded maps that cost what they hold, not their bound (a bound of 2^32 must not allocate anything up front).
  const toolVectors = createLruMap<string, Float32Array>({ maxSize: maxCachedEmbeddings });
  const queryVectors = createLruMap<string, Promise<Float32Array>>({ maxSize: maxCachedQueries });
  // One catalog's vectors, in its order, built once per catalog array (concurrent first searches share the build).
  const catalogs = new WeakMap<readonly ToolDefinition[], Promise<readonly Float32Array[]>>();

  /**
   * Embeds texts and checks what comes back before anything is cached: one vector per text, each a non-empty list of
   * finite numbers, all of `dimension` numbers (when known) or of one length. A NaN or an infinity would make every
   * similarity NaN (so ties, so the catalog's first tools), and a vector of the wrong length kept in a cache would
   * fail every later search of it, even after the embedder is fixed.
   */
  async function embedNormalized(texts: readonly string[], dimension: number | undefined): Promise<Float32Array[]> {
    const vectors = await embed(texts);
    if (!Array.isArray(vectors) || vectors.length !== texts.length) {
      throw invalidOption(`\`embed\` must return one vector per text (${texts.length}), got ${describeValue(vectors)}`);
    }
    const normalized = vectors.map((vector) => normalize(vector));
    const expected = dimension ?? normalized[0]?.length;
    const odd = normalized.find((vector) => vector.length !== expected);
    if (odd !== undefined) {
      throw invalidOption(`\`embed\` returned vectors of ${expected} and ${odd.length} numbers; every vector must have one length`);
    }
    return normalized;
  }

  async function catalogVectors(tools: readonly ToolDefinition[]): Promise<readonly Float32Array[]> {
    const texts = tools.map(resolveToolText);
    const keys = texts.map(hashText);
    const textOf = new Map(keys.map((key, position) => [key, texts[position]!]));
    // The catalog's vectors are kept here as well as in the cache, so a cache smaller than the catalog never embeds a
    // tool twice in one build (later batches drop earlier vectors from it).
    const found = new Map<string, Float32Array>();
    for (const key of textOf.keys()) {
      const cached = toolVectors.get(key);
      if (cached !== undefined) found.set(key, cached);
    }
    // Vectors cached for another catalog, or kept from a build an embedder error cut short, may come from an earlier
    // embedder of another length. What the embedder returns now sets the catalog's length: the missing texts are
    // embedded first, then each cached vector of another length is embedded again.
    let dimension: number | undefined;
    async function embedAll(missing: readonly string[]): Promise<void> {
      for (let start = 0; start < missing.length; start += batchSize) {
        const batch = missing.slice(start, start + batchSize);
        const vectors = await embedNormalized(
          batch.map((key) => textOf.get(key)!),
          dimension,
        );
        dimension ??= vectors[0]?.length;
        batch.forEach((key, position) => {
          found.set(key, vectors[position]!);
          toolVectors.set(key, vectors[position]!);
        });
      }
    }
    try {
      await embedAll([...textOf.keys()].filter((key) => !found.has(key)));
      dimension ??= found.values().next().value?.length;
      await embedAll([...found].filter(([, vector]) => vector.length !== dimension).map(([key]) => key));
    } catch (error) {
      // Junk in a later batch may mean the earlier ones were junk too (all of a wrong length): none is kept. An error
      // of the embedder itself (a rate limit) keeps the batches that came back.
      if (isToolSearchError(error)) for (const key of keys) toolVectors.delete(key);
      throw error;
    }
    return keys.map((key) => found.get(key)!);
  }

  return async function rankHybrid(request: ToolSearchRankingRequest): Promise<readonly ToolSearchHit[]> {
    const { query, tools, visible, maxResults, index } = request;
    const lexical = index.search(query, { maxResults: Math.max(depth, maxResults), ...(visible === undefined ? {} : { visible }) });
    // A query that is a tool's name asks for that tool: the lexical answer stands.
    if ((lexical[0]?.score ?? 0) >= EXACT_NAME_BONUS) return lexical.slice(0, maxResults);
    let vectors = catalogs.get(tools);
    if (vectors === undefined) {
      vectors = catalogVectors(tools);
      catalogs.set(tools, vectors);
      vectors.catch(() => catalogs.delete(tools));
    }
    // The catalog comes first, so the query's vector is checked against the catalog's length before it is cached.
    const catalog = await vectors;
    let queryVector: Float32Array;
    try {
      queryVector = await embedQuery(query, catalog[0]?.length);
    } catch (error) {
      // Either side may be the stale one (an embedder fixed or changed since the catalog was embedded): both are
      // embedded again on the next search.
      if (isToolSearchError(error)) forgetCatalog(tools, vectors);
      throw error;
    }
    const semantic = scoreBySimilarity(queryVector, catalog, tools, visible, depth);
    // Lexical scores over the first result's (1 for it), embedding scores calibrated (see CALIBRATION_DEVIATIONS).
    const fused = new Map<string, number>();
    const lexicalTop = lexical[0]?.score ?? 0;
    for (const hit of lexical.slice(0, depth)) fused.set(hit.name, (1 - embeddingWeight) * (hit.score / lexicalTop));
    for (const { name, calibrated } of semantic) fused.set(name, (fused.get(name) ?? 0) + embeddingWeight * calibrated);
    // Map order is lexical first, then semantic: a stable sort keeps that order for equal scores.
    const ranked = [...fused].filter(([, score]) => score > 0).sort((a, b) => b[1] - a[1]);
    // The guard: a lexical first result well ahead of the second (a rare word, a name) stays first.
    const confident = lexical.length > 0 && (lexical.length === 1 || lexicalTop >= lexicalGuard * lexical[1]!.score);
    if (confident && ranked[0]?.[0] !== lexical[0]!.name) {
      const at = ranked.findIndex(([name]) => name === lexical[0]!.name);
      const [kept] = ranked.splice(at, 1);
      ranked.unshift([kept![0], Math.max(kept![1], ranked[0]?.[1] ?? 0)]);
    }
    return ranked.slice(0, maxResults).map(([name, score]) => ({ name, score: Math.round(score * 1e6) / 1e6 }));
  };

  // The promise is kept, so searches for one query at the same moment embed it once.
  function forgetCatalog(tools: readonly ToolDefinition[], vectors: Promise<readonly Float32Array[]>): void {
    if (catalogs.get(tools) === vectors) catalogs.delete(tools);
    for (const tool of tools) toolVectors.delete(hashText(resolveToolText(tool)));
  }

  // Kept by length and text: a vector is cached only once it has the catalog's length, and a failed one is dropped.
  function embedQuery(query: string, dimension: number | undefined): Promise<Float32Array> {
    const key = `${dimension ?? 0}:${query}`;
    const cached = queryVectors.get(key);
    if (cached !== undefined) return cached;
    const vector = embedNormalized([query], dimension).then((vectors) => vectors[0]!);
    queryVectors.set(key, vector);
    vector.catch(() => queryVectors.delete(key));
    return vector;
  }
}

/** The text a tool is embedded from: its name, description and parameter text, bounded. */
function resolveToolText(tool: ToolDefinition): string {
  const parameters = collectParameterText(tool.inputSchema).join(' ');
  return `${tool.name}\n${tool.description ?? ''}${parameters.length > 0 ? `\nParameters: ${parameters}` : ''}`.slice(0, MAX_TOOL_TEXT);
}

/**
 * The best `depth` visible tools by cosine similarity (vectors are unit length), best first (ties keep catalog order),
 * each with its calibrated score: how many standard deviations its similarity stands above the visible catalog's
 * mean, over {@link CALIBRATION_DEVIATIONS}, clamped to [0, 1]. An embedder that cannot tell the tools apart (every
 * similarity alike, a zero vector) scores every tool 0.
 */
function scoreBySimilarity(
  query: Float32Array,
  vectors: readonly Float32Array[],
  tools: readonly ToolDefinition[],
  visible: ReadonlySet<string> | undefined,
  depth: number,
): { name: string; calibrated: number }[] {
  const top: { name: string; similarity: number }[] = [];
  let count = 0;
  let sum = 0;
  let sumOfSquares = 0;
  vectors.forEach((vector, position) => {
    const name = tools[position]!.name;
    if (visible !== undefined && !visible.has(name)) return;
    if (vector.length !== query.length) {
      throw invalidOption(`\`embed\` returned vectors of ${query.length} and ${vector.length} numbers; every vector must have one length`);
    }
    let similarity = 0;
    for (let dimension = 0; dimension < query.length; dimension += 1) similarity += query[dimension]! * vector[dimension]!;
    count += 1;
    sum += similarity;
    sumOfSquares += similarity * similarity;
    if (top.length === depth && similarity <= top[depth - 1]!.similarity) return;
    let slot = top.length;
    while (slot > 0 && similarity > top[slot - 1]!.similarity) slot -= 1;
    top.splice(slot, 0, { name, similarity });
    if (top.length > depth) top.pop();
  });
  const mean = sum / Math.max(count, 1);
  const deviation = Math.sqrt(Math.max(sumOfSquares / Math.max(count, 1) - mean * mean, 0));
  return top.map(({ name, similarity }) => ({
    name,
    calibrated: deviation > 1e-9 ? Math.min(1, Math.max(0, (similarity - mean) / (deviation * CALIBRATION_DEVIATIONS))) : 0,
  }));
}

/**
 * The vector scaled to unit length, as 32-bit floats. Throws `ToolSearchError('invalid-options')` for anything but a
 * non-empty array (or typed array) of finite numbers. A zero vector stays zero (every similarity 0: no signal).
 */
function normalize(vector: readonly number[]): Float32Array {
  const isList = Array.isArray(vector) || (ArrayBuffer.isView(vector) && !(vector instanceof DataView));
  if (!isList) {
    throw invalidOption(`\`embed\` must return arrays of numbers, got ${describeValue(vector)}`);
  }
  const values = new Float64Array(vector.length);
  // The largest magnitude scales the sum of squares, so vectors of huge finite numbers (1e200) do not overflow it.
  let largest = 0;
  for (let dimension = 0; dimension < vector.length; dimension += 1) {
    const value: unknown = vector[dimension];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw invalidOption(`\`embed\` must return vectors of finite numbers, got ${describeValue(value)} at position ${dimension}`);
    }
    values[dimension] = value;
    largest = Math.max(largest, Math.abs(value));
  }
  if (values.length === 0) throw invalidOption('`embed` returned an empty vector');
  const result = new Float32Array(values.length);
  if (largest === 0) return result;
  let norm = 0;
  for (const value of values) norm += (value / largest) ** 2;
  norm = Math.sqrt(norm) * largest;
  for (let dimension = 0; dimension < values.length; dimension += 1) result[dimension] = values[dimension]! / norm;
  return result;
}

/** A content hash of a tool's text (two FNV-1a lanes and the length): equal texts share one embedding. */
function hashText(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let position = 0; position < text.length; position += 1) {
    const code = text.charCodeAt(position);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 13);
  }
  return `${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}.${text.length.toString(36)}`;
}

/** The error for an option, or an answer of `embed`, that cannot be used. */
function invalidOption(message: string): ToolSearchError {
  return new ToolSearchError('invalid-options', `createHybridToolRanker: ${message}`);
}
