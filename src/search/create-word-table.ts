/** A number per word, looked up by the word's position in a source string, without allocating the word. */
export interface WordTable {
  /** The number stored for the word `source.slice(start, end).toLowerCase()`, or `undefined`. */
  lookup(source: string, start: number, end: number): number | undefined;
  /** Stores `value` for the lower-case `word` (replacing nothing: call it only after a failed lookup). */
  insert(word: string, value: number): void;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * Creates an open-addressing hash table from words to numbers, the tool index's word cache while it is built.
 * A lookup hashes the characters in place (ASCII upper case folded), so the hundreds of thousands of words of a
 * large catalog are never created as strings; only the few thousand distinct ones are. Grows as needed.
 */
export function createWordTable(): WordTable {
  let capacity = 1 << 12;
  let words: (string | undefined)[] = new Array<string | undefined>(capacity);
  let hashes = new Int32Array(capacity);
  let values = new Float64Array(capacity);
  let count = 0;

  function lookup(source: string, start: number, end: number): number | undefined {
    const hash = hashOf(source, start, end);
    const mask = capacity - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const word = words[slot];
      if (word === undefined) return undefined;
      if (hashes[slot] === hash && sameWord(word, source, start, end)) return values[slot];
    }
  }

  function insert(word: string, value: number): void {
    if ((count + 1) * 2 > capacity) grow();
    place(word, hashOf(word, 0, word.length), value);
    count += 1;
  }

  function place(word: string, hash: number, value: number): void {
    const mask = capacity - 1;
    let slot = hash & mask;
    while (words[slot] !== undefined) slot = (slot + 1) & mask;
    words[slot] = word;
    hashes[slot] = hash;
    values[slot] = value;
  }

  function grow(): void {
    const old = { words, hashes, values };
    capacity *= 2;
    words = new Array<string | undefined>(capacity);
    hashes = new Int32Array(capacity);
    values = new Float64Array(capacity);
    old.words.forEach((word, slot) => {
      if (word !== undefined) place(word, old.hashes[slot]!, old.values[slot]!);
    });
  }

  return { lookup, insert };
}

/** FNV-1a of `source.slice(start, end)` with ASCII upper case folded (a stored word is lower case already). */
function hashOf(source: string, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let position = start; position < end; position += 1) hash = Math.imul(hash ^ lowerCode(source.charCodeAt(position)), FNV_PRIME);
  return hash;
}

function sameWord(word: string, source: string, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  for (let position = 0; position < word.length; position += 1) {
    if (word.charCodeAt(position) !== lowerCode(source.charCodeAt(start + position))) return false;
  }
  return true;
}

/** ASCII upper case to lower case; everything else unchanged (the Unicode path hands over lower-cased text). */
function lowerCode(code: number): number {
  return code >= 65 && code <= 90 ? code + 32 : code;
}
