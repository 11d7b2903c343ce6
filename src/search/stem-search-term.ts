import { splitWords } from '../text/split-words.js';

const VOWEL = /[aeiouy]/;
/**
 * Short forms tool names use for words a request spells out (`getBookInfo` for "book information"): each is stemmed
 * as its full word. Only abbreviations with one reading in tool catalogs are listed ("lang", "stat", "desc" and "loc"
 * are not: "Lang Son", "status", "descending", "lines of code"). Measured on BFCL, MetaTool, Seal-Tools and APIBench
 * (bench/quality/README.md).
 */
const ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ['info', 'information'],
  ['stats', 'statistics'],
  ['config', 'configuration'],
  ['repo', 'repository'],
  ['repos', 'repositories'],
  ['db', 'database'],
  ['doc', 'document'],
  ['docs', 'documents'],
  ['msg', 'message'],
  ['img', 'image'],
  ['calc', 'calculate'],
  ['org', 'organization'],
  ['env', 'environment'],
  ['app', 'application'],
  ['apps', 'applications'],
  ['num', 'number'],
  ['addr', 'address'],
  ['dir', 'directory'],
]);
/** Words ending in -s that are no plural of another word: "news" is not "new", "series" not "sery". */
const NOT_PLURAL: ReadonlySet<string> = /* @__PURE__ */ new Set(
  /* @__PURE__ */ splitWords('news series species physics mathematics economics politics ethics lens always perhaps'),
);
/** Double consonants undone after a suffix is removed ("stopped" → "stopp" → "stop"); l, s and z stay ("called"). */
const UNDOUBLE = /([bcdfghjkmnpqrtvwx])\1$/;

/**
 * Reduces an English word (lower-case) to a light stem, so that the forms a request and a tool description use for
 * one idea meet: plurals (`files`, `companies`), `-ing` and `-ed` forms (`creating`, `created`), and `-ation` nouns
 * (`calculation`, `translation`) all meet their verb (`create`, `calculate`, `translate`).
 *
 * Deliberately small (a handful of suffix rules, not Porter's five steps): a stem only has to be the same for the
 * forms that share a meaning; it need not be a word (`companies` and `company` both become `compani`). Words of three letters or fewer, and words that contain a
 * digit or a non-Latin letter, are returned unchanged. A few abbreviations common in tool names are stemmed as the
 * word they stand for (`info` as `information`, `config` as `configuration`, `db` as `database`).
 *
 * @example
 * ```ts
 * stemSearchTerm('files'); // 'fil'
 * stemSearchTerm('file'); // 'fil'
 * stemSearchTerm('calculation'); // 'calculat'
 * stemSearchTerm('calculate'); // 'calculat'
 * stemSearchTerm('info'); // 'informat'
 * ```
 */
export function stemSearchTerm(word: string): string {
  // Every abbreviation has at most six letters; the length check spares longer words the lookup.
  const full = (word.length <= 6 ? ABBREVIATIONS.get(word) : undefined) ?? word;
  if (full.length <= 3 || !/^[a-z]+$/.test(full)) return full;
  let stem = full;
  if (NOT_PLURAL.has(stem)) return stem;
  // Plurals and third-person -s.
  if (stem.endsWith('sses')) stem = stem.slice(0, -2);
  else if (stem.endsWith('ies') && stem.length > 4) stem = stem.slice(0, -2);
  else if (stem.endsWith('s') && !/(ss|us|is)$/.test(stem)) stem = stem.slice(0, -1);
  // Verb forms, only when a syllable remains ("need", "sing" and "bed" stay whole).
  if (stem.endsWith('ing') && hasSyllable(stem.slice(0, -3))) stem = undouble(stem.slice(0, -3));
  else if (stem.endsWith('ed') && !stem.endsWith('eed') && hasSyllable(stem.slice(0, -2))) stem = undouble(stem.slice(0, -2));
  // -ization nouns and -ize verbs meet (and -ary/-ory/-ity nouns whose y becomes i below): "summarization",
  // "summarize", "summarized" and "summary" all become "summari"; "categorize" meets "category".
  else if (/i[sz]ation$/.test(stem) && stem.length > 9) stem = stem.slice(0, -6);
  // -ation nouns meet their -ate verbs: both end in "at" once the final "e" goes.
  else if (stem.endsWith('ation') && stem.length > 7) stem = stem.slice(0, -3);
  // -ction nouns meet their verbs: "detection" → "detect", "prediction" → "predict" ("action" stays whole).
  else if (stem.endsWith('ction') && stem.length > 7) stem = stem.slice(0, -3);
  // -ful adjectives meet their noun: "insightful" → "insight", "helpful" → "help".
  else if (stem.endsWith('ful') && stem.length > 6) stem = stem.slice(0, -3);
  if (stem.endsWith('iz') && stem.length > 5) stem = stem.slice(0, -1);
  if (stem.endsWith('ize') && stem.length > 6) stem = stem.slice(0, -2);
  // A final silent "e" goes, so "create" meets "creating" ("creat") and "movie" meets "movies" ("movi"); a final
  // "y" after a consonant becomes "i", so "company" meets "companies" ("compani").
  if (stem.endsWith('e') && stem.length > 3) stem = stem.slice(0, -1);
  else if (/[^aeiou]y$/.test(stem) && stem.length > 3) stem = `${stem.slice(0, -1)}i`;
  return stem;
}

function hasSyllable(rest: string): boolean {
  return rest.length >= 3 && VOWEL.test(rest);
}

function undouble(stem: string): string {
  return UNDOUBLE.test(stem) ? stem.slice(0, -1) : stem;
}
