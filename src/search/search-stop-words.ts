import { splitWords } from '../text/split-words.js';
/**
 * The English words the tool index ignores, in queries and in tool text alike: articles, pronouns, auxiliaries,
 * prepositions, conjunctions and the politeness of a request ("could you please…"). They carry no hint of which
 * tool is meant, and the seed's substring rule shows what keeping them costs: "a", "in" and "the" match every tool.
 *
 * Words that can name what a tool does ("get", "find", "list", "search", "send", "set", "show", "use") are not
 * stop words; their weight falls with their rarity instead (see {@link createToolIndex}). Nor is "near", which is what
 * a place-finding tool is about ("restaurants near me"). A query made of stop words only still finds tools: it is then
 * matched on the stop words themselves (see {@link createToolIndex}).
 */
export const SEARCH_STOP_WORDS: ReadonlySet<string> = /* @__PURE__ */ new Set(
  /* @__PURE__ */ splitWords(
    // articles, determiners and quantifiers
    'a an the this that these those some any each every all both either neither such same other another own much many more most few several',
    // pronouns
    'i me my mine myself we us our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they them',
    'their theirs themselves what which who whom whose someone something anyone anything',
    // auxiliaries and modals
    'am is are was were be been being have has had having do does did doing done can could will would shall should may might must ought',
    // contractions split at the apostrophe ("don't" → "don", "t"; "I'm" → "i", "m")
    's t d ll m re ve don doesn didn isn aren wasn weren won wouldn couldn shouldn cannot',
    // prepositions
    'about above across after against along among around at before behind below beneath beside between beyond by down during except for from in',
    'inside into of off on onto out outside over per since through throughout till to toward towards under until up upon via with within without',
    // conjunctions and adverbs of discourse
    'and or nor but if then else than so because as while whether also just only very too again further once here there when where why how now not',
    'no yes even still already yet ever however thus therefore',
    // the politeness of a request
    'please kindly thanks thank hi hello hey let lets like want wants wanted need needs needed help tell know',
  ),
);

/** Whether `word` (already lower-cased) is one of the {@link SEARCH_STOP_WORDS}. */
export function isSearchStopWord(word: string): boolean {
  return SEARCH_STOP_WORDS.has(word);
}
