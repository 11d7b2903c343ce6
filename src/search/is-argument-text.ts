const URL_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const DRIVE = /^[a-z]:[\\/]/i;
/** Quotes and brackets a request puts around a value it quotes: `"/home/me/music"`, `<https://…>`. */
const OPENING = /^["'`(<[]+/;

/**
 * Whether one whitespace-free piece of a request is an argument value rather than words about the task: a URL
 * (`https://…`, `www.…`), an absolute or relative path (`/home/me/Music`, `~/notes`, `./src`, `C:\data`), or any
 * piece with two path separators or more (`music/2024/live`). Its words name the value, not the tool: a folder path
 * with "music" in it does not ask for an audio tool. A file name (`output.wav`) is not argument text: its extension
 * says what kind of file the task is about.
 *
 * Reads each character at most twice, so a hostile query costs linear time.
 *
 * @example
 * ```ts
 * isArgumentText('/home/me/Music'); // true
 * isArgumentText('output.wav'); // false
 * ```
 */
export function isArgumentText(piece: string): boolean {
  const bare = piece.replace(OPENING, '');
  if (URL_SCHEME.test(bare) || bare.startsWith('www.') || DRIVE.test(bare)) return true;
  if (bare.startsWith('/') || bare.startsWith('~/') || bare.startsWith('./') || bare.startsWith('../')) return bare.length > 1;
  let separators = 0;
  for (const character of bare) if (character === '/' || character === '\\') separators += 1;
  return separators >= 2;
}
