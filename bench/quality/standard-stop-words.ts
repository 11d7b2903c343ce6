/**
 * A standard English stop-word list for the benchmark's own text handling (the keyword-style queries, the token
 * ranker and the BM25 baseline): the English list of NLTK's stop-word corpus (179 words), written here without
 * the apostrophe forms (`don't`) because every tokenizer in this folder splits at the apostrophe (`don`, `t`).
 *
 * It is deliberately independent of the library's `SEARCH_STOP_WORDS`, so that the measurement does not flatter the
 * library: keyword queries are built the same way whatever the library drops.
 */
export const STANDARD_STOP_WORDS: ReadonlySet<string> = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it
  its itself they them their theirs themselves what which who whom this that these those am is are was were be been
  being have has had having do does did doing a an the and but if or because as until while of at by for with about
  against between into through during before after above below to from up down in out on off over under again
  further then once here there when where why how all any both each few more most other some such no nor not only
  own same so than too very s t can will just don should now d ll m o re ve y ain aren couldn didn doesn hadn hasn
  haven isn ma mightn mustn needn shan shouldn wasn weren won wouldn`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);
