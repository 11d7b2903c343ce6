// The types of scripts/count-code-lines.mjs, for the test that holds issue 25's per-file limits (test/architecture.test.ts).

/** Every `.ts` file under a path (a file or a folder). */
export declare function sourceFiles(path: string): string[];

/** Code lines (lines with a token that is not a comment) of every `.ts` file under each path, summed. */
export declare function countCodeLines(...paths: string[]): number;

/** Every line of every `.ts` file under each path, comments and blank lines included. */
export declare function countAllLines(...paths: string[]): number;

/** The functions under `paths` whose body spans more than `limit` code lines, longest first. */
export declare function findLongFunctions(
  limit: number,
  ...paths: string[]
): { readonly file: string; readonly name: string; readonly line: number; readonly lines: number }[];
